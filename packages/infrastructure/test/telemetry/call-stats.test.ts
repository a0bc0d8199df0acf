import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bucketSizeFor, computeCallStats } from '../../src/telemetry/call-stats-queries.js';
import { TELEMETRY_MIGRATIONS } from '../../src/telemetry/index.js';
import { makeRecord, makeTempDir, openStore, thrownBy } from './telemetry-fixture.js';

// The live view's aggregates: per model, per request latency, a time series. Every expected figure
// below is worked out by hand from the rows recorded.

const SINCE = '2025-01-15T12:00:00.000Z';
const UNTIL = '2025-01-15T13:00:00.000Z';

function at(minutes: number): string {
  return new Date(Date.parse(SINCE) + minutes * 60_000).toISOString();
}

function storeWithCalls() {
  const store = openStore(join(makeTempDir(), 'acode.db'));
  const gateway = { provider: 'gateway', upstream: 'ollama', route: 'openai_chat' } as const;
  // qwen: 4 requests of 100, 200, 300, 400 ms; the last one holds two calls (one request, counted once).
  store.record(makeRecord({ ...gateway, model: 'qwen', correlationId: 'q1', callId: 'a', timestamp: at(1), tool: 'search', upstreamMs: 100, attempts: 1 }));
  store.record(
    makeRecord({ ...gateway, model: 'qwen', correlationId: 'q2', callId: 'a', timestamp: at(1), tool: 'search', parseResult: 'repaired', repairs: ['trailing_comma'], upstreamMs: 200, attempts: 1, textFormat: 'tool_call_tag' }),
  );
  store.record(
    makeRecord({ ...gateway, model: 'qwen', correlationId: 'q3', callId: 'a', timestamp: at(31), tool: 'read', parseResult: 'retried', retryCount: 1, upstreamMs: 300, attempts: 2, textFormat: 'pythonic' }),
  );
  store.record(makeRecord({ ...gateway, model: 'qwen', correlationId: 'q4', callId: 'a', timestamp: at(59), tool: 'read', parseResult: 'failed', retryCount: 2, upstreamMs: 400, attempts: 3, textFormat: 'tool_call_tag' }));
  store.record(
    makeRecord({ ...gateway, model: 'qwen', correlationId: 'q4', callId: 'b', timestamp: at(59), tool: 'search', parseResult: 'repaired', repairs: ['trailing_comma', 'single_quotes'], upstreamMs: 400, attempts: 3 }),
  );
  // llama: one request, no time recorded (a row written before the column existed, say).
  store.record(makeRecord({ ...gateway, model: 'llama', correlationId: 'l1', callId: 'a', timestamp: at(2), tool: 'search' }));
  // Outside: the CLI's row, and a gateway row before the period.
  store.record(makeRecord({ provider: 'ollama', model: 'qwen', correlationId: 'c1', timestamp: at(3), upstreamMs: 9_000 }));
  store.record(makeRecord({ ...gateway, model: 'qwen', correlationId: 'old', timestamp: '2025-01-15T11:00:00.000Z', parseResult: 'failed', upstreamMs: 9_000 }));
  return store;
}

