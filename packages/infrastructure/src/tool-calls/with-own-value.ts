import type { JsonObject, JsonValue } from '@acode/domain';

/**
 * `target` with `key` set as an own data property, even for `__proto__` (which plain assignment
 * would turn into a prototype change). Returns `target`, which the caller owns.
 */
export function withOwnValue(target: JsonObject, key: string, value: JsonValue): JsonObject {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  return target;
}
