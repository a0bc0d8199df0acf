import type { ToolCallTelemetryRecord } from '@acode/domain';
import { gatewayTelemetryStore, SqliteTelemetryStore } from '@acode/infrastructure/telemetry';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useInProcessCli } from './support/in-process-cli.js';

// `acode providers stats gateway` over a real SQLite file whose rows the real telemetry store
// wrote through the gateway's view of it (as the host does), in-process with the real composition.

const cli = useInProcessCli('acode-cli-gateway-stats-');
const { run } = cli;
const project = (): string => cli.project();

function row(overrides: Partial<ToolCallTelemetryRecord>): ToolCallTelemetryRecord {
  return {
    timestamp: new Date().toISOString(),
    correlationId: 'corr',
    provider: 'vllm',
    model: 'qwen3:8b',
    tool: 'get_weather',
    callId: 'call_1',
    parseResult: 'success',
    repairs: [],
    retryCount: 0,
    errorCodes: [],
    parseMs: 0.3,
    repairMs: 0,
    retryMs: 0,
    tokens: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
    ...overrides,
  };
}

/** Five gateway calls (two upstreams, two models) and one CLI call to the same server, in the project's database. */
function recordCalls(dir: string): void {
  const store = SqliteTelemetryStore.open(join(dir, '.agent', 'acode.db'));
  try {
    const vllm = gatewayTelemetryStore(store, 'vllm');
    const local = gatewayTelemetryStore(store, 'http://127.0.0.1:11434');
    vllm.record(row({ callId: 'a' }));
    vllm.record(row({ callId: 'b', parseResult: 'repaired', repairs: ['trailing_comma'], repairMs: 0.5 }));
    vllm.record(row({ callId: 'c', parseResult: 'retried', retryCount: 1, retryMs: 900, errorCodes: ['ACODE-TLP-003'] }));
    vllm.record(row({ callId: 'd', parseResult: 'failed', retryCount: 2, retryMs: 1800, errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-003'] }));
    local.record(row({ callId: 'e', model: 'llama3.2', parseResult: 'repaired', repairs: ['single_quotes', 'trailing_comma'], repairMs: 0.4 }));
    // The CLI's own call to the vllm provider: not the gateway's.
    store.record(row({ callId: 'cli', parseResult: 'failed' }));
  } finally {
    store.close();
  }
}

describe('acode providers stats gateway', () => {
  it('shows the gateway calls by outcome, their upstreams and models, retries and repairs, without --tool-calls', async () => {
    const dir = project();
    recordCalls(dir);
    const result = await run(['providers', 'stats', 'gateway'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(text).toMatch(/Provider: +gateway\n/);
    expect(text).toMatch(/Total Tool Calls: +5\n/);
    expect(text).toMatch(/Parsed Successfully: +1 \(20\.0%\)/);
    expect(text).toMatch(/Auto-Repaired: +2 \(40\.0%\)/);
    expect(text).toMatch(/Retried Successfully: +1 \(20\.0%\)/);
    expect(text).toMatch(/Failed: +1 \(20\.0%\)/);
    // c's one retry and d's two.
    expect(text).toMatch(/Retry Requests: +3\n/);
    expect(text).toMatch(/Upstreams and Models:\n +4 {2}qwen3:8b via vllm\n +1 {2}llama3\.2 via http:\/\/127\.0\.0\.1:11434\n/);
    expect(text).toMatch(/Trailing comma: +2\n/);
    expect(text).toMatch(/Single quotes: +1\n/);

    const withFlag = await run(['providers', 'stats', 'gateway', '--tool-calls'], dir);
    expect(withFlag.stdout).toBe(text);
  });

  it('gives the same figures as JSON', async () => {
    const dir = project();
    recordCalls(dir);
    const result = await run(['providers', 'stats', 'gateway', '--json'], dir);
    expect(result.code).toBe(0);
    const stats = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(stats).toMatchObject({ provider: 'gateway', total: 5, success: 1, repaired: 2, retried: 1, failed: 1, retries: 3, repairBreakdown: { trailing_comma: 2, single_quotes: 1 } });
    expect(stats['models']).toEqual([
      { upstream: 'vllm', model: 'qwen3:8b', calls: 4 },
      { upstream: 'http://127.0.0.1:11434', model: 'llama3.2', calls: 1 },
    ]);
    // The upstream's own provider keeps only the CLI's call.
    const direct = JSON.parse((await run(['providers', 'stats', 'vllm', '--tool-calls', '--json'], dir)).stdout) as Record<string, unknown>;
    expect(direct).toMatchObject({ total: 1, failed: 1, models: [{ model: 'qwen3:8b', calls: 1 }] });
  });

  it('says there is nothing when the gateway recorded nothing, and creates no database', async () => {
    const dir = project();
    const result = await run(['providers', 'stats', 'gateway'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No tool calls recorded in this window.');
    expect(result.stdout).toContain('No telemetry database at');
    expect(existsSync(join(dir, '.agent', 'acode.db'))).toBe(false);
  });

  it('still needs --tool-calls for any other provider', async () => {
    const result = await run(['providers', 'stats', 'vllm'], project());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--tool-calls');
  });
});
