import {
  MAX_STATS_MODELS,
  MAX_STATS_TOOLS,
  type CallsQuery,
  type CallStatsBucket,
  type CallStatsReport,
  type LatencyPercentiles,
  type ModelCallStats,
  type OutcomeCounts,
  type StoredToolCall,
} from '@acode/application';
import type Database from 'better-sqlite3';
import { parseIsoInstant } from './parse-iso-instant.js';
import { MAX_TELEMETRY_QUERY_ROWS } from './telemetry-filter.js';
import { telemetryUnavailable } from './telemetry-unavailable.js';
import { fromToolCallRow, type ToolCallRow } from './tool-call-row.js';

/** Most buckets a time series is cut into: enough for a chart, few enough to send every second. */
export const MAX_SERIES_BUCKETS = 60;

/** Bucket widths a series may use, smallest first: a period gets the smallest giving at most {@link MAX_SERIES_BUCKETS}. */
const BUCKET_SIZES_MS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800].map((seconds) => seconds * 1000);

/** Longest model name a query may filter on. */
const MAX_MODEL_LENGTH = 256;

/** Prepares (once) and returns the statement for a SQL text. */
export type StatementSource = (sql: string) => Database.Statement;

interface CallsFilter {
  readonly where: string;
  readonly parameters: Readonly<Record<string, string>>;
  readonly since: string;
  readonly until: string;
}

interface OutcomeRow {
  readonly calls: number;
  readonly success: number;
  readonly repaired: number;
  readonly retried: number;
  readonly failed: number;
}

/** The width of a series' buckets for a period of `spanMs`: a round size giving at most {@link MAX_SERIES_BUCKETS} buckets. */
export function bucketSizeFor(spanMs: number): number {
  const fitting = BUCKET_SIZES_MS.find((size) => spanMs / size <= MAX_SERIES_BUCKETS);
  return fitting ?? Math.ceil(spanMs / MAX_SERIES_BUCKETS / 1000) * 1000;
}

/**
 * Per-model aggregates of a period and its time series, computed by SQLite over the rows the
 * query covers, read from the covering index `tool_calls_live_stats` (no row lookups). The counts
 * by model, upstream, tool, format and outcome come from one grouped pass (each GROUP BY over the
 * period sorts all its rows; the groups themselves are few) and are summed here. A model's
 * upstream is the one with most of its calls. A model's latency is over its requests, not its
 * calls: the model's time is the request's, so a request with three calls counts once.
 * Percentiles are nearest-rank. `hasLive` says whether the table has migration 0005's columns
 * (a reader may open an older file).
 */
export function computeCallStats(statement: StatementSource, query: CallsQuery, hasLive: boolean, now: Date): CallStatsReport {
  const filter = callsFilter(query, now);
  const spanMs = Date.parse(filter.until) - Date.parse(filter.since);
  const bucketMs = bucketSizeFor(Math.max(spanMs, 1));
  const format = hasLive ? 'text_format' : 'NULL';
  const groups = statement(
    `SELECT model, upstream, tool, ${format} AS format, parse_result AS result, COUNT(*) AS calls FROM tool_calls ${filter.where} GROUP BY model, upstream, tool, format, parse_result`,
  ).all(filter.parameters) as GroupRow[];

  const totals = emptyCounts();
  const byModel = new Map<string, ModelTally>();
  for (const group of groups) {
    addOutcome(totals, group.result, group.calls);
    let tally = byModel.get(group.model);
    if (tally === undefined) byModel.set(group.model, (tally = { counts: emptyCounts(), upstreams: new Map(), tools: new Map(), formats: new Map() }));
    addOutcome(tally.counts, group.result, group.calls);
    if (group.upstream !== null) add(tally.upstreams, group.upstream, group.calls);
    add(tally.tools, group.tool, group.calls);
    if (group.format !== null) add(tally.formats, group.format, group.calls);
  }
  const listedModels = [...byModel.entries()]
    .sort(([a, left], [b, right]) => right.counts.calls - left.counts.calls || compareText(a, b))
    .slice(0, MAX_STATS_MODELS);

  // The repairs and latency cover the listed models only, so their size stays bounded whatever the period holds.
  const listed = { ...filter.parameters, models: JSON.stringify(listedModels.map(([model]) => model)) };
  const inListed = `${filter.where} AND model IN (SELECT value FROM json_each(@models))`;
  // Most calls have no repair: only those are expanded.
  const repairs = statement(
    `SELECT model, repair.value AS name, COUNT(DISTINCT tool_calls.id) AS calls FROM tool_calls, json_each(tool_calls.repairs) AS repair ${inListed} AND repairs <> '[]'
      GROUP BY model, repair.value ORDER BY calls DESC, name`,
  ).all(listed) as NamedCount[];
  const latency = hasLive ? (statement(percentilesSql('model', inListed, 'model')).all(listed) as Array<PercentileRow & { model: string }>) : [];

  const models = listedModels.map(([model, tally]): ModelCallStats => {
    const found = latency.find((entry) => entry.model === model);
    const [upstream] = mostFirst(tally.upstreams, 1);
    return {
      model,
      ...(upstream === undefined ? {} : { upstream: upstream[0] }),
      ...tally.counts,
      ...(found === undefined ? {} : { latency: percentiles(found) }),
      repairs: countsOf(repairs, model),
      formats: Object.fromEntries(mostFirst(tally.formats)),
      tools: Object.fromEntries(mostFirst(tally.tools, MAX_STATS_TOOLS)),
    };
  });
  return { since: filter.since, until: filter.until, bucketMs, totals, models, series: series(statement, filter, bucketMs, hasLive) };
}

