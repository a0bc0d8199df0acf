import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { batchedTelemetryStore } from '../../src/telemetry/batched-telemetry-store.js';
import { SqliteTelemetryStore } from '../../src/telemetry/index.js';
import { makeRecord, makeTempDir, openStore } from './telemetry-fixture.js';

/** What another process reading the file sees. */
function rowsInFile(file: string): number {
  const reader = SqliteTelemetryStore.open(file, { readonly: true });
  try {
    return reader.query().length;
  } finally {
    reader.close();
  }
}

function setUp(options: Parameters<typeof batchedTelemetryStore>[1] = {}) {
  const file = join(makeTempDir(), 'acode.db');
  const store = openStore(file);
  return { file, store, batched: batchedTelemetryStore(store, options) };
}

describe('batchedTelemetryStore over a real SQLite file', () => {
  it('writes queued rows after flushMs, in one go, not when they are recorded', async () => {
    const { file, batched } = setUp({ flushMs: 30 });
    batched.record(makeRecord({ callId: 'a' }));
    batched.record(makeRecord({ callId: 'b' }));
    expect(rowsInFile(file)).toBe(0);
    await vi.waitFor(() => expect(rowsInFile(file)).toBe(2), { timeout: 3000, interval: 10 });
    batched.close();
  });

  it('writes at once when maxRows wait, and before any read', () => {
    const { file, batched } = setUp({ flushMs: 60_000, maxRows: 3 });
    for (const id of ['a', 'b', 'c']) batched.record(makeRecord({ callId: id }));
    expect(rowsInFile(file)).toBe(3);
    batched.record(makeRecord({ callId: 'd' }));
    expect(rowsInFile(file)).toBe(3);
    expect(batched.query().map((row) => row.callId).sort()).toEqual(['a', 'b', 'c', 'd']);
    batched.close();
  });

  it('writes what waits on close: a clean stop loses nothing', () => {
    const { file, batched } = setUp({ flushMs: 60_000 });
    batched.record(makeRecord({ callId: 'a' }));
    batched.close();
    expect(rowsInFile(file)).toBe(1);
  });

  it('never throws to the caller: a failed write is logged with ACODE-TEL-001, and a malformed row does not cost the others', () => {
    const warn = vi.fn();
    const logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() };
    const { file, batched } = setUp({ flushMs: 60_000, logger });
    batched.record(makeRecord({ callId: 'good' }));
    batched.record(makeRecord({ callId: 'bad', timestamp: 'yesterday' }));
    expect(() => batched.flush()).not.toThrow();
    expect(rowsInFile(file)).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('ACODE-TEL-001');
    batched.close();
  });
});
