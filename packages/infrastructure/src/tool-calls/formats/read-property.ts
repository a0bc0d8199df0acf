/**
 * Reads an own data property of a value that came from outside. Getters are never run and a
 * proxy whose traps throw reads as absent, so a hostile object cannot run code or crash the
 * parser through a property read.
 */
export function readProperty(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

/** True for an object that is not an array (a JSON object); false for anything unreadable. */
export function isJsonObjectLike(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    // Array.isArray throws on a revoked proxy.
    return false;
  }
}

/** True for an array; false for anything unreadable. */
export function isArrayLike(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** The JSON-ish name of a value's type, for messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (isArrayLike(value)) return 'an array';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'a non-JSON value';
  }
}