describe('SqliteTelemetryStore.callStats', () => {
  it('counts per model, lists repairs, formats and tools, and takes latency percentiles per request', () => {
    const report = storeWithCalls().callStats({ provider: 'gateway', since: SINCE, until: UNTIL });
    expect(report.totals).toEqual({ calls: 6, success: 2, repaired: 2, retried: 1, failed: 1 });
    expect(report.models.map((model) => model.model)).toEqual(['qwen', 'llama']);
    const [qwen, llama] = report.models;
    expect(qwen).toEqual({
      model: 'qwen',
      upstream: 'ollama',
      calls: 5,
      success: 1,
      repaired: 2,
      retried: 1,
      failed: 1,
      // Nearest rank over 100, 200, 300, 400: p50 is the 2nd, p90 and p99 the 4th.
      latency: { requests: 4, p50: 200, p90: 400, p99: 400 },
      repairs: { trailing_comma: 2, single_quotes: 1 },
      formats: { tool_call_tag: 2, pythonic: 1 },
      tools: { search: 3, read: 2 },
    });
    expect(llama).toEqual({ model: 'llama', upstream: 'ollama', calls: 1, success: 1, repaired: 0, retried: 0, failed: 0, repairs: {}, formats: {}, tools: { search: 1 } });
  });

  it('cuts the period into buckets, empty ones included, with the calls and latency of each', () => {
    const report = storeWithCalls().callStats({ provider: 'gateway', since: SINCE, until: UNTIL });
    // One hour: one-minute buckets.
    expect(report.bucketMs).toBe(60_000);
    expect(report.series).toHaveLength(60);
    expect(report.series[0]).toEqual({ start: SINCE, calls: 0, success: 0, repaired: 0, retried: 0, failed: 0 });
    expect(report.series[1]).toEqual({ start: at(1), calls: 2, success: 1, repaired: 1, retried: 0, failed: 0, p50Ms: 100, p90Ms: 200 });
    expect(report.series[59]).toMatchObject({ calls: 2, repaired: 1, failed: 1, p50Ms: 400 });
    expect(report.series.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(6);
  });

  it('narrows to one model', () => {
    const report = storeWithCalls().callStats({ provider: 'gateway', since: SINCE, until: UNTIL, model: 'llama' });
    expect(report.totals.calls).toBe(1);
    expect(report.models.map((model) => model.model)).toEqual(['llama']);
  });

  it('refuses a malformed period with ACODE-TEL-001', () => {
    const store = storeWithCalls();
    expect(thrownBy(() => store.callStats({ since: 'yesterday' }))).toMatchObject({ code: 'ACODE-TEL-001', message: expect.stringContaining('since must be') });
    expect(thrownBy(() => store.callStats({ since: UNTIL, until: SINCE }))).toMatchObject({ code: 'ACODE-TEL-001', message: expect.stringContaining('until must not be before since') });
  });

  it("names a model's upstream by most calls, not by name", () => {
    const store = openStore(join(makeTempDir(), 'acode.db'));
    for (const [index, upstream] of ['alpha', 'alpha', 'alpha', 'zulu'].entries()) {
      store.record(makeRecord({ provider: 'gateway', upstream, model: 'qwen', correlationId: `r${index}`, timestamp: at(5) }));
    }
    expect(store.callStats({ provider: 'gateway', since: SINCE, until: UNTIL }).models[0]?.upstream).toBe('alpha');
  });

  it('counts a call made at the very end of the period in the last bucket', () => {
    const store = openStore(join(makeTempDir(), 'acode.db'));
    store.record(makeRecord({ provider: 'gateway', model: 'qwen', timestamp: UNTIL, upstreamMs: 250 }));
    const report = store.callStats({ provider: 'gateway', since: SINCE, until: UNTIL });
    expect(report.totals.calls).toBe(1);
    expect(report.series).toHaveLength(60);
    expect(report.series.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(1);
    expect(report.series[59]).toMatchObject({ calls: 1, p50Ms: 250 });
  });

  it('prepares the same statements whatever the period, so their cache stays bounded', () => {
    const db = new Database(':memory:');
    try {
      db.exec('CREATE TABLE tool_calls (id INTEGER PRIMARY KEY, timestamp TEXT, correlation_id TEXT, provider TEXT, model TEXT, tool TEXT, parse_result TEXT, repairs TEXT, upstream TEXT, text_format TEXT, upstream_ms REAL)');
      const texts = new Set<string>();
      const source = (sql: string) => (texts.add(sql), db.prepare(sql));
      const now = new Date('2026-06-01T00:00:00.000Z');
      // Periods of one to twenty years: every one past 420 days gets a bucket width of its own.
      for (let days = 365; days <= 7_300; days += 365) {
        computeCallStats(source, { provider: 'gateway', since: new Date(now.getTime() - days * 86_400_000).toISOString(), until: now.toISOString() }, true, now);
      }
      computeCallStats(source, { provider: 'gateway', since: at(0), until: UNTIL }, true, now);
      const once = texts.size;
      computeCallStats(source, { provider: 'gateway', since: '2000-01-01T00:00:00.000Z', until: now.toISOString() }, true, now);
      expect(texts.size).toBe(once);
      expect(once).toBeLessThanOrEqual(6);
    } finally {
      db.close();
    }
  });

  it('reads a period from the covering index alone, with or without a model', () => {
    const file = join(makeTempDir(), 'acode.db');
    openStore(file).close();
    const db = new Database(file, { readonly: true });
    try {
      const plans: string[] = [];
      const source = (sql: string) => {
        const statement = db.prepare(sql);
        return Object.assign(Object.create(statement) as Database.Statement, {
          all: (parameters: Record<string, unknown>) => {
            const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as Array<{ detail: string }>;
            plans.push(plan.filter((step) => / tool_calls\b/.test(step.detail)).map((step) => step.detail).join(' | '));
            return statement.all(parameters);
          },
        });
      };
      computeCallStats(source, { provider: 'gateway', since: SINCE, until: UNTIL }, true, new Date(UNTIL));
      computeCallStats(source, { provider: 'gateway', since: SINCE, until: UNTIL, model: 'qwen' }, true, new Date(UNTIL));
      expect(plans.length).toBeGreaterThanOrEqual(10);
      for (const plan of plans) expect(plan).toMatch(/^SEARCH tool_calls USING COVERING INDEX tool_calls_live_stats \(provider=\? AND timestamp>\? AND timestamp<\?\)$/);
    } finally {
      db.close();
    }
  });

  it('picks round bucket sizes of at most 60 buckets', () => {
    expect(bucketSizeFor(15 * 60_000)).toBe(15_000);
    expect(bucketSizeFor(24 * 3_600_000)).toBe(1_800_000);
    expect(bucketSizeFor(7 * 86_400_000)).toBe(10_800_000);
  });
});

describe('SqliteTelemetryStore.recentCalls and findCall', () => {
  it('lists the calls of a period newest first with their ids and the new fields, and finds one by id', () => {
    const store = storeWithCalls();
    const calls = store.recentCalls({ provider: 'gateway', since: SINCE, until: UNTIL, limit: 3 });
    expect(calls.map((call) => [call.correlationId, call.callId])).toEqual([
      ['q4', 'b'],
      ['q4', 'a'],
      ['q3', 'a'],
    ]);
    expect(calls[1]).toMatchObject({ route: 'openai_chat', textFormat: 'tool_call_tag', upstreamMs: 400, attempts: 3, parseResult: 'failed' });
    const id = calls[2]?.id ?? 0;
    expect(store.findCall(id)).toMatchObject({ id, correlationId: 'q3', textFormat: 'pythonic' });
    expect(store.findCall(999_999)).toBeUndefined();
  });
});

describe('migration 0005', () => {
  it('keeps rows written before it readable, without the new fields', () => {
    const file = join(makeTempDir(), 'acode.db');
    const db = new Database(file);
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
    for (const step of TELEMETRY_MIGRATIONS.filter((migration) => migration.version <= 4)) {
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(step.version, step.name, SINCE);
    }
    db.prepare(
      `INSERT INTO tool_calls (timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes, parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens, upstream)
       VALUES (?, 'c', 'gateway', 'qwen', 'search', 'a', 'success', '[]', 0, '[]', 1, 0, 0, 0, 0, 0, 'ollama')`,
    ).run(at(5));
    db.close();
    const store = openStore(file);
    const [row] = store.recentCalls({ since: SINCE, until: UNTIL });
    expect(row).toMatchObject({ model: 'qwen', upstream: 'ollama' });
    expect(row).not.toHaveProperty('route');
    expect(row).not.toHaveProperty('upstreamMs');
    expect(store.callStats({ since: SINCE, until: UNTIL }).models[0]).not.toHaveProperty('latency');
  });
});
