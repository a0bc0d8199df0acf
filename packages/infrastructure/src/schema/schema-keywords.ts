/**
 * Where subschemas live in a draft 2020-12 schema, and whether each applies to the same value
 * (in place) or to a child of it. The distinction drives strictness (decision 7) and the
 * circular-reference check.
 */

/** Keywords whose value is one subschema applied to the same value. */
export const IN_PLACE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(['not', 'if', 'then', 'else']);
/** Keywords whose value is an array of subschemas applied to the same value. */
export const IN_PLACE_SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose value maps names to subschemas applied to the same value. */
export const IN_PLACE_SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['dependentSchemas']);

/** Keywords whose value is one subschema applied to children (items, property values, names). */
export const CHILD_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
]);
/** Keywords whose value is an array of subschemas applied to children. */
export const CHILD_SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(['prefixItems']);
/** Keywords whose value maps names or patterns to subschemas applied to property values. */
export const CHILD_SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties']);

/** Keywords whose value maps names to subschemas applied nowhere until referenced. */
export const DEFINITION_MAP_KEYWORDS: ReadonlySet<string> = new Set(['$defs', 'definitions']);

/** How a subschema is reached from its parent. */
export type SubschemaRole = 'in-place' | 'child' | 'definition';

/** One subschema of a schema object: the keyword path to it and its role. */
export interface SubschemaEntry {
  /** The tokens from the parent schema object to the subschema (`['properties', 'name']`). */
  readonly tokens: readonly string[];
  readonly role: SubschemaRole;
  readonly schema: unknown;
}

/** Lists the direct subschemas of a schema object, in keyword order. Non-schema values are skipped. */
export function subschemasOf(schema: Readonly<Record<string, unknown>>): SubschemaEntry[] {
  const entries: SubschemaEntry[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const role = roleOf(keyword);
    if (role === undefined) continue;
    if (isSingle(keyword)) {
      entries.push({ tokens: [keyword], role, schema: value });
    } else if (isArrayKeyword(keyword)) {
      if (Array.isArray(value)) value.forEach((item, index) => entries.push({ tokens: [keyword, String(index)], role, schema: item }));
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [name, item] of Object.entries(value)) entries.push({ tokens: [keyword, name], role, schema: item });
    }
  }
  return entries;
}

function roleOf(keyword: string): SubschemaRole | undefined {
  if (IN_PLACE_SCHEMA_KEYWORDS.has(keyword) || IN_PLACE_SCHEMA_ARRAY_KEYWORDS.has(keyword) || IN_PLACE_SCHEMA_MAP_KEYWORDS.has(keyword)) {
    return 'in-place';
  }
  if (CHILD_SCHEMA_KEYWORDS.has(keyword) || CHILD_SCHEMA_ARRAY_KEYWORDS.has(keyword) || CHILD_SCHEMA_MAP_KEYWORDS.has(keyword)) {
    return 'child';
  }
  if (DEFINITION_MAP_KEYWORDS.has(keyword)) return 'definition';
  return undefined;
}

function isSingle(keyword: string): boolean {
  return IN_PLACE_SCHEMA_KEYWORDS.has(keyword) || CHILD_SCHEMA_KEYWORDS.has(keyword);
}

function isArrayKeyword(keyword: string): boolean {
  return IN_PLACE_SCHEMA_ARRAY_KEYWORDS.has(keyword) || CHILD_SCHEMA_ARRAY_KEYWORDS.has(keyword);
}

/**
 * True when the last token of a path from a schema root names a keyword of a schema object (the
 * `type` in `/properties/type/type`), false when it names a property, an index or data.
 */
export function endsAtKeyword(tokens: readonly string[]): boolean {
  let expect: 'keyword' | 'name' | 'data' = 'keyword';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (index === tokens.length - 1) return expect === 'keyword';
    if (expect === 'name') {
      expect = 'keyword';
    } else if (expect === 'keyword') {
      if (IN_PLACE_SCHEMA_KEYWORDS.has(token) || CHILD_SCHEMA_KEYWORDS.has(token)) expect = 'keyword';
      else if (isMapOrArrayKeyword(token)) expect = 'name';
      else expect = 'data';
    }
  }
  return false;
}

function isMapOrArrayKeyword(keyword: string): boolean {
  return (
    IN_PLACE_SCHEMA_ARRAY_KEYWORDS.has(keyword) ||
    CHILD_SCHEMA_ARRAY_KEYWORDS.has(keyword) ||
    IN_PLACE_SCHEMA_MAP_KEYWORDS.has(keyword) ||
    CHILD_SCHEMA_MAP_KEYWORDS.has(keyword) ||
    DEFINITION_MAP_KEYWORDS.has(keyword)
  );
}
