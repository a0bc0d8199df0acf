import { ERROR_CODES } from '@acode/domain';
import { GATEWAY_SETTINGS, isGlob } from '@acode/infrastructure/config';
import { anthropicMessagesFront, ollamaChatFront, openAiChatFront, openAiResponsesFront, type GatewayFront } from '@acode/infrastructure/gateway';
import { eventLoopShare, REQUEST_START_COST } from '@acode/infrastructure/model-clients';
import type { AnswerSink } from './answer-sink.js';
import { BoundedSemaphore } from './bounded-semaphore.js';
import { bodyTimedOut, bodyTooLarge, deadlineBeforeUpstream, gatewayBusy } from './gateway-errors.js';
import { GatewayRequestMetrics, type GatewayRouteLabel } from './gateway-metrics.js';
import type { FrontExchange, GatewayOptions } from './gateway-options.js';
import { countTokens, listModels, storedResponse } from './gateway-own-answers.js';
import type { GatewayReply } from './gateway-reply.js';
import { deadlinePassed, startRequestDeadline } from './request-deadline.js';
import { serveFront } from './serve-front.js';

/** What a gateway path is: its template, the front whose shape its errors take, what serves it. */
export interface GatewayRoute {
  /** The route template to log (`/v1/messages`), or `/v1/* (gateway pass-through)`. */
  readonly template: string;
  /** The front whose shape its errors take. */
  readonly front: GatewayFront;
  /** `chat` for the checked routes, `count_tokens`, `stored_response` and `models` (with `gateway.models` set) for the gateway's own answers, `pass_through` for the rest. */
  readonly kind: 'chat' | 'count_tokens' | 'stored_response' | 'models' | 'pass_through';
  /** Its metric label. */
  readonly label: GatewayRouteLabel;
}

/** How a request body was read: whole, or why not (`stopped`: its time ran out). */
export type BodyReading =
  | { readonly ok: true; readonly body: Uint8Array }
  | { readonly ok: false; readonly reason: 'too_large' | 'aborted' | 'stopped' };

/** One request as its transport hands it to the gateway. */
export interface GatewayRequestInput {
  readonly method: string | undefined;
  /** The path's decoded segments (`['v1', 'messages']`). */
  readonly segments: readonly string[];
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly correlationId: string;
  /** Aborts when the client hangs up. */
  readonly gone: AbortSignal;
  /** Where a streamed answer goes. */
  readonly sink: AnswerSink;
  /** Reads the body, at most `limitBytes`, until `stop` aborts. */
  readBody(limitBytes: number, stop: AbortSignal): Promise<BodyReading>;
}

/** A transport's own route for paths the gateway does not check (the host forwards them upstream). */
export type PassThrough = (front: GatewayFront, exchange: FrontExchange) => Promise<GatewayReply | undefined>;

/** The gateway's routes as one object: which route a request is, and serving it. */
export interface GatewayRequests {
  /** What a request to `segments` is. */
  routeOf(method: string | undefined, segments: readonly string[], headers: GatewayRequestInput['headers']): GatewayRoute;
  /**
   * Serves one request: the whole answer to send, or `undefined` once it was streamed to the sink
   * (or the client is gone). Paths the gateway does not check go to `passThrough`, else a 404 in
   * their front's shape.
   */
  serve(input: GatewayRequestInput, passThrough?: PassThrough): Promise<GatewayReply | undefined>;
}

/**
 * The gateway's routes over `options`, whatever the transport: the four fronts' chat routes
 * checked (`POST /v1/chat/completions`, `/api/chat`, `/v1/messages`, `/v1/responses`), Anthropic's
 * token count, stored Responses and (with `gateway.models`) the models lists answered by the
 * gateway itself. Each request's deadline starts on arrival; its body is read (bounded in size and
 * time) before it takes one of `maxConcurrentUpstream` slots, so a client trickling its body never
 * holds one; past as many waiting, 503.
 */
