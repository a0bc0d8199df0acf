import { InvalidToolDefinitionException } from '@acode/application';
import { hashOf, snakeCaseWords } from '@acode/infrastructure/gateway';
import { appendPointer, ERROR_CODES, escapePointerToken, isPlainObject, MAX_PARAMETER_NAME_LENGTH, PARAMETER_NAME_PATTERN, type JsonObject, type JsonSchemaObject, type JsonValue } from '@acode/domain';

/**
 * The names renamed at one place of the arguments (an object, or the elements of an array), kept
 * in `metadata.mcp.properties` by `fromMcpTool`: a JSON tree that follows the arguments.
 */
export interface McpPropertyNames {
  /** Our name → the wire name, for the properties of an object here whose names were renamed. */
  readonly renamed?: Readonly<Record<string, string>>;
  /** By our name: the names renamed inside that property's value. */
  readonly properties?: Readonly<Record<string, McpPropertyNames>>;
  /** The names renamed inside the value of any property (those `additionalProperties` and the like may check). */
  readonly additional?: McpPropertyNames;
  /** The names renamed inside every element of an array here. */
  readonly items?: McpPropertyNames;
}

/**
 * What `toMcpTool` needs to write a renamed schema back, by the JSON Pointer of each schema object
 * in our `parameters`: the names renamed there (ours → wire), and `at`, the place in
 * {@link McpPropertyNames} whose names its `const`, `enum`, `default` and `examples` were mapped by
 * (steps: our property names, `[]` for array elements, `*` for additional properties).
 */
export type McpSchemaNames = Readonly<Record<string, { readonly names?: Readonly<Record<string, string>>; readonly at?: readonly string[] }>>;

const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
/** Maps whose keys are property names. */
const NAME_MAPS = new Set(['properties', 'dependentSchemas']);
/** Keywords whose values are argument data, mapped like arguments. */
const VALUE_KEYWORDS = ['const', 'default'];
const VALUE_LIST_KEYWORDS = ['enum', 'examples'];
/** Deepest nesting of argument objects with renamed names. */
const MAX_NAME_DEPTH = 64;

/** True when `name` is a valid parameter name of ours as it is (snake_case, at most 64 characters). */
export function isParameterName(name: string): boolean {
  return name.length <= MAX_PARAMETER_NAME_LENGTH && PARAMETER_NAME_PATTERN.test(name);
}

/**
 * A property name from another ecosystem as a valid parameter name of ours, by the rule of tool
 * names (`toToolName`): `filePath` → `file_path`, `max-results` → `max_results`, `getHTTPStatus`
 * → `get_http_status`, `$id` → `id`; a name starting with a digit gets `arg_` in front; one with
 * nothing usable left, or longer than 64 characters, ends with `_` and 8 hex digits of the
 * SHA-256 of the original. A valid name comes back unchanged.
 */
export function toParameterName(original: string): string {
  if (isParameterName(original)) return original;
  let name = snakeCaseWords(original);
  const hash = hashOf(original);
  if (name === '') return `arg_${hash}`;
  if (!/^[a-z]/.test(name)) name = `arg_${name}`;
  if (name.length > MAX_PARAMETER_NAME_LENGTH) name = `${name.slice(0, MAX_PARAMETER_NAME_LENGTH - 9).replace(/_+$/, '')}_${hash}`;
  return name;
}

/** What {@link renamePropertyNames} made: the schema with valid names, and what it renamed (absent when nothing). */
export interface RenamedSchema {
  readonly schema: JsonSchemaObject;
  readonly properties?: McpPropertyNames;
  readonly schemas?: McpSchemaNames;
}

type Schema = Record<string, unknown>;

