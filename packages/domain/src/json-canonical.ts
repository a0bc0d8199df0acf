/** Nesting past which values are not serialized: deeper input is refused rather than recursed into. */
export const MAX_JSON_DEPTH = 64;

/**
 * Serializes a JSON value with object keys sorted, so equal values give equal text whatever
 * their key order. Returns `undefined` when the value is not JSON (undefined, functions, `NaN`,
 * `Infinity`, class instances) or nests deeper than `maxDepth` (cycles included).
 */
export function canonicalJson(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | undefined {
  return serialize(value, maxDepth);
}

/** Deep equality of two JSON values, key order ignored; non-JSON or too deep values are unequal. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  const left = canonicalJson(a);
  return left !== undefined && left === canonicalJson(b);
}

function serialize(value: unknown, depthLeft: number): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (typeof value !== 'object' || depthLeft <= 0) return undefined;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value as unknown[]) {
      const text = serialize(item, depthLeft - 1);
      if (text === undefined) return undefined;
      items.push(text);
    }
    return `[${items.join(',')}]`;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const entries: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = serialize((value as Record<string, unknown>)[key], depthLeft - 1);
    if (text === undefined) return undefined;
    entries.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${entries.join(',')}}`;
}