export function createGatewayRequests(options: GatewayOptions): GatewayRequests {
  const bound = options.maxConcurrentUpstream;
  const requestTimeoutMs = options.requestTimeoutMs ?? GATEWAY_SETTINGS.request_timeout_ms.default;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? GATEWAY_SETTINGS.body_timeout_ms.default;
  const slots = bound === undefined ? undefined : sharedSlots(options.upstreamSlots, bound);
  // With names mapped, the models routes answer them too; otherwise they pass through untouched.
  const listsModels = (options.models ?? []).some((mapping) => !isGlob(mapping.name));
  const routeOf = (method: string | undefined, segments: readonly string[], headers: GatewayRequestInput['headers']): GatewayRoute => gatewayRoute(method, segments, headers, listsModels);
  return {
    routeOf,
    async serve(input, passThrough) {
      const { correlationId, sink } = input;
      const route = routeOf(input.method, input.segments, input.headers);
      const shape = route.front;
      // Requests ended here are counted here, before a route's own metrics exist: under the route they were for.
      const ended = (outcome: 'invalid_request' | 'deadline' | 'cancelled' | 'busy'): void => new GatewayRequestMetrics(options.metrics, route.label).finish(outcome);
      if (route.kind === 'stored_response') return storedResponse(input.segments[2] ?? '', shape, correlationId, options.responses);
      // From arrival: the body, the wait for a slot and the upstream all count against the deadline.
      const deadline = startRequestDeadline(requestTimeoutMs);
      sink.onClose(deadline.clear);
      const headers = { 'x-acode-correlation-id': correlationId };
      const body = await input.readBody(options.maxBodyBytes, AbortSignal.any([AbortSignal.timeout(bodyTimeoutMs), deadline.signal]));
      if (!body.ok) {
        if (body.reason === 'aborted') {
          ended('cancelled');
          return undefined;
        }
        // The rest of the body is left unread: the transport closes the connection after this answer.
        if (body.reason === 'too_large') {
          ended('invalid_request');
          return bodyTooLarge(shape, options.maxBodyBytes, headers);
        }
        ended('deadline');
        if (deadline.signal.aborted) return deadlineBeforeUpstream(shape, deadline.timeoutMs, { ...headers, 'x-acode-outcome': 'deadline' }, 'body');
        options.logger.warn(`Gateway request body did not arrive within ${bodyTimeoutMs} ms`, { event: 'GatewayBodyTimeout', correlation_id: correlationId, error_code: ERROR_CODES.GATEWAY_DEADLINE });
        return bodyTimedOut(shape, bodyTimeoutMs, headers);
      }
      // Aborts when the client hangs up or the deadline passes; `deadlinePassed` tells which.
      const within = AbortSignal.any([input.gone, deadline.signal]);
      if (slots !== undefined) {
        const slot = await slots.acquire(within);
        if (!slot.ok) {
          if (slot.reason === 'aborted' && deadlinePassed(within)) {
            ended('deadline');
            return deadlineBeforeUpstream(shape, deadline.timeoutMs, { ...headers, 'x-acode-outcome': 'deadline' }, 'slot');
          }
          // A client that hung up while waiting is a cancelled request; one turned away, a busy one.
          ended(slot.reason === 'aborted' ? 'cancelled' : 'busy');
          return slot.reason === 'aborted' ? undefined : gatewayBusy(shape, correlationId, slots.limit);
        }
        // Held until the answer is written (a streamed one included) or the client is gone.
        if (sink.closed) slot.release();
        else sink.onClose(slot.release);
      }
      // Starting a request takes its turn with the streams in flight: a burst of arrivals is
      // served over several turns of the event loop, not all at once while nothing else runs.
      const turn = eventLoopShare(REQUEST_START_COST);
      if (turn !== undefined) await turn;
      const exchange: FrontExchange = { correlationId, gone: input.gone, deadline, body: body.body, sink };
      switch (route.kind) {
        case 'count_tokens':
          return countTokens(exchange);
        case 'models':
          return listModels(shape, options, within, correlationId);
        case 'chat':
          return serveFront(shape, exchange, options);
        default:
          if (passThrough !== undefined) return passThrough(shape, exchange);
          ended('invalid_request');
          return notServed(shape, correlationId);
      }
    },
  };
}

/** The front and kind of a gateway path. */
function gatewayRoute(method: string | undefined, segments: readonly string[], headers: GatewayRequestInput['headers'], listsModels: boolean): GatewayRoute {
  // Segment by segment, as decoded: `/v1/chat%2Fcompletions` is no chat route.
  const is = (...path: string[]): boolean => segments.length === path.length && path.every((part, index) => segments[index] === part);
  const anthropic = headers['anthropic-version'] !== undefined;
  const chat = (template: string, front: GatewayFront): GatewayRoute => ({ template, front, kind: 'chat', label: front.name });
  if (listsModels && (method === 'GET' || method === 'HEAD') && (is('v1', 'models') || is('api', 'tags'))) {
    const front = segments[0] === 'api' ? ollamaChatFront : anthropic ? anthropicMessagesFront : openAiChatFront;
    return { template: `/${segments.join('/')}`, front, kind: 'models', label: 'pass_through' };
  }
  if (method === 'POST') {
    if (is('v1', 'chat', 'completions')) return chat('/v1/chat/completions', openAiChatFront);
    if (is('api', 'chat')) return chat('/api/chat', ollamaChatFront);
    if (is('v1', 'messages')) return chat('/v1/messages', anthropicMessagesFront);
    if (is('v1', 'responses')) return chat('/v1/responses', openAiResponsesFront);
    if (is('v1', 'messages', 'count_tokens')) return { template: '/v1/messages/count_tokens', front: anthropicMessagesFront, kind: 'count_tokens', label: 'anthropic_messages' };
  }
  if (method === 'GET' && segments.length === 3 && segments[0] === 'v1' && segments[1] === 'responses') {
    return { template: '/v1/responses/{id}', front: openAiResponsesFront, kind: 'stored_response', label: 'openai_responses' };
  }
  // Errors of other paths take the shape their client reads: Ollama's under /api/, Anthropic's
  // for a client that names its API version, OpenAI's otherwise.
  const front = segments[0] === 'api' ? ollamaChatFront : anthropic ? anthropicMessagesFront : openAiChatFront;
  return { template: `/${segments[0] ?? ''}/* (gateway pass-through)`, front, kind: 'pass_through', label: 'pass_through' };
}

/** 404 in the front's shape: a path the gateway does not serve (a transport without pass-through). */
function notServed(front: GatewayFront, correlationId: string): GatewayReply {
  return { status: 404, body: front.error({ status: 404, code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message: 'The gateway serves no such route here', type: 'invalid_request_error' }), headers: { 'x-acode-correlation-id': correlationId } };
}

/** The given slots resized to `bound` (with as many waiting), or new ones. */
function sharedSlots(given: BoundedSemaphore | undefined, bound: number): BoundedSemaphore {
  if (given === undefined) return new BoundedSemaphore(bound, bound);
  given.resize(bound, bound);
  return given;
}