/**
 * `schema` (a normalised 2020-12 copy) with every property name that is not a valid parameter
 * name renamed by {@link toParameterName}: in `properties`, `required`, `dependentRequired`,
 * `dependentSchemas`, at every depth (`items`, `prefixItems`, `$defs`, `allOf`/`anyOf`/`oneOf`,
 * `not`, `if`/`then`/`else`, ...); local `$ref` pointers through renamed names follow them, and
 * `const`, `enum`, `default` and `examples` values are mapped as arguments are.
 *
 * At each place of the arguments, the names every schema that may apply there speaks of are
 * renamed as one bijection (a renamed name and its new name swap), so every keyword that does
 * not read names says the same of the renamed arguments as of the wire's.
 *
 * @throws InvalidToolDefinitionException (ACODE-TSR-006) where renaming could change what a call
 *   means: two names that become one at one place; `patternProperties` or `propertyNames` beside
 *   renamed names; a `$ref` that cannot be followed, or a recursive one, with names to rename; a
 *   schema used at two places whose `const`/`enum`/`default` would map differently.
 */
export function renamePropertyNames(schema: JsonSchemaObject, toolName: string, field = '/parameters'): RenamedSchema {
  const renamer = new Renamer(schema as Schema, toolName, field);
  if (!renamer.anyToRename()) return { schema };
  const properties = renamer.locate([schema as Schema], [], []);
  const out = renamer.rewrite(schema as Schema, '', properties);
  return { schema: out as JsonSchemaObject, ...(properties === undefined ? {} : { properties }), schemas: renamer.schemas };
}

/**
 * The wire's schema again from one renamed by {@link renamePropertyNames}, by the names it kept:
 * the reverse, for `toMcpTool`.
 */
export function restorePropertyNames(schema: JsonSchemaObject, properties: McpPropertyNames | undefined, schemas: McpSchemaNames): JsonSchemaObject {
  const entry = (pointer: string): { names?: unknown; at?: unknown } | undefined => (Object.hasOwn(schemas, pointer) && isPlainObject(schemas[pointer]) ? schemas[pointer] : undefined);
  const names = (pointer: string, name: string): string => ownString(entry(pointer)?.names, name) ?? name;
  return rewriteSchema(schema as Schema, '', '', {
    name: (ourPointer, name) => names(ourPointer, name),
    pointerName: (ourPointer, name) => names(ourPointer, name),
    ourPointerIsInput: true,
    value: (ourPointer, value) => {
      const at = entry(ourPointer)?.at;
      return Array.isArray(at) ? toWireArguments(nodeAt(properties, at.map(String)), value) : value;
    },
  }) as JsonSchemaObject;
}

/** Arguments of ours (validated) with the wire's property names, by the tree `fromMcpTool` kept. */
export function toWireArguments(node: McpPropertyNames | undefined, value: unknown): unknown {
  return mapArguments(node, value, 'toWire');
}

/** Arguments from the wire with our property names, by the tree `fromMcpTool` kept. */
export function toOurArguments(node: McpPropertyNames | undefined, value: unknown): unknown {
  return mapArguments(node, value, 'toOurs');
}

function mapArguments(names: McpPropertyNames | undefined, value: unknown, direction: 'toWire' | 'toOurs'): unknown {
  if (!isPlainObject(names)) return value;
  const node = names as McpPropertyNames;
  if (Array.isArray(value)) return node.items === undefined ? value : value.map((item) => mapArguments(node.items, item, direction));
  if (!isPlainObject(value)) return value;
  const renamed: Record<string, unknown> = isPlainObject(node.renamed) ? node.renamed : {};
  const inverse = new Map(Object.entries(renamed).flatMap(([ours, wire]) => (typeof wire === 'string' ? [[wire, ours] as const] : [])));
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    // A bijection: a renamed name and its new name swap, whichever side sent them.
    const fromOurs = ownString(renamed, key);
    const fromWire = inverse.get(key);
    const mapped = direction === 'toWire' ? (fromOurs ?? fromWire ?? key) : (fromWire ?? fromOurs ?? key);
    const ours = direction === 'toWire' ? key : mapped;
    return [mapped, mapArguments(childOf(node, ours), item, direction)];
  });
  return Object.fromEntries(entries);
}

