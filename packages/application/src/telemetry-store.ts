import type { ToolCallTelemetryRecord } from '@acode/domain';

/** Which rows a query covers. */
export interface TelemetryQuery {
  /** Provider name; all when absent. */
  readonly provider?: string;
  /** Rows at or after this instant (ISO 8601). */
  readonly since?: string;
  /** At most this many rows, newest first. */
  readonly limit?: number;
}

/** Calls answered by one model (of one upstream, for the gateway's rows). */
export interface ModelCallCount {
  readonly model: string;
  /** The model server behind a gateway row (`ToolCallTelemetryRecord.upstream`); absent on other rows. */
  readonly upstream?: string;
  readonly calls: number;
}

/** Most entries {@link ToolCallStats.models} lists: a breakdown to read, not a dump. */
export const MAX_STATS_MODELS = 20;

/** Aggregates over the rows of a query (002's `providers stats` layout). */
export interface ToolCallStats {
  readonly total: number;
  readonly success: number;
  readonly repaired: number;
  readonly retried: number;
  readonly failed: number;
  /** Repair name → number of calls it was applied to. */
  readonly repairBreakdown: Readonly<Record<string, number>>;
  readonly averageParseMs: number;
  /** Over the calls that were repaired. */
  readonly averageRepairMs: number;
  /** Over the calls that were retried. */
  readonly averageRetryMs: number;
  /** Model requests made again, over every call (the sum of their retry counts). */
  readonly retries: number;
  /** Calls by upstream and model, most calls first, at most {@link MAX_STATS_MODELS}. */
  readonly models: readonly ModelCallCount[];
}

/** Which calls {@link ITelemetryStore.callStats} and {@link ITelemetryStore.recentCalls} cover. */
export interface CallsQuery {
  /** Provider name (`gateway` for the gateway's rows); all when absent. */
  readonly provider?: string;
  /** Calls at or after this instant (ISO 8601). */
  readonly since: string;
  /** Calls up to this instant (ISO 8601); now when absent. Sets the end of the time series. */
  readonly until?: string;
  /** One model only; all when absent. */
  readonly model?: string;
  /** Most calls {@link ITelemetryStore.recentCalls} returns. */
  readonly limit?: number;
}

/** Calls by how their parsing ended. */
export interface OutcomeCounts {
  readonly calls: number;
  readonly success: number;
  readonly repaired: number;
  readonly retried: number;
  readonly failed: number;
}

/** Percentiles of the model's time per request, in ms (nearest rank). */
export interface LatencyPercentiles {
  /** Requests the percentiles are over (a request with several calls counts once). */
  readonly requests: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
}

/** What one model did over the period. */
export interface ModelCallStats extends OutcomeCounts {
  readonly model: string;
  /** The model server behind it, when the rows name one (several: the one with most calls). */
  readonly upstream?: string;
  /** Absent when no request of the model recorded its time. */
  readonly latency?: LatencyPercentiles;
  /** Repair name → calls it was applied to, most first. */
  readonly repairs: Readonly<Record<string, number>>;
  /** Text-call format → calls read from it, most first. */
  readonly formats: Readonly<Record<string, number>>;
  /** Tool → calls, most first, at most {@link MAX_STATS_TOOLS}. */
  readonly tools: Readonly<Record<string, number>>;
}

/** One bucket of the time series: the calls that started in it, and the model's time. */
export interface CallStatsBucket extends OutcomeCounts {
  /** Start of the bucket, ISO 8601. */
  readonly start: string;
  readonly p50Ms?: number;
  readonly p90Ms?: number;
}

/** Aggregates of a period for a live view: totals, per model, and a time series. */
export interface CallStatsReport {
  readonly since: string;
  readonly until: string;
  /** Width of each bucket of {@link series}. */
  readonly bucketMs: number;
  readonly totals: OutcomeCounts;
  /** Most calls first, at most {@link MAX_STATS_MODELS}. */
  readonly models: readonly ModelCallStats[];
  /** Every bucket from `since` to `until`, oldest first, empty ones included. */
  readonly series: readonly CallStatsBucket[];
}

/** A stored row with the id it is found again by. */
export interface StoredToolCall extends ToolCallTelemetryRecord {
  readonly id: number;
}

/** Most tools {@link ModelCallStats.tools} lists per model. */
export const MAX_STATS_TOOLS = 10;

/**
 * Where tool-call telemetry is kept (SQLite in infrastructure). A row is committed when
 * `record` returns; a crash afterwards loses nothing already recorded.
 */
export interface ITelemetryStore {
  record(row: ToolCallTelemetryRecord): void;
  /** Rows matching the query, newest first. */
  query(query?: TelemetryQuery): readonly ToolCallTelemetryRecord[];
  /** Every row of one operation, oldest first. */
  findByCorrelationId(correlationId: string): readonly ToolCallTelemetryRecord[];
  stats(query?: TelemetryQuery): ToolCallStats;
  /** Per-model aggregates and a time series over a period (a store that cannot compute them leaves it out). */
  callStats?(query: CallsQuery): CallStatsReport;
  /** The calls of a period, newest first, with their ids. */
  recentCalls?(query: CallsQuery): readonly StoredToolCall[];
  /** One call by its id; `undefined` when there is none. */
  findCall?(id: number): StoredToolCall | undefined;
  close(): void;
}

/** The statistics of no calls at all: what a provider with no recorded calls (or no database yet) has. */
export const EMPTY_TOOL_CALL_STATS: ToolCallStats = Object.freeze({
  total: 0,
  success: 0,
  repaired: 0,
  retried: 0,
  failed: 0,
  repairBreakdown: Object.freeze({}),
  averageParseMs: 0,
  averageRepairMs: 0,
  averageRetryMs: 0,
  retries: 0,
  models: Object.freeze([]),
});
