import { appendPointer, ERROR_CODES, isPlainObject, JSON_SCHEMA_DIALECT, type DefinitionViolation, type JsonSchema } from '@acode/domain';
import { unescapePointerToken } from './json-pointer.js';

/** The dialect a schema was read as: the one its root `$schema` names, or `unspecified` without one. */
export type SchemaDialect = 'draft-07' | 'draft-2019-09' | 'draft-2020-12' | 'unspecified';

/** Options of {@link normalizeSchemaDialect}. */
export interface NormalizeSchemaDialectOptions {
  /**
   * Deepest nesting of schema objects walked (the root is 1); deeper input is refused with
   * ACODE-TSR-006 rather than recursed into. Default {@link MAX_NORMALIZE_SCHEMA_DEPTH}.
   */
  readonly maxDepth?: number;
}

/** What {@link normalizeSchemaDialect} made of a schema. */
export type SchemaDialectNormalization =
  | {
      readonly ok: true;
      /** The draft 2020-12 schema: a new object, sharing nothing with the input. */
      readonly schema: JsonSchema;
      /** The dialect the input was read as. */
      readonly dialect: SchemaDialect;
      /** One line per rewrite made (`definitions → $defs at /`), in document order; empty when none was needed. */
      readonly changes: readonly string[];
    }
  | {
      readonly ok: false;
      /** Always ACODE-TSR-006, with the pointer of the offending keyword in the input. */
      readonly violation: DefinitionViolation;
    };

/** Default of {@link NormalizeSchemaDialectOptions.maxDepth}: well past the registry's own limit (20), well short of the stack's. */
export const MAX_NORMALIZE_SCHEMA_DEPTH = 128;

/** The `$schema` URIs read as draft-07 and 2019-09 (with or without `https` and the empty fragment). */
const DIALECT_URIS: ReadonlyMap<string, SchemaDialect> = new Map([
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', 'draft-2019-09'],
  ['json-schema.org/draft/2020-12/schema', 'draft-2020-12'],
]);

/** Keywords whose value is one subschema (draft-07 to 2020-12; `items` only in its one-schema form). */
const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'not', 'if', 'then', 'else', 'additionalProperties', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
]);
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names (or patterns) to subschemas, kept under their own name. */
const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

class DialectRefusal extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}

interface Walk {
  readonly dialect: SchemaDialect;
  readonly maxDepth: number;
  readonly root: Readonly<Record<string, unknown>>;
  readonly changes: string[];
}

/**
 * Reads a JSON Schema written for draft-07 or 2019-09 (or naming no dialect, as MCP tools and
 * many generators do) and returns its draft 2020-12 equivalent, the only dialect the registry
 * compiles:
 *
 * - `definitions` becomes `$defs`, and every local `$ref` into it (or into any keyword renamed
 *   below) is rewritten to the new location;
 * - array-form `items` becomes `prefixItems`, and `additionalItems` beside it becomes `items`
 *   (beside one-schema `items` or none, where draft-07 ignores it, `additionalItems` is dropped);
 * - `dependencies` splits into `dependentRequired` (name lists) and `dependentSchemas` (schemas);
 * - a plain-name `$id` (`"#address"`) becomes `$anchor: "address"`;
 * - `additionalItems: false` beside array-form `items` becomes `maxItems` (the same limit, in a
 *   form the definition rules accept: they refuse the boolean `items: false`);
 * - keywords beside a `$ref` are kept, and 2020-12 applies them: draft-07 said to ignore them, but
 *   ajv (the validator of the MCP SDK and most servers) applies them in every draft, so that is
 *   what authors test against, and dropping a constraint would widen what a tool accepts;
 * - the root `$schema` becomes 2020-12's when the input declared a dialect, stays absent when it
 *   declared none, and a `$schema` below the root (not allowed there without an `$id`) is dropped.
 *
 * A schema declaring 2020-12 already is copied as it is. Without `$schema` only the rewrites
 * above apply: each of those keywords is meaningless or invalid in 2020-12, so they can only have
 * been meant in the older sense. Refused, with ACODE-TSR-006 and the pointer: a `$schema` naming
 * any other dialect (draft-04, draft-06, OpenAPI...) or not a string, a root that is not a schema,
 * `definitions` and `$defs` (or `dependencies` and `dependent*`) naming the same entry, and
 * nesting past `maxDepth`. Everything else (remote refs, unknown formats) is left for the schema
 * compiler to judge. The input is never changed and never throws; the output shares no object
 * with it.
 *
 * @example
 * const result = normalizeSchemaDialect(mcpTool.inputSchema);
 * if (!result.ok) throw new Error(result.violation.message);
 * registry.registerTool({ ...definition, parameters: result.schema as JsonSchemaObject });
 */