function nodeAt(root: McpPropertyNames | undefined, at: readonly string[]): McpPropertyNames | undefined {
  let node = root;
  for (const step of at) {
    if (!isPlainObject(node)) return undefined;
    node = (node as McpPropertyNames);
    node = step === '[]' ? node.items : step === '*' ? node.additional : childOf(node, step);
  }
  return node;
}

/** The names inside the value of the property `ours`: its own, or those of any property. */
function childOf(node: McpPropertyNames, ours: string): McpPropertyNames | undefined {
  const properties: unknown = node.properties;
  const own = isPlainObject(properties) && Object.hasOwn(properties, ours) ? properties[ours] : undefined;
  return (own as McpPropertyNames | undefined) ?? node.additional;
}

function ownString(record: unknown, key: string): string | undefined {
  if (!isPlainObject(record) || !Object.hasOwn(record, key)) return undefined;
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

interface RewriteHooks {
  /** A property name in a schema object (at our pointer). */
  readonly name: (ourPointer: string, name: string) => string;
  /** A property name met in a `$ref` pointer, at the schema object of our pointer. */
  readonly pointerName: (ourPointer: string, name: string) => string;
  /** Whether the pointer hooks get the input's pointer (restoring) or the output's (renaming). */
  readonly ourPointerIsInput: boolean;
  /** A `const`/`default` value, or one entry of `enum`/`examples`, of the schema object at our pointer. */
  readonly value: (ourPointer: string, value: unknown, schema: Schema) => unknown;
  /** Called with each schema object's input, output pointer and what was renamed there. */
  readonly visit?: (schema: Schema, outPointer: string, renamed: Record<string, string>, valuesChanged: boolean) => void;
}

/** A copy of `schema` with names, `$ref` pointers and values rewritten by `hooks`. */
function rewriteSchema(schema: Schema, inPointer: string, outPointer: string, hooks: RewriteHooks, root: Schema = schema): Schema {
  const ours = hooks.ourPointerIsInput ? inPointer : outPointer;
  const rename = (name: unknown): unknown => (typeof name === 'string' ? hooks.name(ours, name) : name);
  const renamed: Record<string, string> = {};
  const note = (from: unknown): unknown => {
    const to = rename(from);
    if (typeof from === 'string' && to !== from) renamed[hooks.ourPointerIsInput ? from : (to as string)] = hooks.ourPointerIsInput ? (to as string) : from;
    return to;
  };
  let valuesChanged = false;
  const out: Array<[string, unknown]> = [];
  for (const [keyword, value] of Object.entries(schema)) {
    let next: unknown = value;
    if (NAME_MAPS.has(keyword) && isPlainObject(value)) {
      next = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => {
          const to = note(name) as string;
          return [to, isPlainObject(sub) ? rewriteSchema(sub, appendPointer(inPointer, keyword, name), appendPointer(outPointer, keyword, to), hooks, root) : sub];
        }),
      );
    } else if (MAPS.includes(keyword) && isPlainObject(value)) {
      next = Object.fromEntries(Object.entries(value).map(([key, sub]) => [key, isPlainObject(sub) ? rewriteSchema(sub, appendPointer(inPointer, keyword, key), appendPointer(outPointer, keyword, key), hooks, root) : sub]));
    } else if (ARRAYS.includes(keyword) && Array.isArray(value)) {
      next = value.map((sub, index) => (isPlainObject(sub) ? rewriteSchema(sub, appendPointer(inPointer, keyword, index), appendPointer(outPointer, keyword, index), hooks, root) : sub));
    } else if (SINGLE.includes(keyword) && isPlainObject(value)) {
      next = rewriteSchema(value, appendPointer(inPointer, keyword), appendPointer(outPointer, keyword), hooks, root);
    } else if (keyword === 'required' && Array.isArray(value)) {
      next = value.map(note);
    } else if (keyword === 'dependentRequired' && isPlainObject(value)) {
      next = Object.fromEntries(Object.entries(value).map(([name, list]) => [note(name) as string, Array.isArray(list) ? list.map(note) : list]));
    } else if (keyword === '$ref' && typeof value === 'string') {
      next = rewritePointer(root, value, hooks);
    } else if (VALUE_KEYWORDS.includes(keyword)) {
      next = hooks.value(ours, value, schema);
    } else if (VALUE_LIST_KEYWORDS.includes(keyword) && Array.isArray(value)) {
      next = value.map((entry) => hooks.value(ours, entry, schema));
    }
    if (!valuesChanged && (VALUE_KEYWORDS.includes(keyword) || VALUE_LIST_KEYWORDS.includes(keyword)) && JSON.stringify(next) !== JSON.stringify(value)) valuesChanged = true;
    out.push([keyword, next]);
  }
  hooks.visit?.(schema, outPointer, renamed, valuesChanged);
  // fromEntries defines own properties, `__proto__` included.
  return Object.fromEntries(out);
}

