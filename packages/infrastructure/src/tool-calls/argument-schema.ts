import { isPlainObject, type JsonSchemaObject } from '@acode/domain';
import { mergeAllOf } from '../provider-schemas/merge-all-of.js';
import { declaredTypes } from '../provider-schemas/declared-types.js';
import { resolveLocalRef } from '../validation/resolve-local-ref.js';

/** Subschemas followed at most when asking whether a schema refuses `null`; deeper is "cannot tell". */
const MAX_NULL_CHECK_LEVELS = 16;

/**
 * An object schema read for the parser's recovery steps: its properties and required names, with
 * a local `$ref` followed and `allOf` merged (as the OpenAI strict conversion merges it).
 */
export interface ObjectShape {
  readonly properties: Readonly<Record<string, unknown>>;
  readonly required: ReadonlySet<string>;
  /** No property beyond `properties` is allowed (`additionalProperties` absent or false, no `patternProperties`). */
  readonly closed: boolean;
}

/**
 * The shape of `schema` when it is one plain object schema; `undefined` for a union (`anyOf`,
 * `oneOf`: which branch the value meant is a guess), a broken or remote `$ref`, or a schema that
 * does not describe an object. The recovery steps do nothing where this is `undefined`.
 */
export function objectShapeOf(schema: unknown, root: JsonSchemaObject): ObjectShape | undefined {
  const resolved = resolveLocalRef(schema, root);
  if (!isPlainObject(resolved) || Object.hasOwn(resolved, 'anyOf') || Object.hasOwn(resolved, 'oneOf')) return undefined;
  const merged = Object.hasOwn(resolved, 'allOf') ? mergeAllOf(resolved, (member) => resolveLocalRef(member, root)) : resolved;
  if (!declaredTypes(merged).includes('object') && !isPlainObject(merged['properties'])) return undefined;
  const properties = isPlainObject(merged['properties']) ? merged['properties'] : {};
  const required = new Set(Array.isArray(merged['required']) ? merged['required'].filter((name): name is string => typeof name === 'string') : []);
  const additional = merged['additionalProperties'];
  return { properties, required, closed: (additional === undefined || additional === false) && !Object.hasOwn(merged, 'patternProperties') };
}

/** The schema of property `name` of `shape`, its local `$ref` followed; `undefined` when it has none. */
export function propertySchema(shape: ObjectShape, name: string, root: JsonSchemaObject): unknown {
  return Object.hasOwn(shape.properties, name) ? resolveLocalRef(shape.properties[name], root) : undefined;
}

/** The `items` schema of an array schema, `$ref`s followed; `undefined` when there is no single one. */
export function itemsSchema(schema: unknown, root: JsonSchemaObject): unknown {
  const resolved = resolveLocalRef(schema, root);
  if (!isPlainObject(resolved) || !declaredTypes(resolved).includes('array')) return undefined;
  return isPlainObject(resolved['items']) ? resolveLocalRef(resolved['items'], root) : undefined;
}

/**
 * The JSON types the schema names directly (`type`, `const`, `enum`), after a local `$ref`; empty
 * when it says nothing that simple (a union, `not`...).
 */
export function wantedTypes(schema: unknown, root: JsonSchemaObject): readonly string[] {
  const resolved = resolveLocalRef(schema, root);
  return isPlainObject(resolved) ? declaredTypes(resolved) : [];
}

/**
 * True only when the schema surely refuses `null`: its `type`, `const` or `enum` leaves null out,
 * every branch of its `anyOf`/`oneOf` refuses it, a member of its `allOf` does, or its `$ref`
 * does. False when it accepts `null` and when it cannot tell (no type keyword, too deep, a broken
 * reference): a `null` the schema may mean is never taken away.
 */
export function refusesNull(schema: unknown, root: JsonSchemaObject, level = 0): boolean {
  if (!isPlainObject(schema) || level >= MAX_NULL_CHECK_LEVELS) return false;
  const type = schema['type'];
  if (typeof type === 'string' && type !== 'null') return true;
  if (Array.isArray(type) && !type.includes('null')) return true;
  if (Object.hasOwn(schema, 'const') && schema['const'] !== null) return true;
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) return true;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0 && branches.every((branch) => refusesNull(branch, root, level + 1))) return true;
  }
  const members = schema['allOf'];
  if (Array.isArray(members) && members.some((member) => refusesNull(member, root, level + 1))) return true;
  if (typeof schema['$ref'] === 'string') return refusesNull(resolveLocalRef({ $ref: schema['$ref'] }, root), root, level + 1);
  return false;
}
