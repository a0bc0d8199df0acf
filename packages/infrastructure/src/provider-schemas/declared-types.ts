import { jsonTypeOf, type JsonTypeName } from '@acode/domain';

/**
 * The JSON types a schema object allows, from `type`, else from its `const` or `enum` values
 * (an `integer` value counts as `integer`). Empty when the schema says nothing about its type
 * (only `$ref`, `anyOf` and such).
 */
export function declaredTypes(schema: Readonly<Record<string, unknown>>): JsonTypeName[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type as JsonTypeName];
  if (Array.isArray(type)) return type.filter((name): name is JsonTypeName => typeof name === 'string');
  const values = Object.hasOwn(schema, 'const') ? [schema['const']] : Array.isArray(schema['enum']) ? (schema['enum'] as unknown[]) : [];
  const found = new Set<JsonTypeName>();
  for (const value of values) {
    const name = jsonTypeOf(value);
    if (name !== undefined) found.add(name);
  }
  // `integer` is a kind of `number`: [1, 1.5] allows numbers, not two separate types.
  if (found.has('number')) found.delete('integer');
  return [...found];
}
