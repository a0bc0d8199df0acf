import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ERROR_CODES } from '@acode/domain';
import type { GatewayWire } from '@acode/infrastructure/gateway';
import type { HostResponse } from '../http/host-response.js';
import { gatewayError } from './gateway-errors.js';
import { GatewayRequestMetrics } from './gateway-metrics.js';
import type { HostGatewayOptions } from './host-gateway.js';

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
 * embeddings...) to the upstream unchanged: method, path and query, headers but hop-by-hop ones
 * and `host`, the body streamed; then the status, headers and body back, streamed. The upstream
 * request is aborted when the client hangs up. The configured API key replaces the client's
 * `Authorization` when there is one. Returns an error response when the upstream cannot be
 * reached before answering, `undefined` once the answer is being streamed.
 */
export function passThrough(req: IncomingMessage, res: ServerResponse, correlationId: string, signal: AbortSignal, options: HostGatewayOptions): Promise<HostResponse | undefined> {
  const wire: GatewayWire = (req.url ?? '').startsWith('/api/') ? 'ollama' : 'openai';
  const root = upstreamRoot(options.upstreamSettings.baseUrl);
  const target = new URL(`${root.pathname.replace(/\/+$/, '')}${req.url ?? '/'}`, root.origin);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const apiKey = options.upstreamSettings.apiKey;
  if (apiKey !== undefined) headers['authorization'] = `Bearer ${apiKey.reveal()}`;
  headers['x-correlation-id'] = correlationId;

  // Counted once the upstream answers (`success`, whatever its status), fails (`upstream_error`) or the client leaves (`cancelled`); no times: the body streams on.
  const metrics = new GatewayRequestMetrics(options.metrics, 'pass_through');
  return new Promise((resolve) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(target, { method: req.method ?? 'GET', headers, signal, timeout: options.upstreamSettings.timeoutMs });
    upstream.on('response', (answer) => {
      if (res.headersSent || res.destroyed) {
        answer.destroy();
        metrics.finish('cancelled');
        return resolve(undefined);
      }
      metrics.finish('success');
      res.statusCode = answer.statusCode ?? 502;
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      }
      res.setHeader('x-acode-correlation-id', correlationId);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      resolve(undefined);
    });
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
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
      const timeout = error.code === 'ETIMEDOUT';
      const refused = error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EHOSTUNREACH';
      options.logger.warn(`Gateway pass-through to the upstream failed: ${error.code ?? 'error'}`, { event: 'GatewayPassThroughFailed', correlation_id: correlationId });
      resolve(
        gatewayError(wire, {
          status: timeout ? 504 : 502,
          code: timeout ? ERROR_CODES.MODEL_TIMEOUT : ERROR_CODES.MODEL_UNREACHABLE,
          // The target's origin only: never a key, never a query string.
          message: timeout
            ? `The upstream at ${root.origin} did not answer within ${options.upstreamSettings.timeoutMs} ms`
            : refused
              ? `The upstream at ${root.origin} cannot be reached (${error.code})`
              : `The upstream at ${root.origin} failed (${error.code ?? 'connection error'})`,
          type: timeout ? 'timeout' : 'upstream_error',
          headers: { 'x-acode-correlation-id': correlationId },
        }),
      );
    });
    req.pipe(upstream);
  });
}
