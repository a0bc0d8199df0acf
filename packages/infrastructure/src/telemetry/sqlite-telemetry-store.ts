import {
  AcodeException,
  MAX_STATS_MODELS,
  type CallsQuery,
  type CallStatsReport,
  type ITelemetryStore,
  type ModelCallCount,
  type StoredToolCall,
  type TelemetryQuery,
  type ToolCallStats,
} from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import type Database from 'better-sqlite3';
import { computeCallStats, selectCall, selectRecentCalls } from './call-stats-queries.js';
import { findRecordProblem } from './find-record-problem.js';
import { openTelemetryDatabase } from './open-telemetry-database.js';
import { parseIsoInstant } from './parse-iso-instant.js';
import { PreparedStatements } from './prepared-statements.js';
import { buildTelemetryFilter, MAX_TELEMETRY_QUERY_ROWS } from './telemetry-filter.js';
import { describeStorageError, telemetryUnavailable } from './telemetry-unavailable.js';
import { fromToolCallRow, toToolCallParameters, type ToolCallRow } from './tool-call-row.js';
import { toolCallsMigration } from './migrations/0001-tool-calls.js';

/** How {@link SqliteTelemetryStore.open} opens the file. */
export interface OpenTelemetryStoreOptions {
  /**
   * Read only (`providers stats`, `debug tool-call`): the file must exist and be at this code's
   * schema version; nothing is created or migrated.
   */
  readonly readonly?: boolean;
}

interface StatsRow {
  readonly total: number;
  readonly success: number;
  readonly repaired: number;
  readonly retried: number;
  readonly failed: number;
  readonly average_parse_ms: number | null;
  readonly average_repair_ms: number | null;
  readonly average_retry_ms: number | null;
  readonly retries: number | null;
}

const INSERT_SQL = `INSERT INTO tool_calls (
  timestamp, correlation_id, provider, model, tool, call_id, parse_result, repairs, retry_count, error_codes, error_position,
  parse_ms, repair_ms, retry_ms, prompt_tokens, completion_tokens, total_tokens, original_arguments, final_arguments, error_message, upstream,
  route, text_format, upstream_ms, attempts
) VALUES (
  @timestamp, @correlation_id, @provider, @model, @tool, @call_id, @parse_result, @repairs, @retry_count, @error_codes, @error_position,
  @parse_ms, @repair_ms, @retry_ms, @prompt_tokens, @completion_tokens, @total_tokens, @original_arguments, @final_arguments, @error_message, @upstream,
  @route, @text_format, @upstream_ms, @attempts
)`;

/**
 * Tool-call telemetry in a SQLite file (issue 4 item 3), through better-sqlite3.
 *
 * Durability: the file is in WAL mode with `synchronous = FULL`, and `record` is one autocommit
 * INSERT, so a row is in the WAL and fsynced when `record` returns; a crash of the process, or of
 * the machine, afterwards loses nothing already recorded. `NORMAL` would survive a process crash
 * only: after a power loss it may drop the last commits. A row costs one fsync, next to a model
 * round trip per call, so FULL is chosen. WAL lets `providers stats` read while an agent writes.
 *
 * Every failure is an `AcodeException` with ACODE-TEL-001 and a sentence naming the file; SQLite
 * errors are quoted by their message only.
 */
export class SqliteTelemetryStore implements ITelemetryStore {
  /** The file, as given to {@link SqliteTelemetryStore.open}. */
  readonly file: string;
  readonly #db: Database.Database;
  readonly #statements: PreparedStatements;
  /** Whether `tool_calls` has migration 0003's `upstream`: a reader may open a file no writer has upgraded yet. */
  readonly #hasUpstream: boolean;
  /** Whether `tool_calls` has migration 0005's columns (route, text format, the model's time, attempts). */
  readonly #hasLive: boolean;

  private constructor(db: Database.Database, file: string) {
    this.#db = db;
    this.#statements = new PreparedStatements(db);
    this.file = file;
    try {
      const columns = this.#run('read the tool_calls columns', () => db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('tool_calls') as string[]);
      this.#hasUpstream = columns.includes('upstream');
      this.#hasLive = columns.includes('upstream_ms');
    } catch (error) {
      // The caller never gets the store, so nothing else would close the connection.
      db.close();
      throw error;
    }
  }

