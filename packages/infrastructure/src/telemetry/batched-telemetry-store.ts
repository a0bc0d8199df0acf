import type { CallsQuery, CallStatsReport, ILogger, ITelemetryStore, StoredToolCall, TelemetryQuery, ToolCallStats } from '@acode/application';
import { ERROR_CODES, type ToolCallTelemetryRecord } from '@acode/domain';

/** A store that can write several rows in one transaction (`SqliteTelemetryStore.recordAll`). */
export interface BatchWritableTelemetryStore extends ITelemetryStore {
  recordAll?(rows: readonly ToolCallTelemetryRecord[]): void;
}

/** Options of {@link batchedTelemetryStore}. */
export interface BatchedTelemetryOptions {
  /** Longest a row waits before it is written; 1 s by default. */
  readonly flushMs?: number;
  /** Rows that make a write at once, whatever the wait; 256 by default. */
  readonly maxRows?: number;
  /** Where a failed write is reported (once per failure, ACODE-TEL-001); telemetry never fails a request. */
  readonly logger?: ILogger;
}

/**
 * A telemetry store that takes rows off the request path: `record` queues the row, and the queue
 * is written in one transaction (one commit, one fsync) when `flushMs` passes or `maxRows` wait,
 * before any read, and on `close`. A SQLite store in `synchronous = FULL` pays one fsync per
 * commit, which on a real disk is 0.1 to 10 ms: the gateway adds none of it to a call. The price
 * is the rows of the last `flushMs` when the process is killed (a clean stop writes them).
 */
export function batchedTelemetryStore(store: BatchWritableTelemetryStore, options: BatchedTelemetryOptions = {}): ITelemetryStore & { flush(): void } {
  const flushMs = options.flushMs ?? 1000;
  const maxRows = options.maxRows ?? 256;
  let queue: ToolCallTelemetryRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const rows = queue;
    queue = [];
    try {
      if (store.recordAll !== undefined) store.recordAll(rows);
      else for (const row of rows) store.record(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.logger?.warn(`Telemetry rows not written (${ERROR_CODES.TELEMETRY_UNAVAILABLE}): ${message}`, { error_code: ERROR_CODES.TELEMETRY_UNAVAILABLE, rows: rows.length });
    }
  };

  return {
    record(row: ToolCallTelemetryRecord): void {
      queue.push(row);
      if (queue.length >= maxRows) return flush();
      if (timer === undefined) {
        timer = setTimeout(flush, flushMs);
        // A queue never keeps a process alive: `close` writes it.
        timer.unref();
      }
    },
    query(query?: TelemetryQuery): readonly ToolCallTelemetryRecord[] {
      flush();
      return store.query(query);
    },
    findByCorrelationId(correlationId: string): readonly ToolCallTelemetryRecord[] {
      flush();
      return store.findByCorrelationId(correlationId);
    },
    stats(query?: TelemetryQuery): ToolCallStats {
      flush();
      return store.stats(query);
    },
    // The live view's reads, when the store has them: queued rows are written first, like any read.
    ...(store.callStats === undefined
      ? {}
      : {
          callStats: (query: CallsQuery): CallStatsReport => {
            flush();
            return store.callStats!(query);
          },
        }),
    ...(store.recentCalls === undefined
      ? {}
      : {
          recentCalls: (query: CallsQuery): readonly StoredToolCall[] => {
            flush();
            return store.recentCalls!(query);
          },
        }),
    ...(store.findCall === undefined
      ? {}
      : {
          findCall: (id: number): StoredToolCall | undefined => {
            flush();
            return store.findCall!(id);
          },
        }),
    flush,
    close(): void {
      flush();
      store.close();
    },
  };
}