interface GroupRow {
  readonly model: string;
  readonly upstream: string | null;
  readonly tool: string;
  readonly format: string | null;
  readonly result: string;
  readonly calls: number;
}

interface ModelTally {
  readonly counts: MutableCounts;
  readonly upstreams: Map<string, number>;
  readonly tools: Map<string, number>;
  readonly formats: Map<string, number>;
}

type MutableCounts = { -readonly [K in keyof OutcomeCounts]: number };

function emptyCounts(): MutableCounts {
  return { calls: 0, success: 0, repaired: 0, retried: 0, failed: 0 };
}

function addOutcome(counts: MutableCounts, result: string, calls: number): void {
  counts.calls += calls;
  if (result === 'success' || result === 'repaired' || result === 'retried' || result === 'failed') counts[result] += calls;
}

function add(map: Map<string, number>, key: string, calls: number): void {
  map.set(key, (map.get(key) ?? 0) + calls);
}

/** Entries by most calls, then name (as SQLite orders text), at most `limit`. */
function mostFirst(map: ReadonlyMap<string, number>, limit = Number.POSITIVE_INFINITY): Array<[string, number]> {
  return [...map.entries()].sort(([a, left], [b, right]) => right - left || compareText(a, b)).slice(0, limit);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The calls of a period, newest first, at most `limit` (50 by default, never more than {@link MAX_TELEMETRY_QUERY_ROWS}). */
export function selectRecentCalls(statement: StatementSource, query: CallsQuery, now: Date): readonly StoredToolCall[] {
  const filter = callsFilter(query, now);
  const limit = query.limit ?? 50;
  if (!Number.isSafeInteger(limit) || limit < 1) throw refused('limit must be a whole number ≥ 1');
  const rows = statement(`SELECT * FROM tool_calls ${filter.where} ORDER BY timestamp DESC, id DESC LIMIT @limit`).all({
    ...filter.parameters,
    limit: Math.min(limit, MAX_TELEMETRY_QUERY_ROWS),
  }) as ToolCallRow[];
  return rows.map(withId);
}

/** One call by its row id, `undefined` when there is none. */
export function selectCall(statement: StatementSource, id: number): StoredToolCall | undefined {
  if (!Number.isSafeInteger(id) || id < 1) throw refused('the call id must be a whole number ≥ 1');
  const row = statement('SELECT * FROM tool_calls WHERE id = ?').get(id) as ToolCallRow | undefined;
  return row === undefined ? undefined : withId(row);
}

function withId(row: ToolCallRow): StoredToolCall {
  return { id: row.id, ...fromToolCallRow(row) };
}

interface NamedCount {
  readonly model: string;
  readonly name: string;
  readonly calls: number;
}

interface PercentileRow {
  readonly requests: number;
  readonly p50: number | null;
  readonly p90: number | null;
  readonly p99: number | null;
}

/**
 * Nearest-rank percentiles of the model's time per request, grouped by `group` (an expression
 * over `tool_calls`): the rank of percentile p among n is ceil(n·p/100), written in whole numbers.
 */
function percentilesSql(group: string, where: string, label: string): string {
  const at = (p: number): string => `MAX(CASE WHEN position = (n * ${p} + 99) / 100 THEN ms END) AS p${p}`;
  return `WITH requests AS (
      SELECT ${group} AS ${label}, MAX(upstream_ms) AS ms FROM tool_calls ${where} AND upstream_ms IS NOT NULL GROUP BY ${label}, correlation_id
    ), ranked AS (
      SELECT ${label}, ms, ROW_NUMBER() OVER (PARTITION BY ${label} ORDER BY ms) AS position, COUNT(*) OVER (PARTITION BY ${label}) AS n FROM requests
    )
    SELECT ${label}, MAX(n) AS requests, ${at(50)}, ${at(90)}, ${at(99)} FROM ranked GROUP BY ${label}`;
}

function series(statement: StatementSource, filter: CallsFilter, bucketMs: number, hasLive: boolean): CallStatsBucket[] {
  const since = Date.parse(filter.since);
  const count = Math.max(1, Math.ceil((Date.parse(filter.until) - since) / bucketMs));
  // The bucket of a row, counted from `since`; julianday keeps milliseconds, whatever the ISO form.
  // Rounded to whole ms first: a day fraction times 86 400 000 lands a hair below the bucket's edge.
  // The width is a parameter, so one statement serves every period; a row at `until` itself goes
  // in the last bucket, not in one past the series.
  const bucket = `MIN(CAST(ROUND((julianday(timestamp) - julianday(@since)) * 86400000) AS INTEGER) / CAST(@bucket_ms AS INTEGER), CAST(@last_bucket AS INTEGER))`;
  const parameters = { ...filter.parameters, bucket_ms: bucketMs, last_bucket: count - 1 };
  const counted = statement(
    `SELECT ${bucket} AS bucket, COUNT(*) AS calls,
      COUNT(*) FILTER (WHERE parse_result = 'success') AS success,
      COUNT(*) FILTER (WHERE parse_result = 'repaired') AS repaired,
      COUNT(*) FILTER (WHERE parse_result = 'retried') AS retried,
      COUNT(*) FILTER (WHERE parse_result = 'failed') AS failed
    FROM tool_calls ${filter.where} GROUP BY bucket`,
  ).all(parameters) as Array<OutcomeRow & { bucket: number }>;
  const latency = hasLive ? (statement(percentilesSql(bucket, filter.where, 'bucket')).all(parameters) as Array<PercentileRow & { bucket: number }>) : [];
  return Array.from({ length: count }, (_, index): CallStatsBucket => {
    const row = counted.find((entry) => entry.bucket === index);
    const times = latency.find((entry) => entry.bucket === index);
    return {
      start: new Date(since + index * bucketMs).toISOString(),
      ...(row === undefined ? { calls: 0, success: 0, repaired: 0, retried: 0, failed: 0 } : counts(row)),
      ...(times?.p50 === null || times?.p50 === undefined ? {} : { p50Ms: times.p50 }),
      ...(times?.p90 === null || times?.p90 === undefined ? {} : { p90Ms: times.p90 }),
    };
  });
}

function counts(row: OutcomeRow): OutcomeCounts {
  return { calls: row.calls, success: row.success, repaired: row.repaired, retried: row.retried, failed: row.failed };
}

function percentiles(row: PercentileRow): LatencyPercentiles {
  return { requests: row.requests, p50: row.p50 ?? 0, p90: row.p90 ?? 0, p99: row.p99 ?? 0 };
}

function countsOf(rows: readonly NamedCount[], model: string): Record<string, number> {
  return Object.fromEntries(rows.filter((row) => row.model === model).map((row) => [row.name, row.calls]));
}

/**
 * The WHERE clause of a period: fixed fragments, values as parameters. Throws ACODE-TEL-001 for a
 * `since` or `until` that is not an ISO 8601 instant, a period that ends before it starts, or a
 * model name that is not a short string.
 */
function callsFilter(query: CallsQuery, now: Date): CallsFilter {
  const since = typeof query.since === 'string' ? parseIsoInstant(query.since) : undefined;
  if (since === undefined) throw refused('since must be an ISO 8601 date or date-time such as 2025-01-15T14:00:00Z');
  const until = query.until === undefined ? now.toISOString() : typeof query.until === 'string' ? parseIsoInstant(query.until) : undefined;
  if (until === undefined) throw refused('until must be an ISO 8601 date or date-time');
  if (until < since) throw refused('until must not be before since');
  const conditions = ['timestamp >= @since', 'timestamp <= @until'];
  const parameters: Record<string, string> = { since, until };
  if (query.provider !== undefined) {
    if (typeof query.provider !== 'string') throw refused('provider must be a string');
    conditions.push('provider = @provider');
    parameters['provider'] = query.provider;
  }
  if (query.model !== undefined) {
    if (typeof query.model !== 'string' || query.model.length === 0 || query.model.length > MAX_MODEL_LENGTH) throw refused(`model must be 1 to ${MAX_MODEL_LENGTH} characters`);
    conditions.push('model = @model');
    parameters['model'] = query.model;
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, parameters, since, until };
}

function refused(reason: string) {
  return telemetryUnavailable(`Telemetry query refused: ${reason}.`);
}
