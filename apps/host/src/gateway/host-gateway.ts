import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IChatModelClient, ILogger, IMetrics, ITelemetryStore } from '@acode/application';
import { ERROR_CODES, type ToolCallSettings } from '@acode/domain';
import { GATEWAY_SETTINGS, type GatewaySettings } from '@acode/infrastructure/config';
import { MemoryPool, ToolContractCache } from '@acode/infrastructure/gateway';
import { gatewayTelemetryStore } from '@acode/infrastructure/telemetry';
import { createChatModelClient, eventLoopShare, readProviderSettings, REQUEST_START_COST, type Environment, type ProviderSettings, type SecretValue } from '@acode/infrastructure/model-clients';
import type { HostResponse } from '../http/host-response.js';
import { BoundedSemaphore } from './bounded-semaphore.js';
import { bodyTimedOut, bodyTooLarge, deadlineExceeded } from './gateway-errors.js';
import { gatewayAuthToken, gatewayBusy } from './gateway-guard.js';
import { serveGatewayChat } from './gateway-chat-route.js';
import { GatewayRequestMetrics, type GatewayRouteLabel } from './gateway-metrics.js';
import { passThroughWithin } from './pass-through-deadline.js';
import { readBoundedBody } from '../http/read-body.js';
import { deadlinePassed, startRequestDeadline, type RequestDeadline } from './request-deadline.js';

/** One gateway request as its route serves it, its body read already. */
export interface GatewayExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly correlationId: string;
  /** Aborts when the client hangs up. */
  readonly gone: AbortSignal;
  /** The request's overall deadline, started on its arrival. */
  readonly deadline: RequestDeadline;
  /** The whole request body (bounded by `gateway.max_body_bytes`). */
  readonly body: Buffer;
}

/** What the gateway's routes run with: the upstream, its settings, and one contract cache for the host. */
export interface HostGatewayOptions {
  /** The model server asked (and asked again) for chat requests. */
  readonly upstream: IChatModelClient;
  /** Its settings: base URL and key for pass-through, the timeout. */
  readonly upstreamSettings: ProviderSettings;
  readonly onInvalid: GatewaySettings['onInvalid'];
  readonly strict: boolean;
  readonly maxBodyBytes: number;
  /** The request's tools compiled once per distinct list. */
  readonly contracts: ToolContractCache;
  readonly logger: ILogger;
  /** Retry settings (`max_retries`, backoff...) over 002's defaults. */
  readonly toolCallSettings?: Partial<ToolCallSettings>;
  /** The host's bearer token (`gateway.auth_token_env`), which the host's access rule checks: never forwarded upstream, and scrubbed from pass-through answers. */
  readonly authToken?: SecretValue;
  /** Gateway requests served at once (`gateway.max_concurrent_upstream`); as many more wait, the rest get 503. Unbounded without it. */
  readonly maxConcurrentUpstream?: number;
  /** Where the gateway's requests, repairs, retries and times are recorded (`acode_gateway_*`); nothing recorded without it. */
  readonly metrics?: IMetrics;
  /**
   * Where one row per tool call goes, as given: {@link gatewayFromConfig} passes a
   * `gatewayTelemetryStore` view, so rows are filed under provider `gateway` with their upstream
   * and without argument values. No rows without it.
   */
  readonly telemetry?: ITelemetryStore;
  /** Longest silence of a client stream while its answer is decided before a keep-alive is written; 10 s by default. */
  readonly keepAliveMs?: number;
  /**
   * Longest a gateway request may last in all (`gateway.request_timeout_ms`), from its arrival
   * to its last byte, retries and streaming included; 10 minutes by default. Past it the upstream
   * request is stopped and the client gets 504 ACODE-GTW-005 (an error event once streaming).
   */
  readonly requestTimeoutMs?: number;
  /** Longest a client may take to send its body (`gateway.body_timeout_ms`), read before a slot is taken; 30 s by default. Past it: 408 ACODE-GTW-005. */
  readonly bodyTimeoutMs?: number;
  /** Most bytes one request's answers may hold in memory (`gateway.max_buffered_bytes`). */
  readonly maxBufferedBytes: number;
  /** What all answers together may hold (`gateway.max_total_buffered_bytes`), shared by the host's requests; no host-wide bound without it. */
  readonly memoryPool?: MemoryPool;
}

