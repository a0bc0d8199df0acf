import { isPlainObject, type JsonObject, type JsonSchemaObject, type JsonTypeName, type JsonValue } from '@acode/domain';
import { resolveLocalRef } from '../validation/resolve-local-ref.js';
import { declaredTypes } from './declared-types.js';
import { mergeAllOf } from './merge-all-of.js';

/** Gemini's type names (an OpenAPI 3.0 subset, upper case). */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'OBJECT' | 'ARRAY';

const GEMINI_TYPES: Readonly<Record<Exclude<JsonTypeName, 'null'>, GeminiType>> = {
  string: 'STRING',
  number: 'NUMBER',
  // 003's table maps integer to NUMBER; Gemini has INTEGER, and keeping it stops the model sending 2.5.
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  object: 'OBJECT',
  array: 'ARRAY',
};

/** Formats Gemini documents, by type; any other `format` is named in the description instead. */
const GEMINI_FORMATS: Readonly<Partial<Record<GeminiType, ReadonlySet<string>>>> = {
  STRING: new Set(['date-time', 'enum']),
  NUMBER: new Set(['float', 'double']),
  INTEGER: new Set(['int32', 'int64']),
};

/** Bounds Gemini takes over unchanged. */
const KEPT_BOUNDS = ['minimum', 'maximum', 'minItems', 'maxItems'] as const;

/**
 * How often one `$ref` may be expanded inside itself before a recursive structure is cut, how
 * deep the converted schema may grow, and how many nodes `$ref` inlining may produce in all
 * (inlining a chain of definitions that each use the next twice doubles at every link).
 */
export const GEMINI_CONVERSION_LIMITS = Object.freeze({ recursiveRefExpansions: 2, maxDepth: 32, maxNodes: 10_000 });

/** The note a cut subtree carries, so the model knows the structure goes on. */
export const GEMINI_CUT_NOTE = 'Nested structure not shown; same shape as the enclosing one.';

interface GeminiWalk {
  readonly root: JsonSchemaObject;
  nodes: number;
}

/**
 * 003's recursive conversion of a JSON Schema to Gemini's function-declaration schema:
 * upper-case `type`, nested `properties` and `required`, `items`, `description`, string `enum`,
 * `nullable` for a type that allows `null`, `format` only where Gemini knows it, `minimum`,
 * `maximum`, `minItems`, `maxItems`.
 *
 * Where Gemini has no keyword: local `$ref`s are inlined (a recursive one is cut after
 * {@link GEMINI_CONVERSION_LIMITS}`.recursiveRefExpansions` with {@link GEMINI_CUT_NOTE});
 * `allOf` is merged; `oneOf` and several types become `anyOf`; an `enum` of non-strings (which
 * Gemini only has for strings) and an unknown `format` are written into the description; other
 * keywords (string lengths, `pattern`, `uniqueItems`, defaults, `additionalProperties`) are left
 * out, widening what the model may send, never narrowing it: the registry validates the call
 * against the real schema afterwards. A node with no type at all becomes STRING, 003's fallback.
 * Never throws.
 */
export function toGeminiSchema(parameters: JsonSchemaObject): JsonObject {
  return convert(parameters, { root: parameters, nodes: 0 }, 0, []);
}

