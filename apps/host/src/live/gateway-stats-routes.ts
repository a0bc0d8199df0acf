import { AcodeException, type ITelemetryStore } from '@acode/application';
import { ERROR_CODES, type ToolCallTelemetryRecord } from '@acode/domain';
import { GATEWAY_TELEMETRY_PROVIDER } from '@acode/infrastructure/telemetry';
import { hostError } from '../http/host-error.js';
import { jsonResponse, type HostResponse } from '../http/host-response.js';
import type { HostRoute, RouteContext, RouteRequest } from '../routes/route.js';
import { callDetailView, callStatsView, callSummaryView } from './call-view.js';
import type { GatewayLive } from './gateway-live.js';
import { DEFAULT_PERIOD, readCallId, readLimit, readModel, readSince } from './live-query.js';

/**
 * `GET /v1/gateway/stats?since=1h&model=…`: per model, the calls of the period by outcome with
 * their shares (repaired, re-asked, lost), the repairs and text-call formats that fired, the tools
 * called and the model's time per request (p50, p90, p99), and a time series of calls by outcome
 * for the charts. `since` is `1h` when absent.
 */
export const gatewayStatsRoute: HostRoute = {
  template: '/v1/gateway/stats',
  method: 'GET',
  handle: (request, context) =>
    withLiveStore(request, context, (store) => {
      // One instant for both ends: a period of `1h` is cut into one-minute buckets, not a hair over an hour's.
      const now = new Date();
      const since = readSince(request.query, now);
      if (!since.ok) return hostError(400, since.message, request.correlationId);
      const model = readModel(request.query);
      if (!model.ok) return hostError(400, model.message, request.correlationId);
      // Every open page re-reads the stats on each call event and every 30 s, and a long period
      // costs SQLite a pass over all its rows on the event loop: the same period and model asked
      // again within STATS_CACHE_MS is answered from the last report.
      const cache = statsCacheOf(context.live!);
      const key = `${request.query.get('since') ?? DEFAULT_PERIOD}\u0000${model.value ?? ''}`;
      const cached = cache.entries.get(key);
      const age = cached === undefined ? -1 : now.getTime() - cached.at;
      // A call recorded since makes a report stale (a page re-reads just after each call event),
      // unless it is very recent: then a burst of calls still costs one pass per STATS_FRESH_MS.
      if (cached !== undefined && age >= 0 && age < STATS_CACHE_MS && (cached.generation === cache.generation || age < STATS_FRESH_MS)) return jsonResponse(200, cached.view);
      const report = store.callStats({ provider: GATEWAY_TELEMETRY_PROVIDER, since: since.value, until: now.toISOString(), ...(model.value === undefined ? {} : { model: model.value }) });
      const view = callStatsView(report);
      cache.entries.delete(key);
      cache.entries.set(key, { at: now.getTime(), generation: cache.generation, view });
      // Oldest first in a Map: the bound drops the least recently computed.
      for (const stale of cache.entries.keys()) {
        if (cache.entries.size <= MAX_STATS_CACHE_ENTRIES) break;
        cache.entries.delete(stale);
      }
      return jsonResponse(200, view);
    }),
};

/** How long a stats report is served again to a request for the same period and model. */
export const STATS_CACHE_MS = 1_500;

/** Reports kept at once (periods × models asked within {@link STATS_CACHE_MS}). */
const MAX_STATS_CACHE_ENTRIES = 32;

/** Age under which a report is served again even though calls were recorded since. */
const STATS_FRESH_MS = 250;

interface StatsCache {
  /** Reports by the query's `since` text and model, oldest first. */
  readonly entries: Map<string, { readonly at: number; readonly generation: number; readonly view: ReturnType<typeof callStatsView> }>;
  /** Counts the calls published: a report computed before the latest one is stale. */
  generation: number;
}

/** The recent reports of each live view. */
const statsCaches = new WeakMap<GatewayLive, StatsCache>();

function statsCacheOf(live: GatewayLive): StatsCache {
  let cache = statsCaches.get(live);
  if (cache === undefined) {
    const created: StatsCache = { entries: new Map(), generation: 0 };
    live.subscribe(() => void created.generation++);
    statsCaches.set(live, (cache = created));
  }
  return cache;
}

/** `GET /v1/gateway/calls?since=&model=&limit=`: the period's calls, newest first, 50 by default and at most 500. */
export const gatewayCallsRoute: HostRoute = {
  template: '/v1/gateway/calls',
  method: 'GET',
  handle: (request, context) =>
    withLiveStore(request, context, (store) => {
      const since = readSince(request.query, new Date());
      if (!since.ok) return hostError(400, since.message, request.correlationId);
      const model = readModel(request.query);
      if (!model.ok) return hostError(400, model.message, request.correlationId);
      const limit = readLimit(request.query);
      if (!limit.ok) return hostError(400, limit.message, request.correlationId);
      const calls = store.recentCalls({ provider: GATEWAY_TELEMETRY_PROVIDER, since: since.value, limit: limit.value, ...(model.value === undefined ? {} : { model: model.value }) });
      return jsonResponse(200, { since: since.value, calls: calls.map(callSummaryView) });
    }),
};

