import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, makeTempDir, openStore } from './telemetry-fixture.js';

function storeWithRows() {
  const store = openStore(join(makeTempDir(), 'acode.db'));
  const at = '2025-01-15T12:00:00.000Z';
  // Six ollama calls in the window; the expected figures below are worked out by hand from these.
  store.record(makeRecord({ callId: 's1', timestamp: at, parseResult: 'success', parseMs: 0.2 }));
  store.record(makeRecord({ callId: 's2', timestamp: at, parseResult: 'success', parseMs: 0.4 }));
  store.record(makeRecord({ callId: 'p1', timestamp: at, parseResult: 'repaired', repairs: ['trailing_comma'], parseMs: 1.0, repairMs: 2.0 }));
  store.record(
    makeRecord({ callId: 'p2', timestamp: at, parseResult: 'repaired', repairs: ['trailing_comma', 'single_quotes'], parseMs: 0.6, repairMs: 4.0 }),
  );
  store.record(
    makeRecord({ callId: 'r1', timestamp: at, parseResult: 'retried', retryCount: 1, retryMs: 1500, parseMs: 0.8, errorCodes: ['ACODE-TLP-003'] }),
  );
  store.record(
    makeRecord({
      callId: 'f1',
      timestamp: at,
      parseResult: 'failed',
      repairs: ['missing_closing_brace'],
      repairMs: 3.0,
      retryCount: 2,
      retryMs: 3000,
      parseMs: 1.0,
      errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-003', 'ACODE-TLP-006'],
    }),
  );
  // Outside the filters: another provider, and an older ollama call.
  store.record(makeRecord({ callId: 'x1', timestamp: at, provider: 'openai-compatible', parseResult: 'failed', repairs: ['comments'], parseMs: 100 }));
  store.record(makeRecord({ callId: 'old', timestamp: '2025-01-10T00:00:00.000Z', parseResult: 'retried', retryCount: 5, retryMs: 90_000, parseMs: 50 }));
  return store;
}

describe('SqliteTelemetryStore.stats', () => {
  it('counts, breaks down repairs and averages over the right subsets', () => {
    const stats = storeWithRows().stats({ provider: 'ollama', since: '2025-01-15T00:00:00Z' });
    expect(stats).toEqual({
      total: 6,
      success: 2,
      repaired: 2,
      retried: 1,
      failed: 1,
      // Calls each repair was applied to: p1, p2 | p2 | f1.
      repairBreakdown: { trailing_comma: 2, single_quotes: 1, missing_closing_brace: 1 },
      // (0.2 + 0.4 + 1.0 + 0.6 + 0.8 + 1.0) / 6 over every call.
      averageParseMs: expect.closeTo(4.0 / 6, 9),
      // (2 + 4 + 3) / 3 over the calls with a repair applied (p1, p2, f1).
      averageRepairMs: expect.closeTo(3, 9),
      // (1500 + 3000) / 2 over the calls retried at least once (r1, f1).
      averageRetryMs: expect.closeTo(2250, 9),
      // r1's one retry and f1's two.
      retries: 3,
      // makeRecord's model for all six; no upstream on rows the gateway did not write.
      models: [{ model: 'llama3.2', calls: 6 }],
    });
  });

  it('covers every provider and time without a filter, and ignores the limit', () => {
    const store = storeWithRows();
    const stats = store.stats({ limit: 1 });
    expect([stats.total, stats.success, stats.repaired, stats.retried, stats.failed]).toEqual([8, 2, 2, 2, 2]);
    expect(stats.repairBreakdown).toEqual({ trailing_comma: 2, single_quotes: 1, missing_closing_brace: 1, comments: 1 });
    // (1500 + 3000 + 90000) / 3
    expect(stats.averageRetryMs).toBeCloseTo(31_500, 9);
  });

  it('lists the repair breakdown from most to least applied', () => {
    const stats = storeWithRows().stats({ provider: 'ollama' });
    expect(Object.keys(stats.repairBreakdown)[0]).toBe('trailing_comma');
  });

  it('counts a repair once per call even when a call lists it twice', () => {
    const store = openStore(':memory:');
    store.record(makeRecord({ parseResult: 'repaired', repairs: ['single_quotes', 'single_quotes'], repairMs: 1 }));
    expect(store.stats().repairBreakdown).toEqual({ single_quotes: 1 });
  });

  it('is all zeros over no rows', () => {
    const store = openStore(':memory:');
    store.record(makeRecord({ provider: 'ollama' }));
    expect(store.stats({ provider: 'vllm' })).toEqual({
      total: 0,
      success: 0,
      repaired: 0,
      retried: 0,
      failed: 0,
      repairBreakdown: {},
      averageParseMs: 0,
      averageRepairMs: 0,
      averageRetryMs: 0,
      retries: 0,
      models: [],
    });
  });

  it('breaks calls down by upstream and model, most calls first', () => {
    const store = openStore(':memory:');
    const gateway = (callId: string, upstream: string, model: string, retryCount = 0) =>
      makeRecord({ callId, provider: 'gateway', upstream, model, retryCount, parseResult: retryCount > 0 ? 'retried' : 'success' });
    store.record(gateway('a', 'vllm', 'qwen3:8b'));
    store.record(gateway('b', 'vllm', 'qwen3:8b', 2));
    store.record(gateway('c', 'http://127.0.0.1:11434', 'qwen3:8b'));
    store.record(gateway('d', 'vllm', 'llama3.2'));
    store.record(gateway('e', 'vllm', 'qwen3:8b'));
    store.record(makeRecord({ callId: 'cli', provider: 'vllm', model: 'qwen3:8b' }));
    const stats = store.stats({ provider: 'gateway' });
    expect(stats.total).toBe(5);
    expect(stats.retries).toBe(2);
    expect(stats.models[0]).toEqual({ upstream: 'vllm', model: 'qwen3:8b', calls: 3 });
    expect(stats.models.slice(1)).toEqual(
      expect.arrayContaining([
        { upstream: 'http://127.0.0.1:11434', model: 'qwen3:8b', calls: 1 },
        { upstream: 'vllm', model: 'llama3.2', calls: 1 },
      ]),
    );
    expect(stats.models).toHaveLength(3);
  });
});
