import { appendPointer, canonicalJson, describeValueType, type JsonValue, MAX_JSON_DEPTH, ownValue } from '@acode/domain';
import { requestError, type GatewayRequestError, type Read } from './gateway-request-error.js';

/** The top-level fields both wires' readers read themselves; every other one goes to `parameters` verbatim. */
export const READ_FIELDS: ReadonlySet<string> = new Set(['model', 'messages', 'tools', 'stream']);

/** The body's `model`: a non-empty string on both wires. */
export function readModel(body: Readonly<Record<string, unknown>>): Read<string> {
  const model = ownValue(body, 'model');
  if (typeof model === 'string' && model.trim() !== '') return { value: model };
  return { error: requestError('/model', typeof model === 'string' ? 'model must not be empty' : `model must be a non-empty string; got ${describeValueType(model)}`) };
}

/**
 * Every top-level field of `body` but `excluded`, verbatim, for the upstream: the gateway does
 * not judge sampling options it does not use. Each must be JSON (nesting at most 64 levels), as
 * it is sent on. A key such as `__proto__` is kept as an ordinary own field, never as a prototype.
 */
export function requestParameters(
  body: Readonly<Record<string, unknown>>,
  excluded: ReadonlySet<string> = READ_FIELDS,
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
