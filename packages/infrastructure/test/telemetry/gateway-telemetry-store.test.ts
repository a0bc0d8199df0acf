import { describe, expect, it } from 'vitest';
import { GATEWAY_TELEMETRY_PROVIDER, gatewayTelemetryStore } from '../../src/telemetry/index.js';
import { makeRecord, openStore } from './telemetry-fixture.js';

describe('gatewayTelemetryStore', () => {
  it('files rows under the gateway with their upstream, keeping the model and outcome', () => {
    const store = openStore(':memory:');
    const gateway = gatewayTelemetryStore(store, 'vllm');
    gateway.record(makeRecord({ provider: 'vllm', model: 'qwen3:8b', parseResult: 'repaired', repairs: ['trailing_comma'] }));
    const [row] = store.query();
    expect(row).toMatchObject({ provider: GATEWAY_TELEMETRY_PROVIDER, upstream: 'vllm', model: 'qwen3:8b', parseResult: 'repaired', repairs: ['trailing_comma'] });
    // The CLI's calls to the same server stay apart.
    expect(store.stats({ provider: 'vllm' }).total).toBe(0);
    expect(gateway.stats({ provider: GATEWAY_TELEMETRY_PROVIDER }).total).toBe(1);
  });

  it('keeps argument values only as the row carries them (log_argument_values), scrubbed, and never an error message', () => {
    const store = openStore(':memory:');
    gatewayTelemetryStore(store, 'http://127.0.0.1:11434').record(
      makeRecord({
        parseResult: 'failed',
        errorCodes: ['ACODE-TLP-003'],
        originalArguments: '{"token": "hunter2", "city": "Paris"',
        finalArguments: '{"token":"hunter2","city":"Paris"}',
        errorMessage: 'Value "hunter2" is not allowed',
      }),
    );
    gatewayTelemetryStore(store, 'http://127.0.0.1:11434').record(makeRecord({ callId: 'no-values', parseResult: 'success' }));
    const rows = store.query();
    const withValues = rows.find((row) => row.callId !== 'no-values');
    expect(JSON.stringify(rows)).not.toContain('hunter2');
    // The secret-named value is scrubbed; the others stay for the live view's detail.
    expect(withValues?.originalArguments).toContain('Paris');
    expect(JSON.parse(withValues?.finalArguments ?? '{}')).toEqual({ token: '[REDACTED]', city: 'Paris' });
    // The error is still described, by what its code means.
    expect(withValues?.errorMessage).toMatch(/\S/);
    expect(withValues?.errorMessage).not.toContain('Value');
    const without = rows.find((row) => row.callId === 'no-values');
    expect(without).not.toHaveProperty('originalArguments');
    expect(without).not.toHaveProperty('finalArguments');
  });

  it('redacts a secret-named value in full when the arguments are long', () => {
    const store = openStore(':memory:');
    const content = 'lorem ipsum '.repeat(200);
    const args = JSON.stringify({ password: 'correct horse battery staple', content });
    expect(args.length).toBeGreaterThan(2_000);
    gatewayTelemetryStore(store, 'vllm').record(makeRecord({ originalArguments: args, finalArguments: args }));
    const [row] = store.query();
    for (const text of [row?.originalArguments, row?.finalArguments]) {
      expect(text).not.toMatch(/correct|horse|battery|staple/);
      expect(JSON.parse(text ?? '{}')).toMatchObject({ password: '[REDACTED]' });
    }
  });
});
