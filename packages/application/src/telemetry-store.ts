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
