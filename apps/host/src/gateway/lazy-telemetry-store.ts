import type { CallsQuery, CallStatsReport, ILogger, ITelemetryStore, StoredToolCall, TelemetryQuery, ToolCallStats } from '@acode/application';
import { AcodeException, EMPTY_TOOL_CALL_STATS } from '@acode/application';
import { ERROR_CODES, type ToolCallTelemetryRecord } from '@acode/domain';

/**
 * A telemetry store opened on its first use: a host that serves no gateway call creates no
 * database file. A store that cannot be opened is logged once (ACODE-TEL-001) and the host goes on
 * without telemetry, as the retry handler does for a failing write: telemetry is an observer.
 */
export function lazyTelemetryStore(open: () => ITelemetryStore, logger: ILogger): ITelemetryStore {
  let store: ITelemetryStore | undefined;
  let unavailable = false;
  const opened = (): ITelemetryStore | undefined => {
    if (store !== undefined || unavailable) return store;
    try {
      store = open();
    } catch (error) {
      unavailable = true;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn(`Gateway telemetry is off (${ERROR_CODES.TELEMETRY_UNAVAILABLE}): ${message}`, { error_code: ERROR_CODES.TELEMETRY_UNAVAILABLE });
    }
    return store;
  };
  return {
    record(row: ToolCallTelemetryRecord): void {
      opened()?.record(row);
    },
    query: (query?: TelemetryQuery): readonly ToolCallTelemetryRecord[] => opened()?.query(query) ?? [],
    findByCorrelationId: (correlationId: string): readonly ToolCallTelemetryRecord[] => opened()?.findByCorrelationId(correlationId) ?? [],
    stats: (query?: TelemetryQuery): ToolCallStats => opened()?.stats(query) ?? EMPTY_TOOL_CALL_STATS,
    // The live view's reads: a store that is off (or cannot compute them) answers ACODE-TEL-001.
    callStats: (query: CallsQuery): CallStatsReport => live(opened()?.callStats?.bind(store))(query),
    recentCalls: (query: CallsQuery): readonly StoredToolCall[] => live(opened()?.recentCalls?.bind(store))(query),
    findCall: (id: number): StoredToolCall | undefined => live(opened()?.findCall?.bind(store))(id),
    // Closing never opens: a store nobody used has nothing to close.
    close: (): void => store?.close(),
  };
}

/** `read`, or a function throwing ACODE-TEL-001 when the store is off or lacks it. */
function live<A, R>(read: ((argument: A) => R) | undefined): (argument: A) => R {
  if (read !== undefined) return read;
  return () => {
    throw new AcodeException(ERROR_CODES.TELEMETRY_UNAVAILABLE, 'Gateway telemetry is off: the telemetry database could not be opened (see the host log).');
  };
}
