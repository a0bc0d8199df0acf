import { ERROR_CODES } from '@acode/domain';
import { openAiChatFront } from '@acode/infrastructure/gateway';
import { gatewayError } from './gateway-errors.js';
import { bearerToken, tokenDigest, tokenMatches } from './gateway-token.js';
import type { GatewayOptions } from './gateway-options.js';
import type { GatewayReply } from './gateway-reply.js';
import { createGatewayRequests, type BodyReading } from './gateway-requests.js';
import { WebAnswerSink } from './web-answer-sink.js';

/** Options of {@link createGatewayHandler}. */
export interface GatewayHandlerOptions extends GatewayOptions {
  /** The token clients must send (`Authorization: Bearer <token>` or `x-api-key: <token>`); every request is served without it. */
  readonly token?: string;
  /** Where the handler is mounted (`/gateway`): stripped from the path before the routes are matched. None by default. */
  readonly basePath?: string;
}

/** A fetch-style handler: what Hono, a Next.js route handler, Deno, Bun or a Worker-style server calls. */
export type GatewayHandler = (request: Request) => Promise<Response>;

/**
 * The gateway as a fetch-style handler to mount in a server of one's own: the four fronts'
 * checked routes (`POST /v1/chat/completions`, `/api/chat`, `/v1/messages`, `/v1/responses`),
 * `POST /v1/messages/count_tokens`, `GET /v1/responses/{id}` and, with `models`, the models
 * lists, all in the client's own wire and error shape; any other path is a 404 (the host passes
 * those through to its upstream; a mounting server routes them itself). Streamed answers stream,
 * held back while the reader is slow; the request's `signal` stops the upstream when the client is
 * gone. Origin and CORS rules are the mounting server's.
 *
 * @example
 * const handler = createGatewayHandler({ upstream: createChatModelClient(settings), contracts: new ToolContractCache(), ... });
 * export const POST = handler; // a Next.js route handler
 */
export function createGatewayHandler(options: GatewayHandlerOptions): GatewayHandler {
  const requests = createGatewayRequests(options);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const token = options.token === undefined ? undefined : tokenDigest(options.token);
  return async (request) => {
    const correlationId = request.headers.get('x-acode-correlation-id') ?? crypto.randomUUID();
    const url = new URL(request.url);
    if (basePath !== '' && !url.pathname.startsWith(`${basePath}/`)) return replyOf(notMounted(correlationId));
    const path = url.pathname.slice(basePath.length);
    let segments: string[];
    try {
      segments = path.split('/').slice(1).map((segment) => decodeURIComponent(segment));
    } catch {
      return replyOf(gatewayError(openAiChatFront, { status: 400, code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message: 'The path is not valid percent-encoded UTF-8', type: 'invalid_request_error', headers: { 'x-acode-correlation-id': correlationId } }));
    }
    const headers = Object.fromEntries(request.headers);
    const route = requests.routeOf(request.method, segments, headers);
    if (token !== undefined && !carriesToken(request.headers, token)) {
      return replyOf(
        gatewayError(route.front, {
          status: 401,
          code: ERROR_CODES.GATEWAY_AUTH_REQUIRED,
          message: 'The gateway requires "Authorization: Bearer <token>" or "x-api-key: <token>"',
          type: 'authentication_error',
          headers: { 'www-authenticate': 'Bearer', 'x-acode-correlation-id': correlationId },
        }),
      );
    }
    let opened: ((response: Response) => void) | undefined;
    const streamed = new Promise<Response>((resolve) => (opened = resolve));
    const sink = new WebAnswerSink(request.signal, (response) => opened!(response));
    const served = requests
      .serve({ method: request.method, segments, headers, correlationId, gone: request.signal, sink, readBody: (limit, stop) => readBody(request, limit, stop) })
      .then((reply): Response => {
        // An answer sent whole never opened the stream: closing it gives back what the request held (its slot, memory, deadline).
        if (!sink.opened) sink.close();
        return reply !== undefined ? replyOf(reply) : new Response(null, { status: 499 });
      });
    // A failure after the stream opened cannot become a status any more: the stream is cut, never left hanging.
    served.catch(() => sink.destroy());
    // The first of: the stream opening (its response goes out now), or the whole reply.
    return Promise.race([streamed, served]);
  };
}

/** 404 for a path outside `basePath`, in OpenAI's shape (no route, so no front to tell). */
function notMounted(correlationId: string): GatewayReply {
  return gatewayError(openAiChatFront, { status: 404, code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message: 'The gateway serves no such route here', type: 'invalid_request_error', headers: { 'x-acode-correlation-id': correlationId } });
}

function replyOf(reply: GatewayReply): Response {
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { ...reply.headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}

/** Whether a bearer token or `x-api-key` is the token. */
function carriesToken(headers: Headers, expected: Buffer): boolean {
  return tokenMatches(bearerToken(headers.get('authorization') ?? undefined), expected) || tokenMatches(headers.get('x-api-key') ?? undefined, expected);
}

/** The body, at most `limitBytes`, read until `stop` aborts or the client is gone. */
async function readBody(request: Request, limitBytes: number, stop: AbortSignal): Promise<BodyReading> {
  if (request.body === null) return { ok: true, body: new Uint8Array() };
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limitBytes) return { ok: false, reason: 'too_large' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let settle: () => void = () => undefined;
  const stopped = new Promise<'stopped' | 'aborted'>((resolve) => {
    settle = (): void => resolve(request.signal.aborted ? 'aborted' : 'stopped');
    if (stop.aborted || request.signal.aborted) settle();
    stop.addEventListener('abort', settle, { once: true });
    request.signal.addEventListener('abort', settle, { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), stopped]);
      if (next === 'stopped' || next === 'aborted') {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: next };
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limitBytes) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(next.value);
    }
  } catch {
    return { ok: false, reason: 'aborted' };
  } finally {
    stop.removeEventListener('abort', settle);
    request.signal.removeEventListener('abort', settle);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}
