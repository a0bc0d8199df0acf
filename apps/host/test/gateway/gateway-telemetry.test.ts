import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteTelemetryStore } from '@acode/infrastructure/telemetry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

// Issue 15 item 8: a telemetry row per call of the gateway, filed under provider `gateway` with
// the upstream that answered and the model, in the project's `.agent/acode.db`.

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function post(f: GatewayFixture, path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${f.host.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response;
}

function database(f: GatewayFixture): string {
  return join(f.host.dir, '.agent', 'acode.db');
}

/** The rows are written off the request path, in batches: waits until `count` of them are in the file. */
async function rowsWritten(f: GatewayFixture, count: number): Promise<void> {
  await vi.waitFor(
    () => {
      const store = SqliteTelemetryStore.open(database(f), { readonly: true });
      try {
        expect(store.query()).toHaveLength(count);
      } finally {
        store.close();
      }
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('gateway telemetry', () => {
  it('records one row per call with its outcome, the upstream and the model, and no argument values', async () => {
    fixture = await startGateway([
      // Repaired: broken JSON arguments.
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' },
      // Retried: invalid, then valid.
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
      // Failed: invalid on every attempt (max_retries 2).
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo-secret-1', extra: true } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo-secret-2', extra: true } },
    ]);
    const repaired = await post(fixture, '/v1/chat/completions', { model: 'qwen3:8b', messages: MESSAGES, tools: TOOLS });
    const retried = await post(fixture, '/api/chat', { model: 'llama3.2', messages: MESSAGES, tools: TOOLS, stream: false });
    const failed = await post(fixture, '/v1/chat/completions', { model: 'qwen3:8b', messages: MESSAGES, tools: TOOLS });
    expect([repaired.headers.get('x-acode-outcome'), retried.headers.get('x-acode-outcome'), failed.headers.get('x-acode-outcome')]).toEqual(['repaired', 'retried', 'failed']);
    await rowsWritten(fixture, 3);

    const store = SqliteTelemetryStore.open(database(fixture), { readonly: true });
    try {
      const byCorrelation = (response: Response) => store.findByCorrelationId(response.headers.get('x-acode-correlation-id') ?? '');
      expect(byCorrelation(repaired)).toEqual([expect.objectContaining({ provider: 'gateway', upstream: 'scripted', model: 'qwen3:8b', tool: 'get_weather', parseResult: 'repaired' })]);
      expect(byCorrelation(retried)).toEqual([expect.objectContaining({ provider: 'gateway', upstream: 'scripted', model: 'llama3.2', parseResult: 'retried', retryCount: 1 })]);
      expect(byCorrelation(failed)).toEqual([expect.objectContaining({ provider: 'gateway', upstream: 'scripted', parseResult: 'failed' })]);

      const rows = store.query();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).not.toHaveProperty('originalArguments');
        expect(row).not.toHaveProperty('finalArguments');
      }
      expect(JSON.stringify(rows)).not.toMatch(/Paris|Rome|Oslo-secret/);

      const stats = store.stats({ provider: 'gateway' });
      expect(stats).toMatchObject({ total: 3, repaired: 1, retried: 1, failed: 1 });
      expect(stats.models).toEqual(
        expect.arrayContaining([
          { upstream: 'scripted', model: 'qwen3:8b', calls: 2 },
          { upstream: 'scripted', model: 'llama3.2', calls: 1 },
        ]),
      );
      // None of them is filed under the upstream's own provider name, which the CLI's calls use.
      expect(store.stats({ provider: 'scripted' }).total).toBe(0);
    } finally {
      store.close();
    }
  });

  it('names an upstream given by base_url by its URL', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } }], { apiKey: 'sk-test-upstream-key' });
    const answer = await post(fixture, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS });
    expect(answer.status).toBe(200);
    await rowsWritten(fixture, 1);
    const store = SqliteTelemetryStore.open(database(fixture), { readonly: true });
    try {
      const [row] = store.query();
      expect(row).toMatchObject({ provider: 'gateway', upstream: `${fixture.model.url}/v1`, parseResult: 'success' });
      expect(JSON.stringify(row)).not.toContain('sk-test-upstream-key');
    } finally {
      store.close();
    }
  });

  it('creates no database for requests without tool calls', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Hello' }]);
    const answer = await post(fixture, '/v1/chat/completions', { model: 'm', messages: MESSAGES });
    expect(answer.status).toBe(200);
    const models = await fetch(`${fixture.host.baseUrl}/v1/models`);
    await models.arrayBuffer();
    expect(existsSync(database(fixture))).toBe(false);
  });
});
