import { ERROR_CODES, type ToolCallTelemetryRecord } from '@acode/domain';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TELEMETRY_QUERY_ROWS } from '../../src/telemetry/index.js';
import { makeRecord, makeTempDir, openStore, thrownBy } from './telemetry-fixture.js';

const TEL = ERROR_CODES.TELEMETRY_UNAVAILABLE;

function freshStore() {
  const file = join(makeTempDir(), 'acode.db');
  return { file, store: openStore(file) };
}

describe('SqliteTelemetryStore: record and read back', () => {
  it('round-trips every field of a full row', () => {
    const { store } = freshStore();
    const row: ToolCallTelemetryRecord = makeRecord({
      parseResult: 'retried',
      repairs: ['trailing_comma', 'single_quotes'],
      retryCount: 2,
      errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-004'],
      errorPosition: 41,
      parseMs: 0.42,
      repairMs: 2.31,
      retryMs: 1847,
      tokens: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
      originalArguments: '{"path": "a.txt",}',
      finalArguments: '{"path":"a.txt"}',
      errorMessage: 'Expected a property name at position 17',
    });
    store.record(row);
    expect(store.query()).toEqual([row]);
    expect(store.findByCorrelationId('corr-1')).toEqual([row]);
  });

  it('round-trips the upstream of a gateway row, and leaves it absent on others', () => {
    const { store } = freshStore();
    const gateway = makeRecord({ callId: 'g', provider: 'gateway', upstream: 'http://127.0.0.1:11434' });
    store.record(gateway);
    store.record(makeRecord({ callId: 'cli', timestamp: '2025-01-15T14:23:47.122Z' }));
    const [first, second] = store.query();
    expect(first).toEqual(gateway);
    expect(Object.keys(second ?? {})).not.toContain('upstream');
  });

  it('leaves argument columns NULL and the fields absent when the row has no argument values', () => {
    const { file, store } = freshStore();
    store.record(makeRecord());
    const [read] = store.query();
    expect(read).toBeDefined();
    expect(Object.keys(read ?? {})).not.toContain('originalArguments');
    expect(Object.keys(read ?? {})).not.toContain('finalArguments');
    expect(Object.keys(read ?? {})).not.toContain('errorPosition');
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.prepare('SELECT original_arguments, final_arguments, error_message, error_position FROM tool_calls').get()).toEqual({
        original_arguments: null,
        final_arguments: null,
        error_message: null,
        error_position: null,
      });
    } finally {
      raw.close();
    }
  });

  it('stores timestamps as UTC ISO text, whatever offset the row used', () => {
    const { store } = freshStore();
    store.record(makeRecord({ timestamp: '2025-01-15T16:23:47+02:00' }));
    expect(store.query()[0]?.timestamp).toBe('2025-01-15T14:23:47.000Z');
  });

  it('lists newest first, filtered by provider and since, limited', () => {
    const { store } = freshStore();
    store.record(makeRecord({ callId: 'a', timestamp: '2025-01-15T10:00:00Z' }));
    store.record(makeRecord({ callId: 'b', timestamp: '2025-01-15T12:00:00Z' }));
    store.record(makeRecord({ callId: 'c', timestamp: '2025-01-15T11:00:00Z', provider: 'openai-compatible' }));
    store.record(makeRecord({ callId: 'd', timestamp: '2025-01-15T12:00:00Z' }));
    const ids = (query?: Parameters<typeof store.query>[0]) => store.query(query).map((row) => row.callId);
    // Same timestamp: the row recorded later is newer.
    expect(ids()).toEqual(['d', 'b', 'c', 'a']);
    expect(ids({ provider: 'ollama' })).toEqual(['d', 'b', 'a']);
    expect(ids({ since: '2025-01-15T11:00:00Z' })).toEqual(['d', 'b', 'c']);
    expect(ids({ since: '2025-01-15T13:00:00+02:00' })).toEqual(['d', 'b', 'c']);
    expect(ids({ provider: 'ollama', since: '2025-01-15T11:00:00Z', limit: 1 })).toEqual(['d']);
    expect(ids({ limit: 0 })).toEqual([]);
    expect(ids({ provider: 'vllm' })).toEqual([]);
  });

  it('finds the rows of one correlation id, oldest first, and nothing for an unknown id', () => {
    const { store } = freshStore();
    store.record(makeRecord({ correlationId: 'op-1', callId: 'second', timestamp: '2025-01-15T10:00:01Z' }));
    store.record(makeRecord({ correlationId: 'op-2', callId: 'other' }));
    store.record(makeRecord({ correlationId: 'op-1', callId: 'first', timestamp: '2025-01-15T10:00:00Z' }));
    expect(store.findByCorrelationId('op-1').map((row) => row.callId)).toEqual(['first', 'second']);
    expect(store.findByCorrelationId('nope')).toEqual([]);
    expect(store.findByCorrelationId("op-1' OR '1'='1")).toEqual([]);
  });

  it('never returns more than MAX_TELEMETRY_QUERY_ROWS rows, whatever the limit', () => {
    const { file, store } = freshStore();
    const raw = new Database(file);
    try {
      raw.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_TELEMETRY_QUERY_ROWS + 5})
        INSERT INTO tool_calls (timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes,
          parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens)
        SELECT '2025-01-15T10:00:00.000Z', 'bulk', 'ollama', 'm', 't', 'call_' || i, 'success', '[]', 0, '[]', 0, 0, 0, 0, 0, 0 FROM n`);
    } finally {
      raw.close();
    }
    expect(store.query({ limit: MAX_TELEMETRY_QUERY_ROWS * 10 })).toHaveLength(MAX_TELEMETRY_QUERY_ROWS);
    expect(store.query()).toHaveLength(MAX_TELEMETRY_QUERY_ROWS);
    expect(store.stats().total).toBe(MAX_TELEMETRY_QUERY_ROWS + 5);
  });
});

describe('SqliteTelemetryStore: hostile values', () => {
  it('round-trips quotes, SQL, NUL, control characters and non-ASCII text unchanged', () => {
    const { store } = freshStore();
    const hostile = `'"; DROP TABLE tool_calls; --\u0000after-nul\r\n\t\u001b[31m ü 漢字 🎉 \\ \u2028`;
    const row = makeRecord({
      correlationId: hostile,
      provider: hostile,
      model: hostile,
      tool: hostile,
      callId: hostile,
      originalArguments: hostile,
      finalArguments: hostile,
      errorMessage: hostile,
    });
    store.record(row);
    expect(store.query({ provider: hostile })).toEqual([row]);
    expect(store.findByCorrelationId(hostile)).toEqual([row]);
    expect(store.query()).toHaveLength(1);
  });

  it('round-trips 1 MB argument texts', () => {
    const { store } = freshStore();
    const big = `{"content":"${'a\u0000"\\'.repeat(262_144)}"}`;
    expect(big.length).toBeGreaterThan(1_000_000);
    store.record(makeRecord({ originalArguments: big, finalArguments: big }));
    const [read] = store.query();
    expect(read?.originalArguments).toBe(big);
    expect(read?.finalArguments).toBe(big);
  });
});