  /**
   * Opens (creating it and its directory when writable) the telemetry database at `file`, or an
   * in-memory one for `:memory:`, and brings its schema to this code's version.
   *
   * Throws ACODE-TEL-001 when the file cannot be created or opened, is not a SQLite database,
   * was written by a newer acode or another program, or (read only) does not exist or is behind.
   */
  static open(file: string, options: OpenTelemetryStoreOptions = {}): SqliteTelemetryStore {
    // Reading tool calls needs only the schema that made `tool_calls`, not what later versions added.
    return new SqliteTelemetryStore(openTelemetryDatabase(file, options.readonly === true ? { readonly: true, requiredVersion: toolCallsMigration.version } : options), file);
  }

  /**
   * Stores one row; it is committed (and fsynced) when this returns. The timestamp is stored
   * normalised to `toISOString` form so rows order and filter as text. Throws ACODE-TEL-001 for a
   * malformed row (naming the field, never its value) or a storage failure.
   */
  record(row: ToolCallTelemetryRecord): void {
    const problem = findRecordProblem(row);
    if (problem !== undefined) throw telemetryUnavailable(`Telemetry row not recorded: ${problem}.`);
    const timestamp = typeof row.timestamp === 'string' ? parseIsoInstant(row.timestamp) : undefined;
    if (timestamp === undefined) throw telemetryUnavailable('Telemetry row not recorded: timestamp must be an ISO 8601 date-time.');
    this.#run('record a tool call', () => this.#statement(INSERT_SQL).run(toToolCallParameters(row, timestamp)));
  }