/** A local `$ref` (`#/properties/fooBar`) with the property names in it rewritten; others as they are. */
function rewritePointer(root: Schema, ref: string, hooks: RewriteHooks): string {
  const parsed = fragmentTokens(ref);
  if (parsed === undefined || parsed.tokens.length === 0) return ref;
  let current: unknown = root;
  let kind: 'schema' | 'names' | 'map' | 'array' | 'other' = 'schema';
  let inPointer = '';
  let outPointer = '';
  let schemaPointer = '';
  const raw = parsed.raw.map((token, index) => {
    const name = parsed.tokens[index]!;
    const written = kind === 'names' ? hooks.pointerName(schemaPointer, name) : name;
    current = isPlainObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[name] : undefined;
    inPointer = appendPointer(inPointer, name);
    outPointer = appendPointer(outPointer, written);
    if (kind === 'schema') kind = NAME_MAPS.has(name) ? 'names' : MAPS.includes(name) ? 'map' : ARRAYS.includes(name) ? 'array' : SINGLE.includes(name) ? 'schema' : 'other';
    else if (kind !== 'other') kind = 'schema';
    if (kind === 'schema') schemaPointer = hooks.ourPointerIsInput ? inPointer : outPointer;
    // Property names are snake_case on our side and kept as the wire wrote them on the way back.
    return written === name ? token : encodeURI(escapePointerToken(written));
  });
  return `#/${raw.join('/')}`;
}