/** The gateway as the host server sees it. */
export interface HostGateway {
  /** Whether a path (as decoded segments) that no host route matched is the gateway's: anything under `/v1/` or `/api/`. */
  handles(segments: readonly string[]): boolean;
  /** The route template to log for a request it handles. */
  templateOf(method: string | undefined, segments: readonly string[]): string;
  /** Serves one request: a whole answer to write, or `undefined` once it wrote (streamed) one itself or the client is gone. */
  serve(req: IncomingMessage, res: ServerResponse, correlationId: string, signal: AbortSignal): Promise<HostResponse | undefined>;
}

/** The gateway's routes over `options` (issue 15): the two chat routes checked, every other path passed through. */
export function createHostGateway(options: HostGatewayOptions): HostGateway {
  const chatWire = (method: string | undefined, segments: readonly string[]): 'openai' | 'ollama' | undefined => {
    if (method !== 'POST') return undefined;
    if (segments.length === 3 && segments[0] === 'v1' && segments[1] === 'chat' && segments[2] === 'completions') return 'openai';
    if (segments.length === 2 && segments[0] === 'api' && segments[1] === 'chat') return 'ollama';
    return undefined;
  };
  const bound = options.maxConcurrentUpstream;
  const requestTimeoutMs = options.requestTimeoutMs ?? GATEWAY_SETTINGS.request_timeout_ms.default;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? GATEWAY_SETTINGS.body_timeout_ms.default;
  const slots = bound === undefined ? undefined : new BoundedSemaphore(bound, bound);
  return {
    handles: (segments) => segments.length >= 2 && (segments[0] === 'v1' || segments[0] === 'api'),
    templateOf(method, segments) {
      const wire = chatWire(method, segments);
      return wire === 'openai' ? '/v1/chat/completions' : wire === 'ollama' ? '/api/chat' : `/${segments[0] ?? ''}/* (gateway pass-through)`;
    },
    async serve(req, res, correlationId, signal) {
      const segments = (req.url ?? '').split('?')[0]!.split('/').slice(1);
      const wire = chatWire(req.method, segments);
      const shape = wire ?? (segments[0] === 'api' ? 'ollama' : 'openai');
      // Requests ended here are counted here, before a route's own metrics exist: under the route they were for.
      const ended = (outcome: 'invalid_request' | 'deadline' | 'cancelled' | 'busy'): void => new GatewayRequestMetrics(options.metrics, routeLabel(wire)).finish(outcome);
      // The bearer token was checked by the host's access rule (http/access-policy.ts), which also
      // removes it; removed here too so the client's token is never forwarded whatever built the host
      // (the upstream gets its own key, if any).
      if (options.authToken !== undefined) delete req.headers.authorization;
      // From arrival: the body, the wait for a slot and the upstream all count against the deadline.
      const deadline = startRequestDeadline(requestTimeoutMs);
      res.once('close', deadline.clear);
      const headers = { 'x-acode-correlation-id': correlationId };
      // The body is read before a slot is taken: a client trickling its body holds its own
      // connection for at most body_timeout_ms (or until the request's deadline), never one of
      // the upstream slots.
      const body = await readBoundedBody(req, options.maxBodyBytes, AbortSignal.any([AbortSignal.timeout(bodyTimeoutMs), deadline.signal]));
      if (!body.ok) {
        if (body.reason === 'aborted') {
          ended('cancelled');
          return undefined;
        }
        // The rest of the body is left unread: the server closes the connection after this answer.
        if (body.reason === 'too_large') {
          ended('invalid_request');
          return bodyTooLarge(shape, options.maxBodyBytes, headers);
        }
        ended('deadline');
        if (deadline.signal.aborted) return deadlineExceeded(shape, deadline.timeoutMs, { ...headers, 'x-acode-outcome': 'deadline' });
        options.logger.warn(`Gateway request body did not arrive within ${bodyTimeoutMs} ms`, { event: 'GatewayBodyTimeout', correlation_id: correlationId, error_code: ERROR_CODES.GATEWAY_DEADLINE });
        return bodyTimedOut(shape, bodyTimeoutMs, headers);
      }
      // Aborts when the client hangs up or the deadline passes; `deadlinePassed` tells which.
      const within = AbortSignal.any([signal, deadline.signal]);
      if (slots !== undefined) {
        const slot = await slots.acquire(within);
        if (!slot.ok) {
          if (slot.reason === 'aborted' && deadlinePassed(within)) {
            ended('deadline');
            return deadlineExceeded(shape, deadline.timeoutMs, { ...headers, 'x-acode-outcome': 'deadline' });
          }
          // A client that hung up while waiting is a cancelled request; one turned away, a busy one.
          ended(slot.reason === 'aborted' ? 'cancelled' : 'busy');
          return slot.reason === 'aborted' ? undefined : gatewayBusy(shape, correlationId, slots.limit);
        }
        // Held until the answer is written (a streamed one included) or the client is gone.
        if (res.closed) slot.release();
        else res.once('close', slot.release);
      }
      // Starting a request takes its turn with the streams in flight: a burst of arrivals is
      // served over several turns of the event loop, not all at once while nothing else runs.
      const turn = eventLoopShare(REQUEST_START_COST);
      if (turn !== undefined) await turn;
      const exchange: GatewayExchange = { req, res, correlationId, gone: signal, deadline, body: body.body };
      return wire === undefined ? passThroughWithin(shape, exchange, options) : serveGatewayChat(wire, exchange, options);
    },
  };
}