  /**
   * Stores several rows in one transaction: one commit (one fsync) for all of them, which is what
   * a writer that batches rows off its request path wants. A malformed row is left out and the
   * others are still stored; then ACODE-TEL-001 says how many were left out and why (the first).
   */
  recordAll(rows: readonly ToolCallTelemetryRecord[]): void {
    const valid: Array<{ row: ToolCallTelemetryRecord; timestamp: string }> = [];
    let firstProblem: string | undefined;
    let refused = 0;
    for (const row of rows) {
      const problem = findRecordProblem(row) ?? (typeof row.timestamp === 'string' && parseIsoInstant(row.timestamp) !== undefined ? undefined : 'timestamp must be an ISO 8601 date-time');
      if (problem !== undefined) {
        refused++;
        firstProblem ??= problem;
        continue;
      }
      valid.push({ row, timestamp: parseIsoInstant(row.timestamp)! });
    }
    if (valid.length > 0) {
      this.#run('record tool calls', () => {
        const insert = this.#statement(INSERT_SQL);
        this.#db.transaction(() => {
          for (const { row, timestamp } of valid) insert.run(toToolCallParameters(row, timestamp));
        })();
      });
    }
    if (refused > 0) throw telemetryUnavailable(`${refused} telemetry row(s) not recorded: ${firstProblem}.`);
  }

  /** Rows matching `query`, newest first, at most `limit` (and never more than {@link MAX_TELEMETRY_QUERY_ROWS}). */
  query(query: TelemetryQuery = {}): readonly ToolCallTelemetryRecord[] {
    const filter = buildTelemetryFilter(query);
    const sql = `SELECT * FROM tool_calls ${filter.where} ORDER BY timestamp DESC, id DESC LIMIT @limit`;
    const rows = this.#run('read tool calls', () => this.#statement(sql).all({ ...filter.parameters, limit: filter.limit }) as ToolCallRow[]);
    return rows.map(fromToolCallRow);
  }

  /** Every row of one operation, oldest first (at most {@link MAX_TELEMETRY_QUERY_ROWS}). */
  findByCorrelationId(correlationId: string): readonly ToolCallTelemetryRecord[] {
    if (typeof correlationId !== 'string') throw telemetryUnavailable('Telemetry query refused: correlationId must be a string.');
    const sql = 'SELECT * FROM tool_calls WHERE correlation_id = ? ORDER BY timestamp, id LIMIT ?';
    const rows = this.#run('read tool calls', () => this.#statement(sql).all(correlationId, MAX_TELEMETRY_QUERY_ROWS) as ToolCallRow[]);
    return rows.map(fromToolCallRow);
  }

  /**
   * Aggregates over every row `query` covers (its `limit` is ignored), computed by SQLite:
   * counts per parse result; for each repair, the calls it was applied to; average parse time over
   * all calls, repair time over calls with a repair applied, retry time over calls retried at
   * least once (whatever their outcome). An average over no calls is 0. Also the model requests
   * made again (the sum of retry counts) and the calls per upstream and model, most first.
   */
  stats(query: TelemetryQuery = {}): ToolCallStats {
    const filter = buildTelemetryFilter({ ...query, limit: undefined });
    const totalsSql = `SELECT
        COUNT(*) AS total,
        COUNT(*) FILTER (WHERE parse_result = 'success') AS success,
        COUNT(*) FILTER (WHERE parse_result = 'repaired') AS repaired,
        COUNT(*) FILTER (WHERE parse_result = 'retried') AS retried,
        COUNT(*) FILTER (WHERE parse_result = 'failed') AS failed,
        AVG(parse_ms) AS average_parse_ms,
        AVG(repair_ms) FILTER (WHERE json_array_length(repairs) > 0) AS average_repair_ms,
        AVG(retry_ms) FILTER (WHERE retry_count > 0) AS average_retry_ms,
        SUM(retry_count) AS retries
      FROM tool_calls ${filter.where}`;
    const breakdownSql = `SELECT repair.value AS name, COUNT(DISTINCT tool_calls.id) AS calls
      FROM tool_calls, json_each(tool_calls.repairs) AS repair ${filter.where}
      GROUP BY repair.value ORDER BY calls DESC, name`;
    const upstream = this.#hasUpstream ? 'upstream' : 'NULL';
    const modelsSql = `SELECT ${upstream} AS upstream, model, COUNT(*) AS calls
      FROM tool_calls ${filter.where}
      GROUP BY ${upstream}, model ORDER BY calls DESC, upstream, model LIMIT ${MAX_STATS_MODELS}`;
    return this.#run('compute tool call statistics', () => {
      const totals = this.#statement(totalsSql).get(filter.parameters) as StatsRow;
      const breakdown = this.#statement(breakdownSql).all(filter.parameters) as Array<{ name: string; calls: number }>;
      const models = this.#statement(modelsSql).all(filter.parameters) as Array<{ upstream: string | null; model: string; calls: number }>;
      return {
        total: totals.total,
        success: totals.success,
        repaired: totals.repaired,
        retried: totals.retried,
        failed: totals.failed,
        repairBreakdown: Object.fromEntries(breakdown.map((entry) => [entry.name, entry.calls])),
        averageParseMs: totals.average_parse_ms ?? 0,
        averageRepairMs: totals.average_repair_ms ?? 0,
        averageRetryMs: totals.average_retry_ms ?? 0,
        retries: totals.retries ?? 0,
        models: models.map((entry): ModelCallCount => ({ model: entry.model, ...(entry.upstream === null ? {} : { upstream: entry.upstream }), calls: entry.calls })),
      };
    });
  }

  /**
   * Per-model aggregates of a period (calls by outcome, repairs, text-call formats, tools, the
   * model's time per request as p50/p90/p99) and its time series, computed by SQLite. Throws
   * ACODE-TEL-001 for a malformed query or a storage failure.
   */
  callStats(query: CallsQuery): CallStatsReport {
    return this.#run('compute call statistics', () => computeCallStats((sql) => this.#statement(sql), query, this.#hasLive, new Date()));
  }

  /** The calls of a period, newest first, with their row ids; 50 by default. */
  recentCalls(query: CallsQuery): readonly StoredToolCall[] {
    return this.#run('read recent calls', () => selectRecentCalls((sql) => this.#statement(sql), query, new Date()));
  }

  /** One call by its row id; `undefined` when there is none. */
  findCall(id: number): StoredToolCall | undefined {
    return this.#run('read a call', () => selectCall((sql) => this.#statement(sql), id));
  }

  /** Closes the connection; later calls fail with ACODE-TEL-001. Closing twice does nothing. */
  close(): void {
    this.#statements.close();
  }

  #statement(sql: string): Database.Statement {
    return this.#statements.get(sql);
  }

  #run<T>(action: string, work: () => T): T {
    if (!this.#db.open) throw telemetryUnavailable(`Telemetry database ${this.file} is closed: cannot ${action}.`);
    try {
      return work();
    } catch (error) {
      // A query refused for its values already says why.
      if (error instanceof AcodeException) throw error;
      throw telemetryUnavailable(`Telemetry database ${this.file} could not ${action}: ${describeStorageError(error)}.`, error);
    }
  }
}
