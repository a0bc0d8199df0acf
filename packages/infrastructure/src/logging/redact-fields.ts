import type { LogFields } from '@acode/application';

/**
 * Field names that may hold what a model sent: dropped from every line above debug (decision 12,
 * 002 NFR-011). Matched case-insensitively, at any depth.
 */
export const REDACTED_FIELD_NAMES: ReadonlySet<string> = new Set(['arguments', 'args', 'value', 'actual']);

/** Deepest nesting copied into a log line; deeper values become a marker. */
const MAX_FIELD_DEPTH = 8;

/** Longest string copied into a log line. */
const MAX_FIELD_STRING_LENGTH = 2000;

/** Most array items copied into a log line. */
const MAX_FIELD_ARRAY_ITEMS = 100;

/**
 * Copies log fields into plain JSON-safe data: drops {@link REDACTED_FIELD_NAMES} when `redact`
 * is set, turns errors into `{ message, code }` (never a stack or a class name), bigints into
 * strings, cycles and over-deep values into markers, and cuts long strings and arrays. Never
 * throws, whatever the fields hold.
 */
export function toLogSafeFields(fields: LogFields, redact: boolean): Record<string, unknown> {
  return copyObject(fields, redact, 0, new WeakSet()) as Record<string, unknown>;
}

function copy(value: unknown, redact: boolean, depth: number, seen: WeakSet<object>): unknown {
  switch (typeof value) {
    case 'string':
      return value.length > MAX_FIELD_STRING_LENGTH ? `${value.slice(0, MAX_FIELD_STRING_LENGTH)}…` : value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      if (value === null) return null;
      if (seen.has(value)) return '[Circular]';
      if (depth >= MAX_FIELD_DEPTH) return '[Truncated]';
      if (value instanceof Error) return errorFields(value);
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      seen.add(value);
      try {
        return Array.isArray(value) ? copyArray(value, redact, depth, seen) : copyObject(value, redact, depth, seen);
      } finally {
        seen.delete(value);
      }
    default:
      // undefined, functions and symbols have no place in a log line.
      return undefined;
  }
}

function copyArray(items: readonly unknown[], redact: boolean, depth: number, seen: WeakSet<object>): unknown[] {
  const copied = items.slice(0, MAX_FIELD_ARRAY_ITEMS).map((item) => copy(item, redact, depth + 1, seen) ?? null);
  if (items.length > MAX_FIELD_ARRAY_ITEMS) copied.push(`… ${items.length - MAX_FIELD_ARRAY_ITEMS} more`);
  return copied;
}

function copyObject(object: object, redact: boolean, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const copied: Record<string, unknown> = {};
  let entries: Array<[string, unknown]>;
  try {
    entries = Object.entries(object);
  } catch {
    // A proxy or exotic object that refuses enumeration is not worth a crash.
    return { unreadable: true };
  }
  for (const [key, value] of entries) {
    if (redact && REDACTED_FIELD_NAMES.has(key.toLowerCase())) continue;
    const safe = copy(value, redact, depth + 1, seen);
    if (safe !== undefined) Object.defineProperty(copied, key, { value: safe, enumerable: true, writable: true, configurable: true });
  }
  return copied;
}

function errorFields(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? { message: error.message, code } : { message: error.message };
}
