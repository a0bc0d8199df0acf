import { MAX_DEFINITION_SCHEMA_DEPTH } from './definition-rules/parameter-schema-walk.js';
import { appendPointer } from './json-pointer.js';
import { isPlainObject, ownValue } from './plain-object.js';

/** One keyword written in a schema object of a definition. */
export interface SchemaKeywordUse {
  /** The keyword as written (`pattern`, `x-ui-hint`). */
  readonly keyword: string;
  /** JSON Pointer of the keyword inside the definition: `/parameters/properties/path/pattern`. */
  readonly path: string;
}

/** Keywords whose value is one subschema. */
const SINGLE = new Set([
  'not',
  'if',
  'then',
  'else',
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contentSchema',
]);
/** Keywords whose value is a list of subschemas (`items` too, in its draft-07 tuple form). */
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords whose value maps names to subschemas (`dependencies` only where an entry is a schema). */
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/**
 * Every keyword of every schema object in `parameters` and `outputSchema`, in document order.
 * Unlike `walkParameterSchemas` (which follows `properties` and `items`, what the field rules
 * need), this follows every place draft 2020-12 keeps a subschema: composition, conditionals,
 * `$defs`, tuples, pattern and dependent schemas. A keyword inside an `anyOf` branch counts as
 * much as one at the root. Values that are data (`enum`, `const`, `default`, `examples`, unknown
 * keywords) are not walked, so an `enum` listing `"pattern"` is not a keyword. Iterative, and
 * bounded by {@link MAX_DEFINITION_SCHEMA_DEPTH} levels (the schema-depth rule reports deeper).
 */
export function walkSchemaKeywords(definition: Readonly<Record<string, unknown>>): SchemaKeywordUse[] {
  const uses: SchemaKeywordUse[] = [];
  const stack: Array<{ path: string; schema: Record<string, unknown>; depth: number }> = [];
  for (const field of ['outputSchema', 'parameters']) {
    const root = ownValue(definition, field);
    if (isPlainObject(root)) stack.push({ path: `/${field}`, schema: root, depth: 0 });
  }
  while (stack.length > 0) {
    const { path, schema, depth } = stack.pop()!;
    const children: Array<{ path: string; schema: Record<string, unknown>; depth: number }> = [];
    const child = (value: unknown, ...tokens: string[]): void => {
      if (isPlainObject(value) && depth < MAX_DEFINITION_SCHEMA_DEPTH) children.push({ path: appendPointer(path, ...tokens), schema: value, depth: depth + 1 });
    };
    for (const [keyword, value] of Object.entries(schema)) {
      uses.push({ keyword, path: appendPointer(path, keyword) });
      if (Array.isArray(value)) {
        if (LIST.has(keyword)) value.forEach((item, index) => child(item, keyword, String(index)));
      } else if (SINGLE.has(keyword)) {
        child(value, keyword);
      } else if (MAP.has(keyword) && isPlainObject(value)) {
        for (const [name, item] of Object.entries(value)) child(item, keyword, name);
      }
    }
    // Reversed, so the stack pops children in the order they were written.
    stack.push(...children.reverse());
  }
  return uses;
}
