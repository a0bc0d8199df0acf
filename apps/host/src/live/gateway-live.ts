import type { CallsQuery, CallStatsReport, ITelemetryStore, StoredToolCall, TelemetryQuery, ToolCallStats } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import { GATEWAY_TELEMETRY_PROVIDER } from '@acode/infrastructure/telemetry';

/** Hears of each gateway call as it is recorded. */
export type CallListener = (call: ToolCallTelemetryRecord) => void;

/** Options of {@link createGatewayLive}. */
export interface GatewayLiveOptions {
  /** Longest silence on an event stream before a keep-alive comment; 15 s by default. */
  readonly keepAliveMs?: number;
  /** Event streams open at once, at most; 16 by default. */
  readonly maxStreams?: number;
  /** Bytes a stream may have waiting for a slow client before it is dropped; 256 KiB by default. */
  readonly maxBufferedBytes?: number;
}

/**
 * The live view's side of the gateway's telemetry: the store the gateway records into (the same
 * rows, also published to the event streams as they are recorded), the store the stats routes
 * read, and the open event streams, ended by {@link GatewayLive.close}.
 */
export interface GatewayLive {
  /** Give this to the gateway in place of the store it wraps: every row recorded is also published. */
  readonly store: ITelemetryStore;
  /** Starts hearing of calls recorded from now on; returns the function that stops it. */
  subscribe(listener: CallListener): () => void;
  /** Tracks an open stream so {@link close} can end it; returns the function that forgets it. */
  track(end: () => void): () => void;
  /** Event streams open now. */
  readonly openStreams: number;
  readonly keepAliveMs: number;
  readonly maxStreams: number;
  readonly maxBufferedBytes: number;
  /** Ends every open event stream (the host stops); later streams are refused. Does not close the store. */
  close(): void;
  /** True once {@link close} was called. */
  readonly closed: boolean;
}

/**
 * Wraps `store` (the host's gateway telemetry) so the rows the gateway records are published to
 * the live view's event streams as they are recorded: rows are written to the database in
 * batches, so the streams hear of a call from the record itself, not from the file. Only the
 * gateway's rows are published; a listener that throws is dropped, never failing the gateway.
 */
export function createGatewayLive(store: ITelemetryStore, options: GatewayLiveOptions = {}): GatewayLive {
  const listeners = new Set<CallListener>();
  const streams = new Set<() => void>();
  let closed = false;
  const publish = (row: ToolCallTelemetryRecord): void => {
    if (row.provider !== GATEWAY_TELEMETRY_PROVIDER) return;
    for (const listener of [...listeners]) {
      try {
        listener(row);
      } catch {
        listeners.delete(listener);
      }
    }
  };
  const wrapped: ITelemetryStore = {
    record(row: ToolCallTelemetryRecord): void {
      store.record(row);
      publish(row);
    },
    query: (query?: TelemetryQuery) => store.query(query),
    findByCorrelationId: (correlationId: string) => store.findByCorrelationId(correlationId),
    stats: (query?: TelemetryQuery): ToolCallStats => store.stats(query),
    ...(store.callStats === undefined ? {} : { callStats: (query: CallsQuery): CallStatsReport => store.callStats!(query) }),
    ...(store.recentCalls === undefined ? {} : { recentCalls: (query: CallsQuery): readonly StoredToolCall[] => store.recentCalls!(query) }),
    ...(store.findCall === undefined ? {} : { findCall: (id: number): StoredToolCall | undefined => store.findCall!(id) }),
    close: () => store.close(),
  };
  return {
    store: wrapped,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    track(end) {
      streams.add(end);
      return () => streams.delete(end);
    },
    get openStreams() {
      return streams.size;
    },
    keepAliveMs: options.keepAliveMs ?? 15_000,
    maxStreams: options.maxStreams ?? 16,
    maxBufferedBytes: options.maxBufferedBytes ?? 256 * 1024,
    close() {
      closed = true;
      for (const end of [...streams]) end();
      streams.clear();
    },
    get closed() {
      return closed;
    },
  };
}
