import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ERROR_CODES } from '@acode/domain';
import type { GatewayFront } from '@acode/infrastructure/gateway';
import {
  badResponseError,
  classifyNetworkFailure,
  endpointOf,
  holdsSecretForm,
  redactSecretForms,
  secretForms,
  timeoutError,
  unreachableError,
  type RequestSite,
  type SecretForms,
  type SecretValue,
} from '@acode/infrastructure/model-clients';
import type { HostResponse } from '../http/host-response.js';
import { gatewayError, GatewayRequestMetrics } from '@acode/gateway';
import type { HostGatewayOptions } from './host-gateway.js';
import { scrubStream } from './scrub-stream.js';

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), plus `host`. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/**
 * Credentials, forwarded neither way: the upstream gets its own configured key only, and the
 * client none of the upstream's cookies or challenges (nor an `Authorization` it echoes).
 */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'set-cookie2', 'www-authenticate', 'proxy-authenticate']);

/** Request headers the gateway writes itself: the framing of the body it already read, the encoding it can scrub, its correlation id. */
const REWRITTEN_REQUEST_HEADERS = new Set(['content-length', 'expect', 'accept-encoding', 'x-correlation-id']);

/** Response headers about the upstream's bytes, which a redaction changes: Node frames the body itself. */
const REWRITTEN_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'content-md5', 'digest', 'content-digest', 'repr-digest']);

/**
 * The upstream's root for pass-through: its base URL without a trailing `/v1` (an
 * OpenAI-compatible base URL names its `/v1`; the client's path already has it).
 */
export function upstreamRoot(baseUrl: string): URL {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * Forwards a request under `/v1/` or `/api/` the gateway does not intercept (models, tags, show,
 * embeddings...) to the upstream: method, path and query, `body` (the request's body, already
 * read) with its length, and the client's headers but hop-by-hop ones, `host` and credentials;
 * the configured API key as `Authorization` when there is one, and `accept-encoding: identity`.
 * The answer comes back with its status, its headers but hop-by-hop and credential ones, and its
 * body streamed; the configured key and the host's token are redacted from both in every form
 * (literal, JSON-escaped, percent-encoded, base64), as they flow. An answer in a content encoding
 * (which could not be scrubbed) is refused with 502. The upstream request is aborted when the
 * client hangs up. Returns an error response when the upstream cannot be reached before
 * answering (in `wire`'s shape), `undefined` once the answer is being streamed.
 */
export function passThrough(wire: GatewayFront, req: IncomingMessage, res: ServerResponse, correlationId: string, signal: AbortSignal, options: HostGatewayOptions, body: Buffer): Promise<HostResponse | undefined> {
  const root = upstreamRoot(options.upstreamSettings.baseUrl);
  const target = new URL(`${root.pathname.replace(/\/+$/, '')}${req.url ?? '/'}`, root.origin);
  const forms = formsOf(options.upstreamSettings.apiKey, options.authToken);
  // The upstream as failure messages name it: the configured base URL (never a query or key), not the target.
  const site: RequestSite = { ...endpointOf(options.upstreamSettings), url: `${root.origin}${target.pathname}` };
  const headers = forwardedHeaders(req.headers, forms);
  const apiKey = options.upstreamSettings.apiKey;
  if (apiKey !== undefined) headers['authorization'] = `Bearer ${apiKey.reveal()}`;
  // Compressed bytes cannot be searched for a secret: the answer is asked for as it is.
  headers['accept-encoding'] = 'identity';
  headers['x-correlation-id'] = correlationId;
  // The body was read whole (bounded by max_body_bytes), so it is sent with its length; a request that had none gets none.
  const framed = body.length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (framed) headers['content-length'] = String(body.length);

  // Counted once the upstream answers (`success`, whatever its status), fails (`upstream_error`) or the client leaves (`cancelled`); no times: the body streams on.
  const metrics = new GatewayRequestMetrics(options.metrics, 'pass_through');
  return new Promise((resolve) => {
    // What became of the upstream's answer head: streamed to the client, or not passed on (the client gone, or a compressed body).
    let answer: 'streamed' | 'refused' | undefined;
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(target, { method: req.method ?? 'GET', headers, signal, timeout: options.upstreamSettings.timeoutMs });
    upstream.on('response', (head) => {
      if (res.headersSent || res.destroyed) {
        answer = 'refused';
        head.destroy();
        metrics.finish('cancelled');
        return resolve(undefined);
      }
      const encoding = contentCoding(head.headers);
      if (encoding !== undefined) {
        answer = 'refused';
        head.destroy();
        metrics.finish('upstream_error');
        options.logger.warn(`Gateway pass-through refused the upstream's answer: it came in a content encoding (${encoding}) although identity was asked for`, {
          event: 'GatewayPassThroughFailed',
          correlation_id: correlationId,
          error_code: ERROR_CODES.MODEL_BAD_RESPONSE,
        });
        // Worded as every upstream failure is (the chat routes' too): whose it is, where, how to set it.
        const refusal = badResponseError(site, `came in a content encoding (${encoding}) although the gateway asked for none; a body the gateway cannot check for secrets is not passed on`);
        return resolve(gatewayError(wire, { status: 502, code: refusal.code, message: refusal.message, type: 'upstream_error', headers: { 'x-acode-correlation-id': correlationId } }));
      }
      answer = 'streamed';
      metrics.finish('success');
      res.statusCode = head.statusCode ?? 502;
      copyAnswerHeaders(head.headers, res, forms);
      res.setHeader('x-acode-correlation-id', correlationId);
      // A client gone aborts the upstream request (through `signal`); an upstream cut ends the client's answer.
      // `pipe` rather than `pipeline`: the response carries the host's close listeners already, and `pipe` adds one.
      const scrubbed = scrubStream(forms);
      head.on('error', () => res.destroy());
      head.pipe(scrubbed).pipe(res);
      resolve(undefined);
    });
    let timedOut = false;
    upstream.on('timeout', () => {
      timedOut = true;
      upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' }));
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A refused answer is settled already; a streamed one is cut short.
      if (answer === 'refused') return;
      if (answer === 'streamed') {
        if (!res.writableFinished) res.destroy();
        return;
      }
      if (signal.aborted) {
        res.destroy();
        metrics.finish('cancelled');
        return resolve(undefined);
      }
      if (res.headersSent) {
        res.destroy();
        return resolve(undefined);
      }
      metrics.finish('upstream_error');
      // Silent past `timeout_ms` (the timer above) is a timeout; a connect that timed out is unreachable, as the chat routes say.
      const timeout = error.code === 'ETIMEDOUT' && timedOut;
      // A system error code only: never the error's message, which could quote the request.
      options.logger.warn(`Gateway pass-through to the upstream failed: ${error.code ?? 'error'}`, { event: 'GatewayPassThroughFailed', correlation_id: correlationId });
      // The same sentences as the chat routes' (the model client's), so every route names the upstream alike.
      const failure = timeout ? timeoutError(site, options.upstreamSettings.timeoutMs, 'answer') : unreachableError(site, classifyNetworkFailure(error));
      resolve(
        gatewayError(wire, {
          status: timeout ? 504 : 502,
          code: failure.code,
          message: failure.message,
          type: timeout ? 'timeout' : 'upstream_error',
          headers: { 'x-acode-correlation-id': correlationId },
        }),
      );
    });
    upstream.end(body.length > 0 ? body : undefined);
  });
}

/**
 * The client's headers the upstream gets: not hop-by-hop ones (those `connection` names too),
 * not credentials, not those the gateway writes itself, and none that holds a secret in some form
 * (a client may carry the host's token in a header of its own choosing; it is for the host only).
 */
function forwardedHeaders(incoming: IncomingHttpHeaders, forms: SecretForms | undefined): OutgoingHttpHeaders {
  const named = connectionNamed(incoming.connection);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CREDENTIAL_HEADERS.has(name) || REWRITTEN_REQUEST_HEADERS.has(name) || named.has(name)) continue;
    if ((Array.isArray(value) ? value : [value]).some((text) => holdsSecretForm(text, forms))) continue;
    headers[name] = value;
  }
  return headers;
}

