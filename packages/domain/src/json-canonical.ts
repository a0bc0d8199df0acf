/** Nesting past which values are not serialized: deeper input is refused rather than recursed into. */
export const MAX_JSON_DEPTH = 64;

/**
 * Serializes a JSON value with object keys sorted, so equal values give equal text whatever
 * their key order. Returns `undefined` when the value is not JSON (undefined, functions, `NaN`,
 * `Infinity`, class instances) or nests deeper than `maxDepth` (cycles included).
 */
export function canonicalJson(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | undefined {
  return isJsonData(value, maxDepth) ? canonicalJsonText(value) : undefined;
}

/** Deep equality of two JSON values, key order ignored; non-JSON or too deep values are unequal. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  const left = canonicalJson(a);
  return left !== undefined && left === canonicalJson(b);
}

/**
 * The canonical JSON text of data the caller has already proved is JSON of bounded depth (decision
 * 12): object keys sorted by UTF-16 code unit at every level, no whitespace, values otherwise as
 * `JSON.stringify` writes them. It checks nothing: members set to `undefined` are left out and a
 * cycle throws a `TypeError`, as with `JSON.stringify`. Unchecked input goes to {@link canonicalJson}.
 */
export function canonicalJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (isSortableObject(item) ? sortKeys(item) : item)) ?? 'null';
}

function isJsonData(value: unknown, depthLeft: number): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depthLeft <= 0) return false;
  if (!Array.isArray(value)) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
  }
  // for-of, not `every`: a hole in a sparse array reads as `undefined` and is refused.
  for (const item of Array.isArray(value) ? (value as unknown[]) : Object.values(value)) {
    if (!isJsonData(item, depthLeft - 1)) return false;
  }
  return true;
}

function isSortableObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  // No prototype, so an own `__proto__` key (JSON.parse makes one) stays a key and is not lost as a prototype.
  const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) sorted[key] = value[key];
  return sorted;
}
