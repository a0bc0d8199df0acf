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

  it('never stores argument values, even when the row carries them', () => {
    const store = openStore(':memory:');
    gatewayTelemetryStore(store, 'http://127.0.0.1:11434').record(
      makeRecord({
        parseResult: 'failed',
        errorCodes: ['ACODE-TLP-003'],
        originalArguments: '{"token": "hunter2"',
        finalArguments: '{"token":"hunter2"}',
        errorMessage: 'Value "hunter2" is not allowed',
      }),
    );
    const [row] = store.query();
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain('hunter2');
    expect(row).not.toHaveProperty('originalArguments');
    expect(row).not.toHaveProperty('finalArguments');
    // The error is still described, by what its code means.
    expect(row?.errorMessage).toMatch(/\S/);
  });
});
