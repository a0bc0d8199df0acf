import { isPlainObject } from '@acode/domain';
import type { JsonObject, JsonSchemaObject, JsonValue } from '@acode/domain';
import type { LocalRefResolver } from './local-ref.js';

/**
 * Returns a deep copy of `value` with the `default` of every absent property filled in (decision
 * 9), recursively into the nested objects (and array items) the value holds. Defaults come from
 * the schema's `properties`, including those reached in place through `$ref` and `allOf`; the
 * first default found wins. `anyOf`/`oneOf` branches are not consulted: which one applies is not
 * known without validating. Never mutates `value`; iterative over the value's nesting.
 */
export function applySchemaDefaults(schema: JsonSchemaObject, value: JsonObject, resolver: LocalRefResolver): JsonObject {
  const result = structuredClone(value);
  const pending: { schema: unknown; target: JsonValue }[] = [{ schema, target: result }];
  while (pending.length > 0) {
    const { schema: current, target } = pending.pop() as { schema: unknown; target: JsonValue };
    for (const node of inPlaceSchemas(current, resolver)) {
      if (isPlainObject(target) && isPlainObject(node.properties)) {
        for (const [name, propertySchema] of Object.entries(node.properties)) {
          if (!Object.prototype.hasOwnProperty.call(target, name) && isPlainObject(propertySchema) && propertySchema.default !== undefined) {
            target[name] = structuredClone(propertySchema.default as JsonValue);
          }
          const child = (target as JsonObject)[name];
          if (child !== undefined && typeof child === 'object' && child !== null) pending.push({ schema: propertySchema, target: child });
        }
      }
      if (Array.isArray(target) && isPlainObject(node.items)) {
        for (const item of target) if (typeof item === 'object' && item !== null) pending.push({ schema: node.items, target: item });
      }
    }
  }
  return result;
}

/** The schema and the schemas `$ref` and `allOf` apply to the same value, each once. */
function inPlaceSchemas(schema: unknown, resolver: LocalRefResolver): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node) || found.includes(node)) continue;
    found.push(node);
    const branches = Array.isArray(node.allOf) ? [...node.allOf].reverse() : [];
    pending.push(...branches);
    if (typeof node.$ref === 'string') pending.push(resolver.resolve(node.$ref)?.target);
  }
  return found;
}
