import { appendPointer } from '../json-pointer.js';
import { definitionViolation, schemaViolation, type DefinitionRule } from './definition-rule.js';
import { walkParameterSchemas } from './parameter-schema-walk.js';

/**
 * Deepest JSON nesting of a whole definition. Far above what any schema needs (64 levels of
 * property schemas, each two or three JSON levels), and far below what a recursive reader can
 * take: the registry copies a definition with `structuredClone` and compiles its schemas
 * recursively, and a schema nested 20,000 levels through `anyOf` (which the property walk does not
 * follow) overflowed the stack there instead of being refused.
 */
export const MAX_DEFINITION_JSON_DEPTH = 512;

/**
 * The definition, every field of it, nests at most {@link MAX_DEFINITION_JSON_DEPTH} levels. An
 * iterative walk that stops at the first value past the bound, so a deep input costs the bound.
 * Refused under `parameters` or `outputSchema` as a schema (ACODE-TSR-006), elsewhere as a field.
 */
export const jsonNestingRule: DefinitionRule = {
  name: 'json-nesting',
  check(definition) {
    const stack: Visit[] = [{ value: definition, depth: 0 }];
    while (stack.length > 0) {
      const visit = stack.pop()!;
      const { value, depth } = visit;
      if (typeof value !== 'object' || value === null) continue;
      if (depth >= MAX_DEFINITION_JSON_DEPTH) {
        const path = pathOf(visit);
        // Deep `properties` / `items` chains are the schema-depth rule's to report, once.
        const schemaDepth = walkParameterSchemas(definition).tooDeepAt;
        if (schemaDepth !== undefined && path.startsWith(schemaDepth)) return [];
        const violation = path.startsWith('/parameters') || path.startsWith('/outputSchema') ? schemaViolation : definitionViolation;
        return [violation(path, `the definition nests deeper than ${MAX_DEFINITION_JSON_DEPTH} levels here; nothing below was read`)];
      }
      // Data properties only: JSON makes no others, and a getter is not run (another rule reports what it hides).
      for (const key of Object.keys(value)) {
        const property = Object.getOwnPropertyDescriptor(value, key);
        if (property !== undefined && 'value' in property) stack.push({ value: property.value as unknown, depth: depth + 1, key, parent: visit });
      }
    }
    return [];
  },
};

/** A value on the walk; its pointer is built only when it is the one reported. */
interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly key?: string;
  readonly parent?: Visit;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().reduce((path, key) => appendPointer(path, key), '');
}
