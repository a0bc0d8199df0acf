import { ERROR_CODES } from '@acode/domain';
import { hostError } from './host-error.js';
import type { HostResponse } from './host-response.js';
import { isJsonUtf8 } from './media-type.js';
import type { ReadBodyResult } from './read-body.js';

/** A JSON object body, or the response that refuses it (`undefined` response: the client is gone). */
export type JsonBodyResult =
  | { readonly ok: true; readonly value: Record<string, unknown> | undefined }
  | { readonly ok: false; readonly response: HostResponse | undefined };

/** Strict decoder: invalid byte sequences are refused, not replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a request body that must be a JSON object in UTF-8, at most `limitBytes`: 415 for another
 * media type, 413 past the limit (reading stops there), 400 for bytes that are not UTF-8, text
 * that is not JSON, or JSON that is not an object. An empty body is `value: undefined` when
 * `optional`, a 400 otherwise.
 */
export async function readJsonObjectBody(
  request: { readonly headers: { readonly [name: string]: string | string[] | undefined }; readBody(limitBytes: number): Promise<ReadBodyResult> },
  correlationId: string,
  options: { readonly limitBytes: number; readonly optional: boolean },
): Promise<JsonBodyResult> {
  const refuse = (status: number, message: string): JsonBodyResult => ({ ok: false, response: hostError(status, message, correlationId, { code: ERROR_CODES.HOST_BAD_REQUEST }) });
  const declared = request.headers['content-length'];
  const empty = declared === '0' || (declared === undefined && request.headers['transfer-encoding'] === undefined);
  if (empty && options.optional) return { ok: true, value: undefined };
  const contentType = request.headers['content-type'];
  if (!isJsonUtf8(typeof contentType === 'string' ? contentType : undefined)) return refuse(415, 'The body must be a JSON object sent as application/json in UTF-8');

  const body = await request.readBody(options.limitBytes);
  if (!body.ok && body.reason === 'aborted') return { ok: false, response: undefined };
  if (!body.ok) return { ok: false, response: hostError(413, `The body exceeds the maximum size of ${options.limitBytes} bytes`, correlationId, { code: ERROR_CODES.ARGUMENTS_TOO_LARGE }) };
  if (body.body.byteLength === 0) return options.optional ? { ok: true, value: undefined } : refuse(400, 'The body is empty; send a JSON object');

  let value: unknown;
  try {
    // V8's JSON.parse does not recurse, so deep nesting cannot overflow the stack here; the
    // registry bounds the nesting of the arguments themselves.
    value = JSON.parse(UTF8.decode(body.body));
  } catch (error) {
    // The parser's own message quotes the body: not echoed.
    return refuse(400, error instanceof TypeError ? 'The body is not valid UTF-8 text' : 'The body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return refuse(400, 'The body must be a JSON object');
  return { ok: true, value: value as Record<string, unknown> };
}