export function normalizeSchemaDialect(schema: unknown, options: NormalizeSchemaDialectOptions = {}): SchemaDialectNormalization {
  if (typeof schema === 'boolean') return { ok: true, schema, dialect: 'unspecified', changes: [] };
  if (!isPlainObject(schema)) return refused('', `A JSON Schema must be an object or a boolean; got ${describe(schema)}`);
  try {
    const dialect = dialectOf(schema);
    const walk: Walk = { dialect, maxDepth: options.maxDepth ?? MAX_NORMALIZE_SCHEMA_DEPTH, root: schema, changes: [] };
    if (dialect === 'draft-2020-12') return { ok: true, schema: copyJson(schema, walk.maxDepth * 4, '') as JsonSchema, dialect, changes: [] };
    const normalized = normalizeNode(schema, '', 1, walk) as Record<string, unknown>;
    if (dialect !== 'unspecified') {
      define(normalized, '$schema', JSON_SCHEMA_DIALECT);
      walk.changes.unshift(`$schema ${dialect} → draft 2020-12 at /`);
    }
    return { ok: true, schema: normalized as JsonSchema, dialect, changes: walk.changes };
  } catch (error) {
    if (error instanceof DialectRefusal) return refused(error.path, error.message);
    throw error;
  }
}

/** The dialect the root `$schema` names; refuses one it does not know. */
function dialectOf(schema: Readonly<Record<string, unknown>>): SchemaDialect {
  if (!Object.hasOwn(schema, '$schema')) return 'unspecified';
  const uri = schema['$schema'];
  if (typeof uri !== 'string') throw new DialectRefusal('/$schema', `$schema must be a URI string; got ${describe(uri)}`);
  const dialect = knownDialect(uri);
  if (dialect === undefined) {
    throw new DialectRefusal(
      '/$schema',
      `Unsupported $schema ${JSON.stringify(uri.slice(0, 200))}: only draft-07, draft 2019-09 and draft 2020-12 schemas (or schemas naming no dialect) are accepted`,
    );
  }
  return dialect;
}

function knownDialect(uri: string): SchemaDialect | undefined {
  const match = /^https?:\/\/(.*?)#?$/.exec(uri);
  return match === null ? undefined : DIALECT_URIS.get(match[1] as string);
}

/** One schema (object or boolean) of the input, rewritten; `path` is its pointer in the input. */
function normalizeNode(node: unknown, path: string, depth: number, walk: Walk): unknown {
  if (!isPlainObject(node)) return copyJson(node, walk.maxDepth * 4, path);
  if (depth > walk.maxDepth) throw new DialectRefusal(path, `The schema nests deeper than ${walk.maxDepth} levels`);
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    const at = appendPointer(path, keyword);
    if (keyword === '$schema' && path !== '') {
      if (typeof value !== 'string' || knownDialect(value) === undefined) throw new DialectRefusal(at, `Unsupported $schema ${describe(value)} below the root`);
      walk.changes.push(`$schema below the root dropped at ${at}`);
      continue;
    }
    normalizeKeyword(out, keyword, value, { at, depth, node }, walk);
  }
  return out;
}

interface KeywordPlace {
  readonly at: string;
  readonly depth: number;
  /** The schema object the keyword belongs to, as written. */
  readonly node: Readonly<Record<string, unknown>>;
}