describe('SqliteTelemetryStore: malformed rows and queries', () => {
  const cases: Array<[string, Partial<Record<keyof ToolCallTelemetryRecord, unknown>>, string]> = [
    ['unknown parse result', { parseResult: 'great' }, 'parseResult must be one of success, repaired, retried, failed (got "great")'],
    ['repairs not an array', { repairs: 'trailing_comma' }, 'repairs must be an array (got string)'],
    ['unknown repair name', { repairs: ['trailing_comma', 'magic'] }, 'repairs[1] must be a repair name (got "magic")'],
    ['error code of another shape', { errorCodes: ['oops'] }, 'errorCodes[0] must be an ACODE-XXX-NNN code (got "oops")'],
    ['too many error codes', { errorCodes: Array.from({ length: 1_001 }, () => 'ACODE-TLP-002') }, 'errorCodes lists 1001 items, more than 1000'],
    ['negative retry count', { retryCount: -1 }, 'retryCount must be a whole number ≥ 0 (got -1)'],
    ['fractional retry count', { retryCount: 1.5 }, 'retryCount must be a whole number ≥ 0 (got 1.5)'],
    ['NaN error position', { errorPosition: Number.NaN }, 'errorPosition must be a whole number ≥ 0 when present (got NaN)'],
    ['infinite parse time', { parseMs: Number.POSITIVE_INFINITY }, 'parseMs must be a finite number ≥ 0 (got Infinity)'],
    ['negative retry time', { retryMs: -3 }, 'retryMs must be a finite number ≥ 0 (got -3)'],
    ['tokens missing', { tokens: undefined }, 'tokens must be an object (got undefined)'],
    ['token count as text', { tokens: { promptTokens: '10', completionTokens: 0, totalTokens: 0 } }, 'tokens.promptTokens must be a whole number ≥ 0 (got "10")'],
    ['correlation id not a string', { correlationId: 42 }, 'correlationId must be a string (got number)'],
    ['argument values not a string', { finalArguments: { path: 'x' } }, 'finalArguments must be a string when present (got object)'],
    ['upstream not a string', { upstream: 11434 }, 'upstream must be a string when present (got number)'],
    ['empty upstream', { upstream: '' }, 'upstream must not be empty when present'],
    ['timestamp not a date', { timestamp: 'yesterday' }, 'timestamp must be an ISO 8601 date-time'],
    ['timestamp on a day that does not exist', { timestamp: '2025-02-30T10:00:00Z' }, 'timestamp must be an ISO 8601 date-time'],
  ];

  it.each(cases)('refuses a row with %s, names the field and stores nothing', (_name, overrides, message) => {
    const { store } = freshStore();
    const error = thrownBy(() => store.record({ ...makeRecord(), ...overrides } as ToolCallTelemetryRecord));
    expect(error.code).toBe(TEL);
    expect(error.message).toBe(`Telemetry row not recorded: ${message}.`);
    expect(store.query()).toEqual([]);
  });

  it('does not quote long string values back in the message', () => {
    const { store } = freshStore();
    const secret = `sk-${'s'.repeat(60)}`;
    const error = thrownBy(() => store.record({ ...makeRecord(), parseResult: secret } as unknown as ToolCallTelemetryRecord));
    expect(error.message).toContain('(got a long string)');
    expect(error.message).not.toContain(secret);
  });

  it('refuses a row that is not an object', () => {
    const { store } = freshStore();
    const error = thrownBy(() => store.record(null as unknown as ToolCallTelemetryRecord));
    expect(error).toMatchObject({ code: TEL, message: 'Telemetry row not recorded: the row is not an object.' });
  });

  it.each([
    [{ since: 'last tuesday' }, 'since must be an ISO 8601 date or date-time such as 2025-01-15T14:00:00Z'],
    [{ since: '24h' }, 'since must be an ISO 8601 date or date-time such as 2025-01-15T14:00:00Z'],
    [{ limit: -1 }, 'limit must be a whole number ≥ 0'],
    [{ limit: 2.5 }, 'limit must be a whole number ≥ 0'],
    [{ provider: 7 }, 'provider must be a string'],
  ])('refuses the query %o with a precise message', (query, message) => {
    const { store } = freshStore();
    const error = thrownBy(() => store.query(query as never));
    expect(error).toMatchObject({ code: TEL, message: `Telemetry query refused: ${message}.` });
  });

  it.each([[{ since: 'last tuesday' }], [{ provider: 7 }]])('refuses stats over the query %o', (query) => {
    const { store } = freshStore();
    expect(thrownBy(() => store.stats(query as never)).code).toBe(TEL);
  });

  it('fails every call after close with ACODE-TEL-001, and closing twice is harmless', () => {
    const { file, store } = freshStore();
    store.close();
    store.close();
    for (const call of [() => store.record(makeRecord()), () => store.query(), () => store.findByCorrelationId('x'), () => store.stats()]) {
      const error = thrownBy(call);
      expect(error.code).toBe(TEL);
      expect(error.message).toMatch(new RegExp(`^Telemetry database ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is closed: cannot `));
    }
  });
});
