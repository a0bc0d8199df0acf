import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, makeTempDir, openStore } from './telemetry-fixture.js';

describe('SqliteTelemetryStore: several connections on one file', () => {
  it('lets a reader read committed rows while another connection holds an open write transaction', () => {
    const file = join(makeTempDir(), 'acode.db');
    const writer = openStore(file);
    writer.record(makeRecord({ callId: 'committed' }));
    const reader = openStore(file, { readonly: true });

    const raw = new Database(file);
    try {
      raw.exec('BEGIN IMMEDIATE');
      raw
        .prepare(
          `INSERT INTO tool_calls (timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes,
            parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens)
           VALUES ('2025-01-15T15:00:00.000Z', 'corr-1', 'ollama', 'm', 't', 'uncommitted', 'success', '[]', 0, '[]', 0, 0, 0, 0, 0, 0)`,
        )
        .run();
      // WAL: the reader is not blocked by the write lock and does not see the open transaction.
      expect(reader.query().map((row) => row.callId)).toEqual(['committed']);
      expect(reader.stats().total).toBe(1);
      raw.exec('COMMIT');
    } finally {
      raw.close();
    }
    expect(reader.query().map((row) => row.callId)).toEqual(['uncommitted', 'committed']);
  });

  it('interleaves two writers and a reader on the same file without losing a row', () => {
    const file = join(makeTempDir(), 'acode.db');
    const first = openStore(file);
    const second = openStore(file);
    const reader = openStore(file, { readonly: true });
    for (let index = 0; index < 50; index++) {
      first.record(makeRecord({ callId: `first_${index}` }));
      second.record(makeRecord({ callId: `second_${index}` }));
      expect(reader.stats().total).toBe(2 * (index + 1));
    }
    const ids = new Set(reader.query().map((row) => row.callId));
    expect(ids.size).toBe(100);
  });
});
