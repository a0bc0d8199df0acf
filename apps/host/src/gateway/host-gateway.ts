import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ILogger, IMetrics, ITelemetryStore } from '@acode/application';
import type { ToolCallSettings } from '@acode/domain';
import { BoundedSemaphore, createGatewayRequests, StoredResponses, type FrontExchange, type GatewayOptions, type GatewayRoute } from '@acode/gateway';
import type { GatewaySettings } from '@acode/infrastructure/config';
import { MemoryPool, ToolContractCache } from '@acode/infrastructure/gateway';
import { gatewayTelemetryStore } from '@acode/infrastructure/telemetry';
import { asGatewayUpstream, createChatModelClient, endpointOf, serverAt, readProviderSettings, type Environment, type ProviderSettings, type SecretValue } from '@acode/infrastructure/model-clients';
import type { HostResponse } from '../http/host-response.js';
import { readBoundedBody } from '../http/read-body.js';
import { gatewayAuthToken } from './gateway-guard.js';
import { NodeAnswerSink } from './node-answer-sink.js';
import { passThroughWithin } from './pass-through-deadline.js';

/** A request the host passes through to the upstream: the gateway's exchange and the Node request and response it forwards. */
export interface GatewayExchange extends FrontExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

/** What the host's gateway runs with: the gateway's options, and what passing other paths through to the upstream needs. */
export interface HostGatewayOptions extends GatewayOptions {
  /** The upstream's settings: base URL and key for pass-through, the timeout. */
  readonly upstreamSettings: ProviderSettings;
  /** The host's bearer token (`gateway.auth_token_env`), which the host's access rule checks: never forwarded upstream, and scrubbed from pass-through answers. */
  readonly authToken?: SecretValue;
}

/** The gateway as the host server sees it. */
export interface HostGateway {
  /** Whether a path (as decoded segments) that no host route matched is the gateway's: anything under `/v1/` or `/api/`. */
  handles(segments: readonly string[]): boolean;
  /** What a request it handles is. */
  routeOf(method: string | undefined, segments: readonly string[], headers: IncomingHttpHeaders): GatewayRoute;
  /** Serves one request to the path `segments` (decoded, as {@link routeOf} judged it): a whole answer to write, or `undefined` once it wrote (streamed) one itself or the client is gone. */
  serve(req: IncomingMessage, res: ServerResponse, segments: readonly string[], correlationId: string, signal: AbortSignal): Promise<HostResponse | undefined>;
}

/**
 * The gateway's routes over `options` on the host's Node server (see `createGatewayRequests`):
 * answers written to the `ServerResponse` with trailers and back-pressure, every path the
 * gateway does not check passed through to the upstream, scrubbed and bounded.
 */
export function createHostGateway(options: HostGatewayOptions): HostGateway {
  const requests = createGatewayRequests(options);
  return {
    handles: (segments) => segments.length >= 2 && (segments[0] === 'v1' || segments[0] === 'api'),
    routeOf: (method, segments, headers) => requests.routeOf(method, segments, headers),
    serve(req, res, segments, correlationId, signal) {
      // The bearer token was checked by the host's access rule (http/access-policy.ts), which also
      // removes it; removed here too so the client's token is never forwarded whatever built the host
      // (the upstream gets its own key, if any).
      if (options.authToken !== undefined) {
        delete req.headers.authorization;
        delete req.headers['x-api-key'];
      }
      return requests.serve(
        {
          method: req.method,
          segments,
          headers: req.headers,
          correlationId,
          gone: signal,
          sink: new NodeAnswerSink(res),
          readBody: (limitBytes, stop) => readBoundedBody(req, limitBytes, stop),
        },
        (front, exchange) => passThroughWithin(front, { ...exchange, req, res }, options),
      );
    },
  };
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
  // Named as the upstream in every failure message, with the key that sets its address.
  if ('provider' in upstream) return asGatewayUpstream(readProviderSettings(model, upstream.provider, env, overrides), upstream);
  const section = { type: upstream.type, base_url: upstream.baseUrl, ...(upstream.apiKeyEnv === undefined ? {} : { api_key_env: upstream.apiKeyEnv }) };
  // Messages name `gateway.upstream.<key>`, where the user wrote them, not this stand-in section.
  return asGatewayUpstream(readProviderSettings({ providers: { gateway: section } }, 'gateway', env, overrides, ['gateway', 'upstream']), upstream);
}

