import { appendPointer, canonicalJson, type JsonValue, MAX_JSON_DEPTH } from '@acode/domain';
import { requestError, type GatewayRequestError } from './gateway-request-error.js';

/**
 * Every top-level field of `body` but `excluded`, verbatim, for the upstream: the gateway does
 * not judge sampling options it does not use. Each must be JSON (nesting at most 64 levels), as
 * it is sent on. A key such as `__proto__` is kept as an ordinary own field, never as a prototype.
 */
export function requestParameters(
  body: Readonly<Record<string, unknown>>,
  excluded: ReadonlySet<string>,
): { readonly ok: true; readonly parameters: Record<string, JsonValue> } | { readonly ok: false; readonly error: GatewayRequestError } {
  const parameters: Record<string, JsonValue> = {};
  for (const key of Object.keys(body)) {
    if (excluded.has(key)) continue;
    const value = body[key];
    if (canonicalJson(value, MAX_JSON_DEPTH) === undefined) {
      return { ok: false, error: requestError(appendPointer('', key), `${key.slice(0, 64)} must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
    }
    Object.defineProperty(parameters, key, { value: value as JsonValue, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, parameters };
}