/** `GET /v1/gateway/calls/{id}`: one call in full, the model's arguments beside the client's when telemetry keeps them. */
export const gatewayCallRoute: HostRoute = {
  template: '/v1/gateway/calls/{id}',
  method: 'GET',
  handle: (request, context) =>
    withLiveStore(request, context, (store) => {
      const id = readCallId(request.params['id'] ?? '');
      if (!id.ok) return hostError(400, id.message, request.correlationId);
      const call = store.findCall(id.value);
      // Only the gateway's calls are the live view's.
      if (call === undefined || call.provider !== GATEWAY_TELEMETRY_PROVIDER) return hostError(404, `No gateway call has the id ${id.value}`, request.correlationId);
      return jsonResponse(200, callDetailView(call));
    }),
};

/**
 * `GET /v1/gateway/events`: server-sent events, one `call` event per gateway call as it is
 * recorded (its summary as one line of JSON, without an id: its row is written a moment later),
 * a keep-alive comment when silent. A client that reads too slowly is dropped rather than
 * buffered for; every stream ends when the host stops. At most `maxStreams` at once (503
 * ACODE-HST-007 beyond).
 */
export const gatewayEventsRoute: HostRoute = {
  template: '/v1/gateway/events',
  method: 'GET',
  handle: (request, context) => {
    const live = context.live;
    if (live === undefined) return unavailable(request);
    return openCallStream(request, context, live);
  },
};

/** Every route of the live view. */
export const GATEWAY_LIVE_ROUTES: readonly HostRoute[] = Object.freeze([gatewayStatsRoute, gatewayCallsRoute, gatewayCallRoute, gatewayEventsRoute]);

type LiveStore = ITelemetryStore & Required<Pick<ITelemetryStore, 'callStats' | 'recentCalls' | 'findCall'>>;

/** Runs `work` over the host's telemetry; 503 ACODE-TEL-001 when the host has none or it cannot be read. */
function withLiveStore(request: RouteRequest, context: RouteContext, work: (store: LiveStore) => HostResponse): HostResponse {
  const store = context.live?.store;
  if (store?.callStats === undefined || store.recentCalls === undefined || store.findCall === undefined) return unavailable(request);
  try {
    return work(store as LiveStore);
  } catch (error) {
    if (error instanceof AcodeException && error.code === ERROR_CODES.TELEMETRY_UNAVAILABLE) {
      return hostError(503, error.message, request.correlationId, { code: ERROR_CODES.TELEMETRY_UNAVAILABLE });
    }
    throw error;
  }
}

function unavailable(request: RouteRequest): HostResponse {
  return hostError(503, 'This host keeps no gateway telemetry', request.correlationId, { code: ERROR_CODES.TELEMETRY_UNAVAILABLE });
}

/** Opens one event stream on the response, within the bound; none once the live view is closed (the host stops). */
function openCallStream(request: RouteRequest, context: RouteContext, live: GatewayLive): HostResponse | undefined {
  if (live.closed || context.isDraining()) {
    return hostError(503, 'The host is stopping: it opens no new event streams', request.correlationId, {
      code: ERROR_CODES.HOST_EVENT_STREAMS_FULL,
      headers: { 'Retry-After': '5' },
    });
  }
  if (live.openStreams >= live.maxStreams) {
    return hostError(503, `At most ${live.maxStreams} clients may follow the gateway's calls at once`, request.correlationId, {
      code: ERROR_CODES.HOST_EVENT_STREAMS_FULL,
      headers: { 'Retry-After': '5' },
    });
  }
  const res = request.response;
  if (res.destroyed) return undefined;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.flushHeaders();
  let id = 0;
  let lastWrite = Date.now();
  let unsubscribe: () => void = () => undefined;
  let forget: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  // Stops everything that could still write: after `end()` a write would raise an unhandled
  // 'error' (write after end), and 'close' may come much later for a slow client.
  const stop = (): void => {
    clearInterval(timer);
    unsubscribe();
    forget();
  };
  const end = (): void => {
    stop();
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  const send = (text: string): void => {
    if (res.writableEnded || res.destroyed) return stop();
    // A client that does not read is dropped: its events would otherwise pile up in memory.
    if (res.writableLength > live.maxBufferedBytes) {
      stop();
      res.destroy();
      return;
    }
    res.write(text);
    lastWrite = Date.now();
  };
  // The stream says it is open at once, so a client knows it follows from here.
  send(': connected\n\n');
  unsubscribe = live.subscribe((call: ToolCallTelemetryRecord) => send(`id: ${++id}\nevent: call\ndata: ${JSON.stringify(callSummaryView(call))}\n\n`));
  timer = setInterval(
    () => {
      // A stopping host ends its streams, so its drain does not wait on them.
      if (context.isDraining()) return end();
      if (Date.now() - lastWrite >= live.keepAliveMs) send(': keep-alive\n\n');
    },
    Math.max(50, Math.min(1_000, Math.floor(live.keepAliveMs / 2))),
  );
  timer.unref();
  forget = live.track(end);
  res.once('close', stop);
  return undefined;
}
