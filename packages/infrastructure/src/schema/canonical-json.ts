import { createHash } from 'node:crypto';

/**
 * The canonical JSON of a value: object keys sorted (by UTF-16 code unit, recursively), no
 * whitespace; values otherwise as `JSON.stringify` writes them. Two schemas that differ only in
 * key order have the same canonical JSON, hence the same hash (decision 12).
 *
 * Expects JSON data of bounded depth (the compiler's depth check runs first); a cyclic value
 * throws a `TypeError`, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (isSortableObject(item) ? sortKeys(item) : item)) ?? 'null';
}

/** sha256 of {@link canonicalJson}, first 12 hex digits: the schema hash registrations log. */
export function schemaHash(value: unknown): string {
  return sha256Prefix(canonicalJson(value));
}

/** First 12 hex digits of the sha256 of a text (UTF-8). */
export function sha256Prefix(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
}

function isSortableObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = value[key];
  return sorted;
}