function convert(node: unknown, walk: GeminiWalk, depth: number, refs: readonly string[]): JsonObject {
  walk.nodes++;
  if (!isPlainObject(node)) return { type: 'STRING' };
  const ref = node['$ref'];
  if (typeof ref === 'string') return convertRef(node, ref, walk, depth, refs);
  if (depth >= GEMINI_CONVERSION_LIMITS.maxDepth) return cut(node);
  const schema = Object.hasOwn(node, 'allOf') ? mergeAllOf(node, (member) => resolveLocalRef(member, walk.root)) : node;
  const union = Array.isArray(schema['anyOf']) ? schema['anyOf'] : Array.isArray(schema['oneOf']) ? schema['oneOf'] : undefined;
  const types = declaredTypes(schema);
  const nonNull = types.filter((type): type is Exclude<JsonTypeName, 'null'> => type !== 'null');
  const allowsNull = types.includes('null') || (Array.isArray(schema['enum']) && schema['enum'].includes(null));
  if (union !== undefined && nonNull.length === 0) return convertUnion(schema, union, walk, depth, refs);
  if (nonNull.length > 1) {
    const out: JsonObject = { anyOf: nonNull.map((type) => convert({ ...schema, type, description: undefined }, walk, depth + 1, refs)) };
    if (allowsNull) out['nullable'] = true;
    return withDescription(out, schema['description']);
  }
  const type = GEMINI_TYPES[nonNull[0] ?? 'string'];
  const out: JsonObject = { type };
  let description = typeof schema['description'] === 'string' ? schema['description'] : undefined;
  if (allowsNull) out['nullable'] = true;
  const values = Object.hasOwn(schema, 'const') ? [schema['const']] : Array.isArray(schema['enum']) ? schema['enum'] : undefined;
  if (values !== undefined) {
    const listed = values.filter((value) => value !== null) as JsonValue[];
    if (type === 'STRING' && listed.every((value) => typeof value === 'string')) out['enum'] = listed;
    else description = appendSentence(description, `Allowed values: ${listed.map((value) => JSON.stringify(value)).join(', ')}.`);
  }
  const format = schema['format'];
  if (typeof format === 'string') {
    if (GEMINI_FORMATS[type]?.has(format)) out['format'] = format;
    else description = appendSentence(description, `Format: ${format}.`);
  }
  for (const bound of KEPT_BOUNDS) if (typeof schema[bound] === 'number') out[bound] = schema[bound];
  if (type === 'OBJECT' && isPlainObject(schema['properties'])) {
    const properties: JsonObject = {};
    for (const [name, property] of Object.entries(schema['properties'])) properties[name] = convert(property, walk, depth + 1, refs);
    out['properties'] = properties;
    const required = Array.isArray(schema['required']) ? schema['required'].filter((name): name is string => typeof name === 'string' && Object.hasOwn(properties, name)) : [];
    if (required.length > 0) out['required'] = required;
  }
  // Gemini needs the element schema of every ARRAY; an unconstrained one takes the STRING fallback.
  if (type === 'ARRAY') out['items'] = convert(schema['items'] ?? {}, walk, depth + 1, refs);
  return withDescription(out, description);
}

function convertRef(node: Readonly<Record<string, unknown>>, ref: string, walk: GeminiWalk, depth: number, refs: readonly string[]): JsonObject {
  const seen = refs.filter((entry) => entry === ref).length;
  const target = resolveLocalRef(node, walk.root);
  if (!isPlainObject(target)) return withDescription({ type: 'STRING' }, node['description']);
  const { $ref: _ref, ...siblings } = node;
  const merged = { ...target, ...siblings };
  if (seen >= GEMINI_CONVERSION_LIMITS.recursiveRefExpansions || walk.nodes >= GEMINI_CONVERSION_LIMITS.maxNodes || depth >= GEMINI_CONVERSION_LIMITS.maxDepth) return cut(merged);
  return convert(merged, walk, depth, [...refs, ref]);
}

function convertUnion(schema: Readonly<Record<string, unknown>>, union: readonly unknown[], walk: GeminiWalk, depth: number, refs: readonly string[]): JsonObject {
  const branches = union.filter((branch) => !(isPlainObject(branch) && branch['type'] === 'null'));
  if (branches.length === 0) return withDescription({ type: 'STRING', nullable: true }, schema['description']);
  const converted = branches.map((branch) => convert(branch, walk, depth + 1, refs));
  const out: JsonObject = converted.length === 1 ? (converted[0] as JsonObject) : { anyOf: converted };
  if (branches.length < union.length) out['nullable'] = true;
  return converted.length === 1 && out['description'] !== undefined ? out : withDescription(out, schema['description']);
}

/** A subtree left out: its type when it has one simple type, and the note. */
function cut(schema: Readonly<Record<string, unknown>>): JsonObject {
  const [first] = declaredTypes(schema).filter((type) => type !== 'null');
  const type: GeminiType = first === undefined ? 'OBJECT' : GEMINI_TYPES[first];
  const out: JsonObject = { type, description: appendSentence(typeof schema['description'] === 'string' ? schema['description'] : undefined, GEMINI_CUT_NOTE) };
  if (type === 'ARRAY') out['items'] = { type: 'STRING' };
  return out;
}

function withDescription(out: JsonObject, description: unknown): JsonObject {
  if (typeof description === 'string' && description !== '') out['description'] = description;
  return out;
}

function appendSentence(text: string | undefined, sentence: string): string {
  return text === undefined || text === '' ? sentence : `${text.trimEnd()} ${sentence}`;
}