/**
 * The upstream's headers onto the client's answer: not hop-by-hop ones (those `connection` names
 * too), not credentials, not the length or digests of bytes a redaction may change; a header whose
 * name holds a secret is dropped, the values of the rest redacted.
 */
function copyAnswerHeaders(incoming: IncomingHttpHeaders, res: ServerResponse, forms: SecretForms | undefined): void {
  const named = connectionNamed(incoming.connection);
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CREDENTIAL_HEADERS.has(name) || REWRITTEN_RESPONSE_HEADERS.has(name) || named.has(name) || holdsSecretForm(name, forms)) continue;
    res.setHeader(name, Array.isArray(value) ? value.map((text) => redactSecretForms(text, forms)) : redactSecretForms(value, forms));
  }
}

/** The header names a `connection` header lists: hop-by-hop for this message (RFC 9110 §7.6.1). */
function connectionNamed(connection: string | undefined): Set<string> {
  return new Set((connection ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''));
}

/**
 * The content (or transfer) coding of an answer other than identity and chunked, named for a
 * message when it is a plain token list (a hostile value is not quoted); `undefined` when the body
 * is plain bytes.
 */
function contentCoding(headers: IncomingHttpHeaders): string | undefined {
  const codings = [headers['content-encoding'], headers['transfer-encoding']]
    .flatMap((value) => (value ?? '').split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity' && coding !== 'chunked');
  if (codings.length === 0) return undefined;
  const named = codings.join(', ');
  return /^[a-z0-9._, -]{1,40}$/.test(named) ? named : 'not named';
}

/** Where no secret is configured, in the cache's keys. */
const NONE = Object.freeze({});
const formsCache = new WeakMap<object, WeakMap<object, SecretForms | null>>();

/**
 * The forms of the upstream's key and the host's token, built once per pair: the gateway's
 * options are copied per request, its secrets are not, and the expression they make is slow to
 * build and compile (tens of milliseconds), quick to run.
 */
function formsOf(apiKey: SecretValue | undefined, authToken: SecretValue | undefined): SecretForms | undefined {
  const byKey = formsCache.get(apiKey ?? NONE) ?? new WeakMap<object, SecretForms | null>();
  formsCache.set(apiKey ?? NONE, byKey);
  let forms = byKey.get(authToken ?? NONE);
  if (forms === undefined) {
    forms = secretForms([apiKey, authToken]) ?? null;
    byKey.set(authToken ?? NONE, forms);
  }
  return forms ?? undefined;
}