/** The tokens of a local JSON Pointer fragment (`#/a/b`), raw and decoded, or `undefined` for anything else. */
function fragmentTokens(ref: string): { raw: string[]; tokens: string[] } | undefined {
  if (ref === '#') return { raw: [], tokens: [] };
  if (!ref.startsWith('#/')) return undefined;
  const raw = ref.slice(2).split('/');
  try {
    return { raw, tokens: raw.map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')) };
  } catch {
    return undefined;
  }
}

/** The analysis of one schema: which names to rename where, and the refusals. */
class Renamer {
  /** Every schema object, with its pointer in the input. */
  private readonly pointers = new Map<Schema, string>();
  /** Whether a schema object, or one it reaches (through `$ref` too), names a property to rename. */
  private readonly reaches = new Map<Schema, boolean>();
  /** The places of the arguments (steps) each schema object applies at. */
  private readonly placesOf = new Map<Schema, string[][]>();
  private readonly ids = new Map<Schema, number>();
  readonly schemas: Record<string, { names?: Record<string, string>; at?: string[] }> = {};

  constructor(
    private readonly root: Schema,
    private readonly toolName: string,
    private readonly field: string,
  ) {
    this.collect(root, '');
    this.propagate();
  }

  anyToRename(): boolean {
    return [...this.reaches.values()].some(Boolean);
  }

  private refuse(pointer: string, message: string): never {
    throw new InvalidToolDefinitionException(this.toolName, [{ code: ERROR_CODES.SCHEMA_INVALID, path: `${this.field}${pointer}`, message }]);
  }

  private collect(schema: Schema, pointer: string): void {
    if (this.pointers.has(schema)) return;
    this.pointers.set(schema, pointer);
    this.ids.set(schema, this.ids.size);
    for (const [keyword, sub, at] of subschemas(schema, pointer)) if (isPlainObject(sub)) this.collect(sub, at);
  }

  /** Names of properties a schema object speaks of, by where they are written. */
  private namesOf(schema: Schema, pointer: string): Array<[name: string, at: string]> {
    const names: Array<[string, string]> = [];
    for (const keyword of NAME_MAPS) {
      const map = schema[keyword];
      if (isPlainObject(map)) for (const name of Object.keys(map)) names.push([name, appendPointer(pointer, keyword, name)]);
    }
    const required = schema['required'];
    if (Array.isArray(required)) required.forEach((name, index) => typeof name === 'string' && names.push([name, appendPointer(pointer, 'required', index)]));
    const dependent = schema['dependentRequired'];
    if (isPlainObject(dependent)) {
      for (const [name, list] of Object.entries(dependent)) {
        names.push([name, appendPointer(pointer, 'dependentRequired', name)]);
        if (Array.isArray(list)) list.forEach((entry, index) => typeof entry === 'string' && names.push([entry, appendPointer(pointer, 'dependentRequired', name, index)]));
      }
    }
    return names;
  }

  /** The schema a local `$ref` points at, or `undefined`. */
  private target(ref: string): Schema | undefined {
    if (ref.startsWith('#') && !ref.startsWith('#/') && ref !== '#') {
      const anchor = ref.slice(1);
      return [...this.pointers.keys()].find((schema) => schema['$anchor'] === anchor);
    }
    const tokens = fragmentTokens(ref)?.tokens;
    if (tokens === undefined) return undefined;
    let current: unknown = this.root;
    for (const token of tokens) current = isPlainObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[token] : undefined;
    return isPlainObject(current) && this.pointers.has(current) ? current : undefined;
  }

  /** Fills {@link reaches}: own names to rename, then through subschemas and `$ref`, to a fixpoint. */
  private propagate(): void {
    const parents = new Map<Schema, Schema[]>();
    const queue: Schema[] = [];
    for (const [schema, pointer] of this.pointers) {
      const own = this.namesOf(schema, pointer).some(([name]) => !isParameterName(name));
      this.reaches.set(schema, own);
      if (own) queue.push(schema);
      const children = subschemas(schema, pointer).map(([, sub]) => sub).filter(isPlainObject);
      const ref = schema['$ref'];
      const target = typeof ref === 'string' ? this.target(ref) : undefined;
      if (target !== undefined) children.push(target);
      for (const child of children) parents.set(child, [...(parents.get(child) ?? []), schema]);
    }
    while (queue.length > 0) {
      const schema = queue.pop()!;
      for (const parent of parents.get(schema) ?? []) {
        if (this.reaches.get(parent) !== true) {
          this.reaches.set(parent, true);
          queue.push(parent);
        }
      }
    }
  }

  /** The schemas that apply at the same place of the arguments as `schemas`: composition, conditionals, `$ref`. */
  private expand(schemas: readonly Schema[]): Schema[] {
    const seen = new Set<Schema>();
    const stack = [...schemas];
    while (stack.length > 0) {
      const schema = stack.pop()!;
      if (seen.has(schema)) continue;
      seen.add(schema);
      const pointer = this.pointers.get(schema) ?? '';
      for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
        const list = schema[keyword];
        if (Array.isArray(list)) for (const sub of list) if (isPlainObject(sub)) stack.push(sub);
      }
      for (const keyword of ['not', 'if', 'then', 'else']) if (isPlainObject(schema[keyword])) stack.push(schema[keyword] as Schema);
      const dependent = schema['dependentSchemas'];
      if (isPlainObject(dependent)) for (const sub of Object.values(dependent)) if (isPlainObject(sub)) stack.push(sub);
      for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
        const ref = schema[keyword];
        if (ref === undefined) continue;
        const target = keyword === '$ref' && typeof ref === 'string' ? this.target(ref) : undefined;
        if (target === undefined) this.refuse(appendPointer(pointer, keyword), `${keyword} ${JSON.stringify(ref)} cannot be followed here, so the MCP property names to rename cannot be renamed safely`);
        stack.push(target);
      }
    }
    return [...seen];
  }

  /** The names renamed at one place of the arguments where `schemas` apply (`undefined`: none), refusing what is unsafe. */
  locate(schemas: readonly Schema[], steps: string[], open: string[]): McpPropertyNames | undefined {
    // `reaches` follows composition and `$ref` too: nothing to rename here or below.
    if (!schemas.some((schema) => this.reaches.get(schema) === true)) return undefined;
    const applying = this.expand(schemas);
    for (const schema of applying) this.placesOf.set(schema, [...(this.placesOf.get(schema) ?? []), steps]);
    const key = applying.map((schema) => this.ids.get(schema)).sort((a, b) => (a ?? 0) - (b ?? 0)).join(',');
    const where = this.pointers.get(schemas[0]!) ?? '';
    if (open.includes(key)) this.refuse(where, 'a recursive schema ($ref) names MCP properties to rename; their names cannot be mapped at every depth');
    if (open.length >= MAX_NAME_DEPTH) this.refuse(where, `MCP property names to rename are nested more than ${MAX_NAME_DEPTH} deep`);
    const inner = [...open, key];

    // One bijection for the place: every name any applying schema speaks of, and what it becomes.
    const byTarget = new Map<string, [name: string, at: string]>();
    const renamed: Record<string, string> = {};
    for (const schema of applying) {
      for (const [name, at] of this.namesOf(schema, this.pointers.get(schema) ?? '')) {
        const target = toParameterName(name);
        const other = byTarget.get(target);
        if (other !== undefined && other[0] !== name) {
          this.refuse(at, `MCP property names ${JSON.stringify(other[0])} (at ${this.field}${other[1]}) and ${JSON.stringify(name)} both become the parameter name ${JSON.stringify(target)}; rename one on the server or leave the tool out`);
        }
        byTarget.set(target, [name, at]);
        if (target !== name) renamed[target] = name;
      }
    }
    if (Object.keys(renamed).length > 0) {
      for (const schema of applying) {
        for (const keyword of ['patternProperties', 'propertyNames']) {
          if (Object.hasOwn(schema, keyword)) this.refuse(appendPointer(this.pointers.get(schema) ?? '', keyword), `${keyword} reads the names of an object whose MCP property names are renamed (${Object.values(renamed).map((name) => JSON.stringify(name)).join(', ')}); renaming them could change what it accepts`);
        }
      }
    }

    // What may check the value of any property here, and of array elements.
    const additional: Schema[] = [];
    const elements: Schema[] = [];
    for (const schema of applying) {
      for (const keyword of ['additionalProperties', 'unevaluatedProperties']) if (isPlainObject(schema[keyword])) additional.push(schema[keyword] as Schema);
      const patterns = schema['patternProperties'];
      if (isPlainObject(patterns)) for (const sub of Object.values(patterns)) if (isPlainObject(sub)) additional.push(sub);
      for (const keyword of ['items', 'contains', 'unevaluatedItems']) if (isPlainObject(schema[keyword])) elements.push(schema[keyword] as Schema);
      const prefix = schema['prefixItems'];
      if (Array.isArray(prefix)) for (const sub of prefix) if (isPlainObject(sub)) elements.push(sub);
    }
    const declared = new Map<string, Schema[]>();
    for (const schema of applying) {
      const properties = schema['properties'];
      if (!isPlainObject(properties)) continue;
      for (const [name, sub] of Object.entries(properties)) if (isPlainObject(sub)) declared.set(name, [...(declared.get(name) ?? []), sub]);
    }
    const properties: Record<string, McpPropertyNames> = {};
    for (const [name, subs] of declared) {
      const ours = toParameterName(name);
      const child = this.locate([...subs, ...additional], [...steps, ours], inner);
      if (child !== undefined) properties[ours] = child;
    }
    const additionalNode = additional.length === 0 ? undefined : this.locate(additional, [...steps, '*'], inner);
    const items = elements.length === 0 ? undefined : this.locate(elements, [...steps, '[]'], inner);
    const node: { -readonly [K in keyof McpPropertyNames]: McpPropertyNames[K] } = {};
    if (Object.keys(renamed).length > 0) node.renamed = renamed;
    if (Object.keys(properties).length > 0) node.properties = properties;
    if (additionalNode !== undefined) node.additional = additionalNode;
    if (items !== undefined) node.items = items;
    return Object.keys(node).length === 0 ? undefined : node;
  }

  /** The renamed copy of the schema, recording {@link schemas}. */
  rewrite(schema: Schema, _pointer: string, tree: McpPropertyNames | undefined): Schema {
    return rewriteSchema(schema, '', '', {
      ourPointerIsInput: false,
      name: (_ours, name) => toParameterName(name),
      pointerName: (_ours, name) => toParameterName(name),
      value: (_ours, value, owner) => {
        const places = this.placesOf.get(owner) ?? [];
        const mapped = places.map((steps) => toOurArguments(nodeAt(tree, steps), value));
        if (mapped.some((one) => JSON.stringify(one) !== JSON.stringify(mapped[0]))) {
          this.refuse(this.pointers.get(owner) ?? '', 'this schema applies at places of the arguments whose MCP property names are renamed differently, so its const, enum, default or examples cannot be renamed for all of them');
        }
        return places.length === 0 ? value : mapped[0];
      },
      visit: (owner, outPointer, renamed, valuesChanged) => {
        const names = Object.keys(renamed).length > 0 ? renamed : undefined;
        const places = this.placesOf.get(owner);
        const at = valuesChanged && places !== undefined ? places[0] : undefined;
        // Two names of one object that become one (in a schema no argument reaches, too).
        this.checkOwnClash(owner);
        if (names !== undefined || at !== undefined) this.schemas[outPointer] = { ...(names === undefined ? {} : { names }), ...(at === undefined ? {} : { at }) };
      },
    });
  }

  private checkOwnClash(schema: Schema): void {
    const seen = new Map<string, string>();
    for (const [name, at] of this.namesOf(schema, this.pointers.get(schema) ?? '')) {
      const target = toParameterName(name);
      const other = seen.get(target);
      if (other !== undefined && other !== name) this.refuse(at, `MCP property names ${JSON.stringify(other)} and ${JSON.stringify(name)} both become the parameter name ${JSON.stringify(target)}; rename one on the server or leave the tool out`);
      seen.set(target, name);
    }
  }
}

/** The subschemas of a schema object: `[keyword, subschema, pointer]`. */
function subschemas(schema: Schema, pointer: string): Array<[string, unknown, string]> {
  const out: Array<[string, unknown, string]> = [];
  for (const keyword of SINGLE) if (Object.hasOwn(schema, keyword)) out.push([keyword, schema[keyword], appendPointer(pointer, keyword)]);
  for (const keyword of ARRAYS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((sub, index) => out.push([keyword, sub, appendPointer(pointer, keyword, index)]));
  }
  for (const keyword of MAPS) {
    const map = schema[keyword];
    if (isPlainObject(map)) for (const [key, sub] of Object.entries(map)) out.push([keyword, sub, appendPointer(pointer, keyword, key)]);
  }
  return out;
}

/** `metadata.mcp` fields for a renamed schema, as JSON. */
export function renamedMetadata(renamed: RenamedSchema): Record<string, JsonValue> {
  if (renamed.schemas === undefined) return {};
  return {
    ...(renamed.properties === undefined ? {} : { properties: renamed.properties as unknown as JsonObject }),
    schemaNames: renamed.schemas as unknown as JsonObject,
  };
}
