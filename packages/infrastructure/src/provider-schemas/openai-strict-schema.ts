import { isPlainObject, type JsonSchemaObject } from '@acode/domain';
import { resolveLocalRef } from '../validation/resolve-local-ref.js';
import { declaredTypes } from './declared-types.js';
import { mergeAllOf } from './merge-all-of.js';
import { withoutDialect } from './without-dialect.js';

/**
 * OpenAI's documented limits for one strict schema: 5,000 object properties in all, 10 levels of
 * object nesting, 1,000 enum values in all.
 */
export const OPENAI_STRICT_LIMITS = Object.freeze({ maxProperties: 5000, maxNesting: 10, maxEnumValues: 1000 });

/**
 * Keywords OpenAI's strict mode accepts (its "supported schemas" list); everything else is left
 * out. Leaving a constraint out only widens what the model may send: the registry validates the
 * arguments against the registered schema afterwards, so nothing it promised is lost.
 */
const KEPT_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'description', 'title', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', '$ref', '$defs', 'definitions',
  'pattern', 'format', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems',
]);

/** String formats strict mode knows; others are left out. */
const STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** A schema rewritten for strict mode, or why it cannot be without refusing arguments the tool accepts. */
export type OpenAiStrictSchemaResult = { readonly ok: true; readonly schema: JsonSchemaObject } | { readonly ok: false; readonly reason: string };

class StrictObstacle extends Error {}

/** Subschema levels of any kind (arrays, unions, objects) walked at most; keeps hostile input off the stack's limit. */
const MAX_SCHEMA_LEVELS = 64;

interface StrictWalk {
  readonly root: JsonSchemaObject;
  properties: number;
  enumValues: number;
  levels: number;
}

/**
 * Rewrites a registered schema for OpenAI's strict mode: every object gets
 * `additionalProperties: false` and all its properties in `required`; a property that was
 * optional becomes nullable (`type: [t, 'null']`, `null` added to an `enum`, or `anyOf` with
 * `{type: 'null'}` when it has no simple type); `oneOf` becomes `anyOf` and `allOf` is merged;
 * unsupported keywords, and every `default`, are left out. Defaults are not lost: the registry
 * applies them to the parsed arguments (decision 9) once the model's `null`s for optional
 * properties are dropped.
 *
 * Refuses (`ok: false`) what strict mode cannot say without rejecting valid arguments: a root that
 * is not an object, open maps (`additionalProperties` other than `false`, `patternProperties`),
 * the always-true schema, and schemas past {@link OPENAI_STRICT_LIMITS}. Never throws.
 */
export function toOpenAiStrictSchema(parameters: JsonSchemaObject): OpenAiStrictSchemaResult {
  const walk: StrictWalk = { root: parameters, properties: 0, enumValues: 0, levels: 0 };
  try {
    if (!declaredTypes(parameters).includes('object') || Object.hasOwn(parameters, 'anyOf') || Object.hasOwn(parameters, 'oneOf')) {
      throw new StrictObstacle('the root schema must be a plain object, not a union');
    }
    return { ok: true, schema: rewrite(withoutDialect(parameters), walk, 0) as JsonSchemaObject };
  } catch (error) {
    if (error instanceof StrictObstacle) return { ok: false, reason: error.message };
    throw error;
  }
}

function rewrite(node: unknown, walk: StrictWalk, nesting: number): Record<string, unknown> {
  if (walk.levels >= MAX_SCHEMA_LEVELS) throw new StrictObstacle(`subschemas nest deeper than ${MAX_SCHEMA_LEVELS} levels`);
  walk.levels++;
  try {
    return rewriteNode(node, walk, nesting);
  } finally {
    walk.levels--;
  }
}