/** Writes one keyword of a schema object into `out`, renamed and with its subschemas rewritten. */
function normalizeKeyword(out: Record<string, unknown>, keyword: string, value: unknown, place: KeywordPlace, walk: Walk): void {
  const { at, depth } = place;
  const child = (item: unknown, pointer: string): unknown => normalizeNode(item, pointer, depth + 1, walk);
  if (keyword === 'definitions' && isPlainObject(value)) {
    walk.changes.push(`definitions → $defs at ${at}`);
    mergeInto(out, '$defs', mapSchemas(value, at, child), at);
  } else if (keyword === 'items' && Array.isArray(value)) {
    walk.changes.push(`array-form items → prefixItems at ${at}`);
    define(out, 'prefixItems', value.map((item, index) => child(item, appendPointer(at, index))));
  } else if (keyword === 'additionalItems') {
    additionalItems(out, value, place, child, walk);
  } else if (keyword === 'maxItems' && Object.hasOwn(out, 'maxItems')) {
    // additionalItems: false set the lower of the two limits already.
  } else if (keyword === 'dependencies' && isPlainObject(value)) {
    splitDependencies(out, value, at, child, walk);
  } else if (keyword === '$ref' && typeof value === 'string') {
    const ref = rewriteRef(value, walk.root);
    if (ref !== value) walk.changes.push(`$ref ${JSON.stringify(value)} → ${JSON.stringify(ref)} at ${at}`);
    define(out, '$ref', ref);
  } else if (keyword === '$id' && typeof value === 'string' && value.startsWith('#') && value.length > 1 && !value.startsWith('#/')) {
    walk.changes.push(`plain-name $id → $anchor at ${at}`);
    define(out, '$anchor', value.slice(1));
  } else if ((keyword === '$defs' || keyword === 'dependentSchemas') && isPlainObject(value)) {
    mergeInto(out, keyword, mapSchemas(value, at, child), at);
  } else if (keyword === 'dependentRequired' && isPlainObject(value)) {
    mergeInto(out, keyword, copyJson(value, walk.maxDepth * 4, at) as Record<string, unknown>, at);
  } else if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || keyword === 'items') {
    define(out, keyword, child(value, at));
  } else if (SCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value)) {
    define(out, keyword, value.map((item, index) => child(item, appendPointer(at, index))));
  } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isPlainObject(value)) {
    define(out, keyword, mapSchemas(value, at, child));
  } else {
    define(out, keyword, copyJson(value, walk.maxDepth * 4, at));
  }
}

/**
 * `additionalItems` in 2020-12 terms: beside array-form `items` it is `items` (the schema of the
 * items past the tuple), `false` there is the tuple's length as `maxItems`, and `true` says
 * nothing; elsewhere draft-07 ignores it, so it is dropped.
 */
function additionalItems(out: Record<string, unknown>, value: unknown, place: KeywordPlace, child: (item: unknown, pointer: string) => unknown, walk: Walk): void {
  const { at, node } = place;
  const tuple = node['items'];
  if (!Array.isArray(tuple)) {
    walk.changes.push(`additionalItems without array-form items (ignored) dropped at ${at}`);
  } else if (value === false) {
    const own = node['maxItems'];
    const limit = typeof own === 'number' && own < tuple.length ? own : tuple.length;
    walk.changes.push(`additionalItems: false → maxItems: ${limit} at ${at}`);
    define(out, 'maxItems', limit);
  } else if (value === true) {
    walk.changes.push(`additionalItems: true (no constraint) dropped at ${at}`);
  } else {
    walk.changes.push(`additionalItems → items at ${at}`);
    define(out, 'items', child(value, at));
  }
}

/** `dependencies` split by the kind of each entry: a name list is `dependentRequired`, a schema `dependentSchemas`. */
function splitDependencies(
  out: Record<string, unknown>,
  dependencies: Readonly<Record<string, unknown>>,
  at: string,
  child: (item: unknown, pointer: string) => unknown,
  walk: Walk,
): void {
  const required: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(dependencies)) {
    if (Array.isArray(entry)) define(required, name, copyJson(entry, 4, appendPointer(at, name)));
    else define(schemas, name, child(entry, appendPointer(at, name)));
  }
  if (Object.keys(required).length > 0) {
    walk.changes.push(`dependencies (name lists) → dependentRequired at ${at}`);
    mergeInto(out, 'dependentRequired', required, at);
  }
  if (Object.keys(schemas).length > 0) {
    walk.changes.push(`dependencies (schemas) → dependentSchemas at ${at}`);
    mergeInto(out, 'dependentSchemas', schemas, at);
  }
}

