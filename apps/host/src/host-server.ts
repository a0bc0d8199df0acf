import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  AcodeException,
  type IClock,
  type ICorrelationContext,
  type ILogger,
  type IMetrics,
  type IToolSchemaRegistry,
} from '@acode/application';
import { ERROR_CODES, type RegistryLimits } from '@acode/domain';
import { eventLoopShare, REQUEST_START_COST } from '@acode/infrastructure/model-clients';
import type { HostDefinitions } from './definitions/host-definitions.js';
import type { HostExecution } from './execution/host-execution.js';
import { GatewayRequestMetrics } from '@acode/gateway';
import type { HostGateway } from './gateway/host-gateway.js';
import type { GatewayLive } from './live/gateway-live.js';
import { accessRefusalResponse, canonicalHostAccess, createAccessPolicy, isOpenRoute, type AccessPolicy, type AccessTarget, type HostAccess } from './http/access-policy.js';
import { isLoopbackAddress } from './gateway/gateway-guard.js';
import { CORRELATION_ID_HEADER, acceptedCorrelationId } from './http/correlation-id.js';
import { hostError } from './http/host-error.js';
import { writeHostResponse, type HostResponse } from './http/host-response.js';
import { readBoundedBody } from './http/read-body.js';
import { parseRequestTarget } from './http/request-target.js';
import { HOST_ROUTES, type HostRoute, type RouteContext } from './routes/index.js';
import { matchTemplate } from './routes/route.js';

/** Time limits of the server; each bounds how long a client can hold a connection. */
export interface HostTimeouts {
  /** Time a client has to send all request headers. */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** Time an idle keep-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  /** Time shutdown waits for in-flight requests before closing their connections. */
  readonly drainTimeoutMs: number;
}

/** 10 s for headers, 30 s per request, 5 s keep-alive, 10 s drain. */
export const DEFAULT_HOST_TIMEOUTS: HostTimeouts = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  drainTimeoutMs: 10_000,
});

/** Largest request head (request line and headers) accepted; larger is a 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** What the host server is built from: the ports of the container plus its limits. */
export interface HostServerOptions {
  readonly registry: IToolSchemaRegistry;
  readonly logger: ILogger;
  readonly correlation: ICorrelationContext;
  /** Limits of the registry; the body of a validation is bounded by `maxArgumentSizeBytes`. */
  readonly limits: RegistryLimits;
  /** Served at `/metrics` when it can render Prometheus text. */
  readonly metrics?: IMetrics;
  /** For uptime and request durations; `performance.now()` by default. */
  readonly clock?: IClock;
  readonly timeouts?: Partial<HostTimeouts>;
  /** Sessions and tool execution (`/v1/sessions/...`); without it those routes answer 503. */
  readonly execution?: HostExecution;
  /** Stored tool definitions (`/v1/definitions`, `/v1/events`, issue 16); without it those routes answer 503. */
  readonly definitions?: HostDefinitions;
  /**
   * The tool-call gateway (issue 15): `POST /v1/chat/completions` and `POST /api/chat` checked,
   * every other path under `/v1/` and `/api/` that no host route serves passed to its upstream.
   * Without it those paths are 404s.
   */
  readonly gateway?: HostGateway;
  /**
   * Who may use the host (see `createAccessPolicy`, applied to every request before its route):
   * the bearer token every route but `GET /healthz` and the Tool Manager page's files requires
   * (`gateway.auth_token_env`; `hostAccessFromConfig` reads it), and the origins and host names
   * served beyond the host's own. Without a token, a host bound beyond loopback serves only those
   * open routes. Throws `ConfigurationException` (ACODE-CFG-002) for a malformed list entry.
   */
  readonly access?: HostAccess;
  /** The gateway's telemetry for the live view (`/v1/gateway/stats`, `/calls`, `/events`); without it those routes answer 503. */
  readonly live?: GatewayLive;
}

/** A host server: bound with `listen`, drained with `close`. */
export interface HostServer {
  /**
   * Starts listening; resolves with the bound address (port 0 picks a free port). Rejects with
   * an `AcodeException` (ACODE-HST-002) when the address cannot be bound.
   */
  listen(port: number, address: string): Promise<AddressInfo>;
  /**
   * Stops accepting connections, lets in-flight requests finish for up to `drainTimeoutMs`,
   * then closes whatever is left. Idempotent.
   */
  close(): Promise<void>;
  /** Requests being served right now. */
  readonly inFlight: number;
}

/**
 * Lingering after a refused body: the response is flushed and the write side closed first, so
 * the client reads the answer before the connection is reset on the unread body.
 */
const REFUSED_BODY_LINGER_MS = 1_000;

