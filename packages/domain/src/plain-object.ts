/**
 * A plain object as YAML and `JSON.parse` produce it: not null, not an array, and with
 * `Object.prototype` or no prototype (so no `Date`, `Map` or class instance passes).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Reads an own property only. `record[key]` would find `constructor` or `toString` on the
 * prototype when a hostile `required` list names them.
 */
export function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
