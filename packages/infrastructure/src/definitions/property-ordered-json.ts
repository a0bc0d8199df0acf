/**
 * A definition as stored: the canonical JSON (object keys sorted, so equal definitions are equal
 * text) except that every `properties` map keeps its author's key order. The order of a tool's
 * parameters is the order a form shows them and a model reads them; sorting them away would lose
 * what the author set. The caller has checked the value is JSON data (`canonicalJson`).
 */
export function propertyOrderedJson(value: unknown): string {
  return JSON.stringify(value, (key, item: unknown) => (key !== 'properties' && isPlainObject(item) ? sortKeys(item) : item)) ?? 'null';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sortKeys(item: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(item).sort()) sorted[key] = item[key];
  return sorted;
}