function rewriteNode(node: unknown, walk: StrictWalk, nesting: number): Record<string, unknown> {
  if (!isPlainObject(node)) throw new StrictObstacle('strict mode has no schema for "any value"');
  if (nesting > OPENAI_STRICT_LIMITS.maxNesting) throw new StrictObstacle(`objects nest deeper than ${OPENAI_STRICT_LIMITS.maxNesting} levels`);
  const schema = Object.hasOwn(node, 'allOf') ? mergeAllOf(node, (member) => resolveLocalRef(member, walk.root)) : node;
  if (Object.hasOwn(schema, 'patternProperties')) throw new StrictObstacle('an object with patternProperties is an open map');
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'oneOf' && Array.isArray(value) && !Object.hasOwn(schema, 'anyOf')) out['anyOf'] = value.map((branch) => rewrite(branch, walk, nesting));
    else if (!KEPT_KEYWORDS.has(keyword)) continue;
    else if (keyword === 'format' && !(typeof value === 'string' && STRICT_FORMATS.has(value))) continue;
    else if (keyword === 'anyOf' && Array.isArray(value)) out[keyword] = value.map((branch) => rewrite(branch, walk, nesting));
    else if (keyword === 'items') out[keyword] = rewrite(value, walk, nesting);
    else if ((keyword === '$defs' || keyword === 'definitions') && isPlainObject(value)) out[keyword] = mapValues(value, (entry) => rewrite(entry, walk, nesting));
    else if (keyword !== 'properties' && keyword !== 'required' && keyword !== 'additionalProperties') out[keyword] = value;
  }
  if (Array.isArray(out['enum'])) walk.enumValues += out['enum'].length;
  if (walk.enumValues > OPENAI_STRICT_LIMITS.maxEnumValues) throw new StrictObstacle(`more than ${OPENAI_STRICT_LIMITS.maxEnumValues} enum values in all`);
  if (declaredTypes(schema).includes('object') || isPlainObject(schema['properties'])) closeObject(schema, out, walk, nesting);
  return out;
}

function closeObject(schema: Readonly<Record<string, unknown>>, out: Record<string, unknown>, walk: StrictWalk, nesting: number): void {
  const additional = schema['additionalProperties'];
  if (additional !== undefined && additional !== false) throw new StrictObstacle('an object with additionalProperties other than false is an open map');
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []);
  const names = Object.keys(properties);
  walk.properties += names.length;
  if (walk.properties > OPENAI_STRICT_LIMITS.maxProperties) throw new StrictObstacle(`more than ${OPENAI_STRICT_LIMITS.maxProperties} properties in all`);
  out['properties'] = mapValues(properties, (property, name) => {
    const rewritten = rewrite(property, walk, nesting + 1);
    return required.has(name) ? rewritten : nullable(rewritten);
  });
  out['required'] = names;
  out['additionalProperties'] = false;
}

/** The schema, also accepting `null`: how strict mode spells "optional". */
export function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const types = schema['type'];
  const hasConst = Object.hasOwn(schema, 'const');
  if (!hasConst && (typeof types === 'string' || Array.isArray(types))) {
    const list = typeof types === 'string' ? [types] : types;
    const out: Record<string, unknown> = list.includes('null') ? { ...schema } : { ...schema, type: [...list, 'null'] };
    if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) out['enum'] = [...schema['enum'], null];
    return out;
  }
  if (!hasConst && Array.isArray(schema['enum'])) return schema['enum'].includes(null) ? schema : { ...schema, enum: [...schema['enum'], null] };
  if (!hasConst && Array.isArray(schema['anyOf'])) {
    const branches = schema['anyOf'] as Record<string, unknown>[];
    return branches.some(isNullSchema) ? schema : { ...schema, anyOf: [...branches, { type: 'null' }] };
  }
  // `$ref`, `const` and the like: wrap, keeping the description where the model reads it.
  const { description, ...inner } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: 'null' }] };
}

function isNullSchema(schema: Record<string, unknown>): boolean {
  return schema['type'] === 'null' || (Array.isArray(schema['type']) && schema['type'].includes('null'));
}

function mapValues(map: Readonly<Record<string, unknown>>, convert: (value: unknown, key: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) out[key] = convert(value, key);
  return out;
}