/**
 * What the host's gateways share across a reload of the configuration, so a rebuilt gateway loses
 * nothing: the answers' memory pool (in-flight answers keep drawing from it), the stored Responses
 * answers (`previous_response_id` keeps working), the cache of compiled tool contracts, and the
 * bearer token read at start (the access rule that checks it is fixed for the life of the host).
 */
export interface GatewayParts {
  readonly memoryPool: MemoryPool;
  readonly responses: StoredResponses;
  readonly contracts: ToolContractCache;
  readonly authToken: SecretValue | undefined;
  /** The `gateway.max_concurrent_upstream` slots, resized on a reload: requests running on the old gateway still hold theirs. */
  readonly upstreamSlots: BoundedSemaphore;
}

/** A host gateway built from configuration, with the parts a rebuilt one takes over. */
export interface ConfiguredGateway extends HostGateway {
  readonly parts: GatewayParts;
  /** The upstream's settings, checked (for the start-up lines). */
  readonly upstreamSettings: ProviderSettings;
}

/**
 * The gateway of a host configured with `gateway:` (defaults when the files have none), its retry
 * settings the upstream provider's `tool_call:`, its token read from `gateway.auth_token_env`.
 * With `telemetry`, one row per tool call is recorded there under provider `gateway`, the upstream
 * named by its `model.providers` name or, for `base_url` + `type`, its base URL.
 * With `parts` (a reload), those of the gateway it replaces are kept; the memory pool only while
 * `gateway.max_total_buffered_bytes` is unchanged (answers in flight give back to the pool they drew from).
 * Throws `ConfigurationException` (ACODE-CFG-002) for a bad upstream or a token variable not set.
 */
export function gatewayFromConfig(
  config: { readonly gateway: GatewaySettings; readonly model: unknown; readonly toolCall: Readonly<Record<string, Partial<ToolCallSettings>>> },
  env: Environment,
  logger: ILogger,
  metrics?: IMetrics,
  telemetry?: ITelemetryStore,
  parts?: GatewayParts,
): ConfiguredGateway {
  const upstreamSettings = gatewayUpstreamSettings(config.gateway, config.model, env);
  // A provider's `tool_call:` settings (retries, backoff) apply to the gateway that uses it.
  const toolCallSettings = 'provider' in config.gateway.upstream ? config.toolCall[config.gateway.upstream.provider] : undefined;
  const limit = config.gateway.maxTotalBufferedBytes;
  const kept: GatewayParts = {
    authToken: parts === undefined ? gatewayAuthToken(config.gateway, env) : parts.authToken,
    memoryPool: parts !== undefined && parts.memoryPool.limit === limit ? parts.memoryPool : new MemoryPool(limit),
    responses: parts?.responses ?? new StoredResponses(),
    contracts: parts?.contracts ?? new ToolContractCache(),
    upstreamSlots: parts?.upstreamSlots ?? new BoundedSemaphore(config.gateway.maxConcurrentUpstream, config.gateway.maxConcurrentUpstream),
  };
  const gateway = createHostGateway({
    ...(kept.authToken === undefined ? {} : { authToken: kept.authToken }),
    maxConcurrentUpstream: config.gateway.maxConcurrentUpstream,
    upstreamSlots: kept.upstreamSlots,
    requestTimeoutMs: config.gateway.requestTimeoutMs,
    bodyTimeoutMs: config.gateway.bodyTimeoutMs,
    ...(config.gateway.keepAliveMs === undefined ? {} : { keepAliveMs: config.gateway.keepAliveMs }),
    maxBufferedBytes: config.gateway.maxBufferedBytes,
    memoryPool: kept.memoryPool,
    ...(toolCallSettings === undefined ? {} : { toolCallSettings }),
    upstream: createChatModelClient(upstreamSettings),
    upstreamSettings,
    upstreamName: serverAt(endpointOf(upstreamSettings)),
    onInvalid: config.gateway.onInvalid,
    strict: config.gateway.strict,
    maxBodyBytes: config.gateway.maxBodyBytes,
    contracts: kept.contracts,
    models: config.gateway.models,
    responses: kept.responses,
    logger,
    ...(metrics === undefined ? {} : { metrics }),
    ...(telemetry === undefined ? {} : { telemetry: gatewayTelemetryStore(telemetry, upstreamName(config.gateway, upstreamSettings)) }),
  });
  return { ...gateway, parts: kept, upstreamSettings };
}

/** How telemetry rows name the upstream: the provider's name, or the server's base URL (never holding a credential, which the settings refuse). */
function upstreamName(gateway: GatewaySettings, settings: ProviderSettings): string {
  return 'provider' in gateway.upstream ? gateway.upstream.provider : settings.baseUrl;
}
