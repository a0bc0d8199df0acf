/**
 * True for an object JSON could have produced: not null, not an array, and with `Object.prototype`
 * or no prototype (so a `Date`, `Map` or class instance is not mistaken for a JSON object).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