/** The metric label of a request's route: its chat wire, or pass-through for any other path. */
function routeLabel(wire: 'openai' | 'ollama' | undefined): GatewayRouteLabel {
  return wire === 'openai' ? 'openai_chat' : wire === 'ollama' ? 'ollama_chat' : 'pass_through';
}

/**
 * The upstream's settings from `gateway.upstream`: a provider of `model.providers` (its settings
 * as the model commands read them), or `base_url` + `type` (+ `api_key_env`), checked by the same
 * rules. `gateway.timeout_ms` wins over the provider's. Throws `ConfigurationException`
 * (ACODE-CFG-002) for a bad value, or a key variable that is not set.
 */
export function gatewayUpstreamSettings(gateway: GatewaySettings, model: unknown, env: Environment): ProviderSettings {
  const overrides = gateway.timeoutMs === undefined ? {} : { timeoutMs: gateway.timeoutMs };
  const upstream = gateway.upstream;
  if ('provider' in upstream) return readProviderSettings(model, upstream.provider, env, overrides);
  const section = { type: upstream.type, base_url: upstream.baseUrl, ...(upstream.apiKeyEnv === undefined ? {} : { api_key_env: upstream.apiKeyEnv }) };
  return readProviderSettings({ providers: { gateway: section } }, 'gateway', env, overrides);
}

/**
 * The gateway of a host configured with `gateway:` (defaults when the files have none), its retry
 * settings the upstream provider's `tool_call:`, its token read from `gateway.auth_token_env`.
 * With `telemetry`, one row per tool call is recorded there under provider `gateway`, the upstream
 * named by its `model.providers` name or, for `base_url` + `type`, its base URL.
 * Throws `ConfigurationException` (ACODE-CFG-002) for a bad upstream or a token variable not set.
 */
export function gatewayFromConfig(
  config: { readonly gateway: GatewaySettings; readonly model: unknown; readonly toolCall: Readonly<Record<string, Partial<ToolCallSettings>>> },
  env: Environment,
  logger: ILogger,
  metrics?: IMetrics,
  telemetry?: ITelemetryStore,
): HostGateway {
  const upstreamSettings = gatewayUpstreamSettings(config.gateway, config.model, env);
  // A provider's `tool_call:` settings (retries, backoff) apply to the gateway that uses it.
  const toolCallSettings = 'provider' in config.gateway.upstream ? config.toolCall[config.gateway.upstream.provider] : undefined;
  const authToken = gatewayAuthToken(config.gateway, env);
  return createHostGateway({
    ...(authToken === undefined ? {} : { authToken }),
    maxConcurrentUpstream: config.gateway.maxConcurrentUpstream,
    requestTimeoutMs: config.gateway.requestTimeoutMs,
    bodyTimeoutMs: config.gateway.bodyTimeoutMs,
    ...(config.gateway.keepAliveMs === undefined ? {} : { keepAliveMs: config.gateway.keepAliveMs }),
    maxBufferedBytes: config.gateway.maxBufferedBytes,
    memoryPool: new MemoryPool(config.gateway.maxTotalBufferedBytes),
    ...(toolCallSettings === undefined ? {} : { toolCallSettings }),
    upstream: createChatModelClient(upstreamSettings),
    upstreamSettings,
    onInvalid: config.gateway.onInvalid,
    strict: config.gateway.strict,
    maxBodyBytes: config.gateway.maxBodyBytes,
    contracts: new ToolContractCache(),
    logger,
    ...(metrics === undefined ? {} : { metrics }),
    ...(telemetry === undefined ? {} : { telemetry: gatewayTelemetryStore(telemetry, upstreamName(config.gateway, upstreamSettings)) }),
  });
}

/** How telemetry rows name the upstream: the provider's name, or the server's base URL (never holding a credential, which the settings refuse). */
function upstreamName(gateway: GatewaySettings, settings: ProviderSettings): string {
  return 'provider' in gateway.upstream ? gateway.upstream.provider : settings.baseUrl;
}
