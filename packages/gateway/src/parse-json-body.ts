import { ERROR_CODES } from '@acode/domain';
import type { GatewayRequestError } from '@acode/infrastructure/gateway';

/** Strict decoder: invalid byte sequences are refused, not replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A request body as JSON, or the ACODE-GTW-001 refusal of it (the parser's own message quotes the body, so it is not echoed). */
export function parseJsonBody(body: Uint8Array): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: GatewayRequestError } {
  try {
    return { ok: true, value: JSON.parse(UTF8.decode(body)) };
  } catch (error) {
    return { ok: false, error: { code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message: error instanceof TypeError ? 'The body is not valid UTF-8 text' : 'The body is not valid JSON' } };
  }
}
