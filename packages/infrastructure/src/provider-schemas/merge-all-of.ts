import { isPlainObject } from '@acode/domain';

/** How deep `allOf` inside `allOf` members is flattened; registered schemas are far shallower. */
const MAX_ALL_OF_DEPTH = 8;

/**
 * Folds `allOf` into one schema object, for formats without it (Gemini, OpenAI strict mode):
 * `properties` are united (the first declaration of a name wins), `required` is the union, every
 * other keyword keeps its first value. The result may accept more than the original (two
 * constraints on one keyword keep only the first), never less, so the registry's validator,
 * which checks the real schema after the call, still has the last word. `resolve` follows a
 * member's `$ref`.
 */
export function mergeAllOf(schema: Readonly<Record<string, unknown>>, resolve: (member: unknown) => unknown, depth = 0): Record<string, unknown> {
  const { allOf, ...rest } = schema;
  const merged: Record<string, unknown> = rest;
  if (!Array.isArray(allOf) || depth >= MAX_ALL_OF_DEPTH) return merged;
  const properties: Record<string, unknown> = isPlainObject(merged['properties']) ? { ...merged['properties'] } : {};
  const required = new Set<string>(Array.isArray(merged['required']) ? (merged['required'] as string[]) : []);
  for (const raw of allOf) {
    const target = resolve(raw);
    if (!isPlainObject(target)) continue;
    const member = mergeAllOf(target, resolve, depth + 1);
    for (const [name, value] of Object.entries(member)) {
      if (name === 'properties' && isPlainObject(value)) {
        for (const [key, property] of Object.entries(value)) if (!Object.hasOwn(properties, key)) properties[key] = property;
      } else if (name === 'required' && Array.isArray(value)) {
        for (const key of value) if (typeof key === 'string') required.add(key);
      } else if (name !== '$ref' && name !== '$defs' && !Object.hasOwn(merged, name)) {
        merged[name] = value;
      }
    }
  }
  if (Object.keys(properties).length > 0) merged['properties'] = properties;
  if (required.size > 0) merged['required'] = [...required];
  return merged;
}
