import type { SchemaValidationLevel } from './license-tier.js';

/**
 * Basic (Core, WriterPro): plain shapes. Types, fixed values, object properties, one item schema
 * per array, numeric and size bounds, and annotations. Nothing that composes, references or
 * matches text against a regular expression.
 */
export const BASIC_SCHEMA_KEYWORDS: ReadonlySet<string> = Object.freeze(
  new Set([
    // Dialect and comments.
    '$schema',
    '$comment',
    // Annotations.
    'title',
    'description',
    'default',
    'examples',
    'deprecated',
    'readOnly',
    'writeOnly',
    // Values.
    'type',
    'enum',
    'const',
    // Objects.
    'properties',
    'required',
    'additionalProperties',
    'minProperties',
    'maxProperties',
    // Arrays (one schema for every item).
    'items',
    'minItems',
    'maxItems',
    // Numbers (inclusive bounds) and strings (lengths).
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
  ]),
);

/**
 * Added by Advanced (Teams): text patterns and formats, composition, local references, pattern
 * properties, dependent required properties, tuples, exclusive bounds, `multipleOf`,
 * `uniqueItems` and content annotations. `$ref` stays local: the registry refuses remote
 * references at every level (decision 10).
 */
export const ADVANCED_SCHEMA_KEYWORDS: ReadonlySet<string> = Object.freeze(
  new Set([
    'pattern',
    'format',
    'allOf',
    'anyOf',
    'oneOf',
    'not',
    '$defs',
    '$ref',
    '$anchor',
    'patternProperties',
    'propertyNames',
    'dependentRequired',
    'prefixItems',
    'uniqueItems',
    'multipleOf',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'contentEncoding',
    'contentMediaType',
  ]),
);

/**
 * Added by Full (Enterprise): the rest of draft 2020-12. Conditionals, dependent schemas,
 * unevaluated properties and items, `contains` with its counts, dynamic references, `$id`,
 * `$vocabulary` and `contentSchema`.
 */
export const FULL_SCHEMA_KEYWORDS: ReadonlySet<string> = Object.freeze(
  new Set([
    'if',
    'then',
    'else',
    'dependentSchemas',
    'unevaluatedProperties',
    'unevaluatedItems',
    'contains',
    'minContains',
    'maxContains',
    '$dynamicRef',
    '$dynamicAnchor',
    '$id',
    '$vocabulary',
    'contentSchema',
  ]),
);

/**
 * Earlier drafts' spellings, which the registry rewrites to 2020-12 (`normalizeSchemaDialect`),
 * at the level of what they become: `definitions` is `$defs`, `additionalItems` belongs to tuples;
 * `dependencies` may hold schemas (`dependentSchemas`) and `$recursiveRef`/`$recursiveAnchor` are
 * dynamic references, so those two are Full.
 */
export const LEGACY_SCHEMA_KEYWORD_LEVELS: Readonly<Record<string, SchemaValidationLevel>> = Object.freeze({
  definitions: 'advanced',
  additionalItems: 'advanced',
  dependencies: 'full',
  $recursiveRef: 'full',
  $recursiveAnchor: 'full',
});

/**
 * The level a schema keyword needs. A keyword outside draft 2020-12 (a vendor `x-...` annotation
 * or any other name) is a custom keyword: Full + Custom, so `full`.
 */
export function schemaKeywordLevel(keyword: string): SchemaValidationLevel {
  if (BASIC_SCHEMA_KEYWORDS.has(keyword)) return 'basic';
  if (ADVANCED_SCHEMA_KEYWORDS.has(keyword)) return 'advanced';
  if (Object.hasOwn(LEGACY_SCHEMA_KEYWORD_LEVELS, keyword)) return LEGACY_SCHEMA_KEYWORD_LEVELS[keyword]!;
  return 'full';
}

/** True when `keyword` is not one of draft 2020-12 (nor an earlier draft's spelling of one). */
export function isCustomSchemaKeyword(keyword: string): boolean {
  return (
    !BASIC_SCHEMA_KEYWORDS.has(keyword) &&
    !ADVANCED_SCHEMA_KEYWORDS.has(keyword) &&
    !FULL_SCHEMA_KEYWORDS.has(keyword) &&
    !Object.hasOwn(LEGACY_SCHEMA_KEYWORD_LEVELS, keyword)
  );
}

const RANK: Readonly<Record<SchemaValidationLevel, number>> = Object.freeze({ basic: 0, advanced: 1, full: 2 });

/** True when a schema at `level` may use `keyword`. */
export function isSchemaKeywordAllowed(level: SchemaValidationLevel, keyword: string): boolean {
  return RANK[schemaKeywordLevel(keyword)] <= RANK[level];
}
