import type { ServerResponse } from 'node:http';

/**
 * What a route answers, as plain data: the server writes it. Keeping routes free of the
 * `ServerResponse` makes them easy to read and keeps every header decision in one place.
 */
export interface HostResponse {
  readonly status: number;
  /** A JSON value, or the text of a `text/*` body. */
  readonly body: unknown;
  /** Defaults to `application/json; charset=utf-8`; JSON bodies are serialized. */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, headers?: Readonly<Record<string, string>>): HostResponse {
  return { status, body, ...(headers ? { headers } : {}) };
}

/**
 * Writes a {@link HostResponse}. Does nothing once headers are out (a timed-out or aborted
 * request), so a late route cannot crash the process with ERR_HTTP_HEADERS_SENT.
 */
export function writeHostResponse(res: ServerResponse, response: HostResponse): void {
  if (res.headersSent || res.destroyed) return;
  const contentType = response.contentType ?? JSON_CONTENT_TYPE;
  const text = contentType === JSON_CONTENT_TYPE ? JSON.stringify(response.body) : String(response.body);
  const payload = Buffer.from(text, 'utf8');
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', payload.byteLength);
  // Responses are per-call validation results and registry snapshots: never cache, never sniff.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(payload);
}