/** Creates the HTTP server of the host (`node:http`, no framework). Nothing listens until `listen`. */
export function createHostServer(options: HostServerOptions): HostServer {
  const { registry, logger, correlation, limits, metrics } = options;
  const timeouts = { ...DEFAULT_HOST_TIMEOUTS, ...options.timeouts };
  const clock: IClock = options.clock ?? { now: () => performance.now() };
  let draining = false;
  let inFlight = 0;
  let closing: Promise<void> | undefined;
  // Checked now, so a bad list fails at construction rather than on the first request.
  const access = canonicalHostAccess(options.access ?? {});
  // Depends on the bound address: made when the server listens.
  let policy: AccessPolicy | undefined;
  const accessPolicy = (): AccessPolicy => (policy ??= createAccessPolicy(access, { address: (server.address() as AddressInfo | null)?.address ?? '127.0.0.1' }));

  const context: RouteContext = {
    registry,
    metrics,
    limits,
    clock,
    startedAt: clock.now(),
    isDraining: () => draining,
    logger,
    ...(options.execution === undefined ? {} : { execution: options.execution }),
    ...(options.definitions === undefined ? {} : { definitions: options.definitions }),
    ...(options.live === undefined ? {} : { live: options.live }),
  };

  const server = createServer({
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    // Node checks the two timeouts on this interval (30 s by default), which would double them.
    connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(timeouts.headersTimeoutMs / 4))),
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      // A drained keep-alive connection must not wait for its idle timeout.
      if (draining) server.closeIdleConnections();
    });
    correlation.run(() => void serve(req, res), acceptedCorrelationId(req.headers[CORRELATION_ID_HEADER]));
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => refuseMalformedRequest(error, socket, correlation));

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = clock.now();
    const correlationId = correlation.current();
    res.setHeader('X-Correlation-Id', correlationId);
    let template = '(unmatched)';
    let response: HostResponse | undefined;
    try {
      // Health checks never wait; any other request takes its turn with the streams in flight,
      // so a burst of arrivals is served over several turns of the event loop, not in one.
      if ((req.url ?? '').split('?')[0] !== '/healthz') {
        const turn = eventLoopShare(REQUEST_START_COST);
        if (turn !== undefined) await turn;
      }
      const routed = route(req, res, correlationId);
      template = routed.template;
      response = await routed.respond();
    } catch (error) {
      // The details stay in the log under the correlation id; the caller gets the id only.
      logger.error(`Request failed: ${error instanceof Error ? error.message : String(error)}`, {
        event: 'HostRequestFailed',
        correlation_id: correlationId,
        route: template,
        error_code: error instanceof AcodeException ? error.code : ERROR_CODES.HOST_INTERNAL_ERROR,
      });
      logger.debug('Request failure detail', { correlation_id: correlationId, stack: error instanceof Error ? error.stack : undefined });
      response = hostError(500, `Internal error; quote correlation id ${correlationId} when reporting it`, correlationId, {
        code: ERROR_CODES.HOST_INTERNAL_ERROR,
      });
    }
    if (response === undefined) return; // the client is gone
    // A body left unread (refused, or sent where none is expected) must not be drained: the
    // connection is closed instead, whatever its size.
    if (!req.complete) lingerClose(req, res);
    // Checked at write time: a request that began before shutdown must not keep its connection.
    if (draining) res.setHeader('Connection', 'close');
    writeHostResponse(res, response);
    logger.debug(`${req.method ?? '?'} ${template} ${response.status}`, {
      event: 'HostRequestServed',
      correlation_id: correlationId,
      method: req.method,
      route: template,
      status: response.status,
      duration_ms: clock.now() - started,
    });
  }

  /** Picks the route for a request; method and path errors are answered here. */
  function route(req: IncomingMessage, res: ServerResponse, correlationId: string): { template: string; respond: () => Promise<HostResponse | undefined> } {
    const parsed = parseRequestTarget(req.url);
    if (!parsed.ok) return fixed(hostError(parsed.status, parsed.message, correlationId));
    const { segments, query } = parsed.target;
    const matches = HOST_ROUTES.flatMap((candidate) => {
      const params = matchTemplate(candidate.template, segments);
      return params ? [{ candidate, params }] : [];
    });
    const gateway = options.gateway;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const match = matches.find(({ candidate }) => candidate.method === method);
    // The host's own routes keep priority; the gateway takes the rest of `/v1/` and `/api/`.
    const gatewayRoute = matches.length === 0 && gateway !== undefined && gateway.handles(segments) ? gateway.routeOf(req.method, segments, req.headers) : undefined;
    const gatewayTemplate = gatewayRoute?.template;
    // One access rule for every request, decided before any route or the gateway runs (a 404 or 405 included).
    const target: AccessTarget =
      gatewayRoute === undefined ? { family: 'host', open: isOpenRoute(match?.candidate) } : { family: 'gateway', front: gatewayRoute.front, chat: gatewayRoute.kind === 'chat' || gatewayRoute.kind === 'count_tokens' };
    const refusal = accessPolicy().check(req, target);
    if (refusal !== undefined) {
      if (gatewayRoute !== undefined) new GatewayRequestMetrics(metrics, gatewayRoute.label).finish(refusal.reason === 'token' || refusal.reason === 'no-token' ? 'unauthorized' : 'invalid_request');
      return { template: gatewayTemplate ?? match?.candidate.template ?? '(unmatched)', respond: async () => accessRefusalResponse(refusal, target, correlationId) };
    }
    // The token is the host's: no route sees it, and the gateway never forwards it (the upstream gets its own key, if any).
    if (accessPolicy().tokenRequired) {
      delete req.headers.authorization;
      delete req.headers['x-api-key'];
    }
    if (gateway !== undefined && gatewayTemplate !== undefined) {
      const gone = goneSignal(res);
      return { template: gatewayTemplate, respond: () => gateway.serve(req, res, segments, correlationId, gone) };
    }
    if (matches.length === 0) return fixed(hostError(404, 'No such endpoint', correlationId));
    if (!match) {
      const allow = allowedMethods(matches.map(({ candidate }) => candidate));
      return fixed(hostError(405, `Method ${req.method ?? ''} is not allowed here; use ${allow}`, correlationId, { headers: { Allow: allow } }));
    }
    const { candidate, params } = match;
    // A client that hangs up mid-request cancels what its request started (a tool run).
    const gone = goneSignal(res);
    return {
      template: candidate.template,
      respond: async () =>
        candidate.handle(
          { params, query, headers: req.headers, correlationId, readBody: (limitBytes) => readBoundedBody(req, limitBytes), signal: gone, response: res },
          context,
        ),
    };
  }

  return {
    get inFlight() {
      return inFlight;
    },

    listen(port, address) {
      return new Promise<AddressInfo>((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException): void => reject(listenFailure(error, port, address));
        server.once('error', onError);
        server.listen(port, address, () => {
          server.off('error', onError);
          server.on('error', (error) => logger.error(`Host server error: ${error.message}`, { event: 'HostServerError' }));
          policy = undefined;
          if (!accessPolicy().tokenRequired && !isLoopbackAddress(address)) {
            logger.warn(`The host listens on ${address} without a bearer token: it serves only /healthz and the Tool Manager page`, { event: 'HostAccessTokenless' });
          }
          resolve(server.address() as AddressInfo);
        });
      });
    },

    close() {
      closing ??= new Promise<void>((resolve) => {
        draining = true;
        if (!server.listening) return resolve();
        const forceClose = setTimeout(() => {
          logger.warn(`Drain timeout of ${timeouts.drainTimeoutMs}ms passed; closing ${inFlight} open request(s)`, {
            event: 'HostDrainTimeout',
            in_flight: inFlight,
          });
          server.closeAllConnections();
        }, timeouts.drainTimeoutMs);
        forceClose.unref();
        // `close` stops accepting and closes idle keep-alive connections; it calls back when the
        // last busy connection has ended.
        server.close(() => {
          clearTimeout(forceClose);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/** Aborted when the client hangs up before its response is written. */
function goneSignal(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort(new Error('The client closed the connection'));
  });
  return gone.signal;
}

function fixed(response: HostResponse): { template: string; respond: () => Promise<HostResponse> } {
  return { template: '(unmatched)', respond: async () => response };
}

function allowedMethods(routes: readonly HostRoute[]): string {
  return [...new Set(routes.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))].join(', ');
}

/**
 * Closes the connection of a request whose body was left unread: once the response is
 * flushed, the write side is ended and, after a short linger, the socket destroyed. Reading
 * the rest of the body would let a client make the host swallow any amount of data.
 */
function lingerClose(req: IncomingMessage, res: ServerResponse): void {
  req.pause();
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    const socket = req.socket;
    socket.end();
    setTimeout(() => socket.destroy(), REFUSED_BODY_LINGER_MS).unref();
  });
}

/** Answers requests Node's parser refused (bad syntax, oversized head, timeouts) with a JSON error. */
function refuseMalformedRequest(error: NodeJS.ErrnoException, socket: Socket, correlation: ICorrelationContext): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', `The request head is larger than ${MAX_HEADER_BYTES} bytes`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request was not received in time']
        : [400, 'Bad Request', 'The request is not valid HTTP/1.1'];
  const correlationId = correlation.run(() => correlation.current());
  const body = JSON.stringify({ error: { code: ERROR_CODES.HOST_BAD_REQUEST, message, correlation_id: correlationId } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Correlation-Id: ${correlationId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function listenFailure(error: NodeJS.ErrnoException, port: number, address: string): AcodeException {
  const where = `${address}:${port}`;
  const reason =
    error.code === 'EADDRINUSE'
      ? 'the port is already in use'
      : error.code === 'EACCES'
        ? 'permission denied'
        : error.code === 'EADDRNOTAVAIL'
          ? 'the address is not available on this machine'
          : (error.code ?? 'unknown error');
  return new AcodeException(ERROR_CODES.HOST_LISTEN_FAILED, `Cannot listen on ${where}: ${reason}`, { cause: error });
}