function mapSchemas(map: Readonly<Record<string, unknown>>, at: string, child: (item: unknown, pointer: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(map)) define(out, name, child(item, appendPointer(at, name)));
  return out;
}

/** Adds `entries` under `keyword`, refusing an entry a sibling keyword already gave (`definitions` and `$defs` both naming `a`). */
function mergeInto(out: Record<string, unknown>, keyword: string, entries: Record<string, unknown>, at: string): void {
  const existing = Object.hasOwn(out, keyword) ? (out[keyword] as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(entries)) {
    if (Object.hasOwn(existing, name)) {
      throw new DialectRefusal(appendPointer(at, name), `${JSON.stringify(name)} is defined twice under ${keyword} (once under its draft-07 name); keep one`);
    }
    define(existing, name, value);
  }
  define(out, keyword, existing);
}

/**
 * A local `$ref` (`#/definitions/a/items/0`) rewritten to where its target moved: each token is
 * followed through the input schema and renamed as {@link normalizeKeyword} renames it.
 * Percent-encoding of the untouched tokens is kept as written; other refs come back unchanged.
 */
function rewriteRef(ref: string, root: Readonly<Record<string, unknown>>): string {
  if (!ref.startsWith('#/')) return ref;
  const raw = ref.slice(2).split('/');
  const out: string[] = [];
  let node: unknown = root;
  let index = 0;
  const take = (renamed?: string): string => {
    const token = raw[index] as string;
    out.push(renamed ?? token);
    index++;
    return decodeToken(token);
  };
  while (index < raw.length) {
    if (!isPlainObject(node)) {
      out.push(...raw.slice(index));
      break;
    }
    const keyword = decodeToken(raw[index] as string);
    const value = Object.hasOwn(node, keyword) ? node[keyword] : undefined;
    if (keyword === 'definitions' || keyword === '$defs' || SCHEMA_MAP_KEYWORDS.has(keyword)) {
      take(keyword === 'definitions' ? '$defs' : undefined);
      node = isPlainObject(value) && index < raw.length ? ownOf(value, take()) : undefined;
    } else if (keyword === 'items' && Array.isArray(value)) {
      take('prefixItems');
      node = index < raw.length ? value[Number(take())] : undefined;
    } else if (keyword === 'additionalItems' && Array.isArray(node['items'])) {
      take('items');
      node = value;
    } else if (keyword === 'dependencies' && isPlainObject(value) && index + 1 < raw.length) {
      const entry = ownOf(value, decodeToken(raw[index + 1] as string));
      take(Array.isArray(entry) ? 'dependentRequired' : 'dependentSchemas');
      take();
      node = entry;
    } else if (SCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value)) {
      take();
      node = index < raw.length ? value[Number(take())] : undefined;
    } else if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || keyword === 'items') {
      take();
      node = value;
    } else {
      out.push(...raw.slice(index));
      break;
    }
  }
  return `#/${out.join('/')}`;
}

function ownOf(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function decodeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Malformed percent-encoding is read as written, as the schema compiler reads it.
  }
  return unescapePointerToken(decoded);
}

/** A deep copy of JSON data (enum values, defaults, examples); other values are kept as they are, for the compiler to refuse. */
function copyJson(value: unknown, depthLeft: number, path: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depthLeft <= 0) throw new DialectRefusal(path, 'The schema nests too deeply');
  if (Array.isArray(value)) return value.map((item) => copyJson(item, depthLeft - 1, path));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) define(out, key, copyJson(item, depthLeft - 1, path));
  return out;
}

/** Sets an own, enumerable property, even one named `__proto__` (as `JSON.parse` makes one). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function refused(path: string, message: string): SchemaDialectNormalization {
  return { ok: false, violation: { code: ERROR_CODES.SCHEMA_INVALID, path, message } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 200));
  return typeof value === 'object' ? 'an object that is not a plain JSON object' : `a ${typeof value}`;
}
