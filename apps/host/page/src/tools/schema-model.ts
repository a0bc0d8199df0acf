/**
 * The form's model of a tool's parameters, and its conversion to and from JSON Schema. A
 * parameter is a node; an `array` has an `items` node, an `object` its `properties` nodes, in
 * order, nested to any depth. Keywords the form does not edit (`pattern`, `anyOf`, ...) are kept
 * in `extra`, a schema the form cannot show at all is kept whole (`raw`), and what the form did
 * not change is written back exactly as it was read: saving after editing one field changes that
 * field only.
 */

export const PARAMETER_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** The form's fields whose text is compared with what was read, to tell an edit from no edit. */
type TextField = 'description' | 'enumText' | 'defaultText' | 'minText' | 'maxText';

/** What a node was read from: the parts the form did not change are written back exactly as they were. */
export interface NodeSource {
  readonly schema: Json;
  /** The form's type when read (the schema may have had no `type`). */
  readonly type: ParameterType;
  readonly texts: Readonly<Record<TextField, string>>;
  readonly closed: boolean;
}

export interface ParamNode {
  /** Stable key for rendering and ids. */
  readonly uid: string;
  /** The property name; unused for an array's `items`. */
  name: string;
  type: ParameterType;
  description: string;
  /** Required in its parent object; unused for `items`. */
  required: boolean;
  /** The allowed values as typed: separated by commas, or a JSON array. */
  enumText: string;
  /** The default, as typed. */
  defaultText: string;
  /** `minimum` / `maximum` for numbers, `minLength` / `maxLength` for strings, `minItems` / `maxItems` for arrays, as typed. */
  minText: string;
  maxText: string;
  /** An array's element. */
  items?: ParamNode;
  /** An object's properties, in order. */
  properties?: ParamNode[];
  /** Whether an object refuses properties it does not list (`additionalProperties: false`). */
  closed: boolean;
  /** Every keyword the form does not edit, kept as it was. */
  extra: Record<string, unknown>;
  /**
   * A schema the form cannot show (a list of types, `anyOf`, `$ref`, no type at all, a tuple's
   * `items`...): kept exactly as it is and edited in the JSON Schema pane. `value` may be
   * `undefined` for an array without `items`.
   */
  raw?: { readonly value: unknown };
  /** What the node was read from; none for a node made in the form. */
  source?: NodeSource;
}

type Json = Record<string, unknown>;

let counter = 0;
/** A fresh uid for a node. */
export function newUid(): string {
  counter += 1;
  return `p${counter}`;
}

/** A new parameter of `type`, with an element or no properties as its type needs. */
export function newNode(type: ParameterType = 'string', name = ''): ParamNode {
  return withType({ uid: newUid(), name, type: 'string', description: '', required: false, enumText: '', defaultText: '', minText: '', maxText: '', closed: true, extra: {} }, type);
}

/** `node` as another type: an array gets a string element, an object an empty property list. */
export function withType(node: ParamNode, type: ParameterType): ParamNode {
  const next: ParamNode = { ...node, type };
  // A schema the form could not show becomes a plain one of the type chosen.
  if (next.raw !== undefined) {
    delete next.raw;
    delete next.items;
    delete next.properties;
  }
  if (type === 'array') next.items = next.items ?? newNode('string');
  else delete next.items;
  if (type === 'object') next.properties = next.properties ?? [];
  else delete next.properties;
  if (type === 'boolean') next.minText = next.maxText = '';
  return next;
}

/** A node the form cannot show, kept as `value`. */
function rawNode(value: unknown, name: string, required: boolean): ParamNode {
  const description = isObject(value) && typeof value['description'] === 'string' ? value['description'] : '';
  return { uid: newUid(), name, type: 'string', description, required, enumText: '', defaultText: '', minText: '', maxText: '', closed: false, extra: {}, raw: { value } };
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function bounds(type: ParameterType): [string, string] | undefined {
  if (type === 'integer' || type === 'number') return ['minimum', 'maximum'];
  if (type === 'string') return ['minLength', 'maxLength'];
  if (type === 'array') return ['minItems', 'maxItems'];
  return undefined;
}

/** The keywords the form edits for a type; the others are kept in `extra`. */
function editedKeys(type: ParameterType): Set<string> {
  const keys = new Set(['type', 'description', 'enum', 'default', ...(bounds(type) ?? [])]);
  if (type === 'array') keys.add('items');
  if (type === 'object') for (const key of ['properties', 'required', 'additionalProperties']) keys.add(key);
  return keys;
}

function valueText(value: unknown): string {
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The allowed values as the form shows them: "a, b, c" when each value reads back as itself from
 * that text, otherwise a JSON array (a value holding a comma, `null` for a string, ...).
 */
export function enumToText(values: readonly unknown[], type: ParameterType): string {
  const plain = values.every((value) => {
    const text = valueText(value);
    return text !== '' && text.trim() === text && !text.includes(',') && !text.startsWith('[') && sameJson(typedValue(text, type), value);
  });
  return plain ? values.map(valueText).join(', ') : JSON.stringify(values);
}

/** The allowed values typed in the form: a JSON array as it is, or values separated by commas, each read as `type`; none when empty. */
export function enumFromText(text: string, type: ParameterType): unknown[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (Array.isArray(value)) return value;
    } catch {
      // Not JSON: read as values separated by commas.
    }
  }
  return text.split(',').map((part) => typedValue(part.trim(), type));
}

/** The form's type of a schema, or none when the form cannot show it. */
function formType(source: Json): ParameterType | undefined {
  const type = source['type'];
  if (type === undefined) {
    // No `type`: an object or an array by its keywords (written back without one); anything else is shown only in the pane.
    if (isObject(source['properties'])) return 'object';
    if (isObject(source['items'])) return 'array';
    return undefined;
  }
  return (PARAMETER_TYPES as readonly unknown[]).includes(type) ? (type as ParameterType) : undefined;
}

/** A parameter node read from its JSON Schema. */
export function nodeFromSchema(schema: unknown, name = '', required = false): ParamNode {
  if (!isObject(schema)) return rawNode(schema, name, required);
  const type = formType(schema);
  if (type === undefined || (type === 'object' && schema['properties'] !== undefined && !isObject(schema['properties']))) return rawNode(schema, name, required);
  return readNode(schema, type, name, required);
}

function readNode(source: Json, type: ParameterType, name: string, required: boolean): ParamNode {
  const edited = editedKeys(type);
  const extra: Json = {};
  for (const [key, value] of Object.entries(source)) if (!edited.has(key)) extra[key] = value;
  const [minKey, maxKey] = bounds(type) ?? ['', ''];
  const node: ParamNode = {
    uid: newUid(),
    name,
    type,
    description: typeof source['description'] === 'string' ? source['description'] : valueText(source['description']),
    required,
    enumText: Array.isArray(source['enum']) ? enumToText(source['enum'], type) : valueText(source['enum']),
    defaultText: valueText(source['default']),
    minText: minKey === '' ? '' : valueText(source[minKey]),
    maxText: maxKey === '' ? '' : valueText(source[maxKey]),
    closed: type === 'object' ? source['additionalProperties'] === false : true,
    extra,
  };
  node.source = {
    schema: source,
    type,
    texts: { description: node.description, enumText: node.enumText, defaultText: node.defaultText, minText: node.minText, maxText: node.maxText },
    closed: node.closed,
  };
  // An element the form cannot show (a tuple, `true`, none at all) is kept as it is.
  if (type === 'array') node.items = isObject(source['items']) ? nodeFromSchema(source['items']) : rawNode(source['items'], '', false);
  if (type === 'object') node.properties = propertiesFromSchema(source);
  return node;
}

/** The ordered property nodes of an object schema. */
export function propertiesFromSchema(schema: unknown): ParamNode[] {
  const source = isObject(schema) ? schema : {};
  const properties = isObject(source['properties']) ? source['properties'] : {};
  const required = new Set(Array.isArray(source['required']) ? source['required'].filter((item): item is string => typeof item === 'string') : []);
  return Object.entries(properties).map(([name, child]) => nodeFromSchema(child, name, required.has(name)));
}

/** Text as its type reads it; unreadable text is kept as typed, for the host to refuse beside the field. */
export function typedValue(text: string, type: ParameterType): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'integer':
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : text;
    case 'array':
    case 'object':
      try {
        return JSON.parse(trimmed);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

function numberText(text: string): unknown {
  const trimmed = text.trim();
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}

/** The order of the form's keywords in a schema it writes anew. */
const FORM_ORDER = ['type', 'description', 'enum', 'default', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'items', 'properties', 'required', 'additionalProperties'];

/**
 * The JSON Schema of one node. What the form did not change is written as it was read, in the
 * order it was read (a `type` it did not have is not added; an `enum` or a `default` keeps its JSON
 * values); what the form changed is written from the form.
 */
export function schemaOfNode(node: ParamNode): unknown {
  if (node.raw !== undefined) return node.raw.value;
  const source = node.source;
  // The form's reading of the schema still holds only while its type is the one read.
  const kept = source !== undefined && source.type === node.type ? source : undefined;
  const from: Json = kept?.schema ?? {};
  const form: Json = {};
  const field = (key: string, changed: boolean, write: () => unknown) => {
    if (!changed) {
      if (key in from) form[key] = from[key];
      return;
    }
    const value = write();
    if (value !== undefined) form[key] = value;
  };
  const edited = (name: TextField) => kept === undefined || node[name] !== kept.texts[name];

  field('type', kept === undefined, () => node.type);
  field('description', edited('description'), () => (node.description.trim() === '' ? undefined : node.description.trim()));
  field('enum', edited('enumText'), () => enumFromText(node.enumText, node.type));
  field('default', edited('defaultText'), () => (node.defaultText.trim() === '' ? undefined : typedValue(node.defaultText, node.type)));
  const keys = bounds(node.type);
  if (keys !== undefined) {
    field(keys[0], edited('minText'), () => (node.minText.trim() === '' ? undefined : numberText(node.minText)));
    field(keys[1], edited('maxText'), () => (node.maxText.trim() === '' ? undefined : numberText(node.maxText)));
  }
  if (node.type === 'array') {
    const items = schemaOfNode(node.items ?? newNode('string'));
    if (items !== undefined) form['items'] = items;
  }
  if (node.type === 'object') Object.assign(form, objectKeywords(node, kept, from));

  // The schema's own keyword order first, then what the form adds, then the kept keywords.
  const out: Json = {};
  for (const key of Object.keys(from)) {
    if (key in form) out[key] = form[key];
    else if (key in node.extra) out[key] = node.extra[key];
  }
  for (const key of FORM_ORDER) if (key in form && !(key in out)) out[key] = form[key];
  for (const [key, value] of Object.entries(node.extra)) if (!(key in out)) out[key] = value;
  return out;
}

/** `properties`, `required` and `additionalProperties` of an object node. */
function objectKeywords(node: ParamNode, kept: NodeSource | undefined, from: Json): Json {
  const properties = node.properties ?? [];
  const out: Json = {};
  // `properties: {}` is not added to a schema that had none.
  if (properties.length > 0 || kept === undefined || 'properties' in from) {
    out['properties'] = Object.fromEntries(properties.map((child) => [child.name.trim(), schemaOfNode(child)]));
  }
  const names = new Set(properties.map((child) => child.name.trim()));
  const required = properties.filter((child) => child.required).map((child) => child.name.trim());
  const read = Array.isArray(from['required']) ? (from['required'] as unknown[]) : undefined;
  const readNames = new Set(kept === undefined ? [] : propertiesFromSchemaNames(from));
  const readRequired = (read ?? []).filter((item) => typeof item === 'string' && readNames.has(item));
  if (kept !== undefined && 'required' in from && sameSet(required, readRequired)) {
    out['required'] = from['required'];
  } else {
    // Entries naming no property (or not names at all) are kept: the form does not show them.
    const others = (read ?? []).filter((item) => !(typeof item === 'string' && (readNames.has(item) || names.has(item))));
    if (required.length > 0 || others.length > 0) out['required'] = [...required, ...others];
  }
  if (kept !== undefined && node.closed === kept.closed) {
    if ('additionalProperties' in from) out['additionalProperties'] = from['additionalProperties'];
  } else if (node.closed) {
    out['additionalProperties'] = false;
  }
  return out;
}

function propertiesFromSchemaNames(schema: Json): string[] {
  return isObject(schema['properties']) ? Object.keys(schema['properties']) : [];
}

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/** An object schema of `properties` made in the form, in their order: `type`, `properties`, `required`, `additionalProperties`. */
export function objectSchema(properties: readonly ParamNode[], closed = true): Json {
  return schemaOfNode({ ...newNode('object'), properties: [...properties], closed }) as Json;
}

/** The tool's parameters schema from the form. */
export function parametersSchema(root: ParamNode): Json {
  const schema = schemaOfNode(root);
  return isObject(schema) ? schema : {};
}

/** The uids of the properties, anywhere in the tree, whose trimmed name another property of the same object also has. */
export function duplicateNames(root: ParamNode): Set<string> {
  const found = new Set<string>();
  const visit = (node: ParamNode) => {
    if (node.properties !== undefined) {
      const seen = new Map<string, string>();
      for (const child of node.properties) {
        const name = child.name.trim();
        const first = seen.get(name);
        if (name !== '' && first !== undefined) found.add(first).add(child.uid);
        else seen.set(name, child.uid);
        visit(child);
      }
    }
    if (node.items !== undefined) visit(node.items);
  };
  visit(root);
  return found;
}

/** The root node (an object) of a tool's `parameters`. */
export function rootFromParameters(parameters: unknown): ParamNode {
  if (!isObject(parameters)) return nodeFromSchema({ type: 'object', properties: {}, additionalProperties: false });
  // The root is always an object in the form, even without `type` (which is then not added).
  if (parameters['type'] === undefined || parameters['type'] === 'object') return readNode(parameters, 'object', '', false);
  return withType(nodeFromSchema(parameters), 'object');
}

/**
 * Reads JSON Schema text typed or imported by the user: the root node, or the reason it cannot be
 * the parameters of a tool (not JSON, or not an object schema).
 */
export function parseParametersText(text: string): { ok: true; root: ParamNode } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(value)) return { ok: false, message: 'A tool\'s parameters are a JSON Schema object, such as {"type": "object", "properties": {...}}.' };
  if (value['type'] !== undefined && value['type'] !== 'object') return { ok: false, message: 'A tool\'s parameters schema must have "type": "object".' };
  return { ok: true, root: rootFromParameters(value) };
}

/** Replaces the node with `uid` anywhere in the tree by `update(node)`. */
export function updateNode(root: ParamNode, uid: string, update: (node: ParamNode) => ParamNode): ParamNode {
  if (root.uid === uid) return update(root);
  let changed = false;
  const next: ParamNode = { ...root };
  if (root.items !== undefined) {
    const items = updateNode(root.items, uid, update);
    if (items !== root.items) (next.items = items), (changed = true);
  }
  if (root.properties !== undefined) {
    const properties = root.properties.map((child) => updateNode(child, uid, update));
    if (properties.some((child, index) => child !== root.properties![index])) (next.properties = properties), (changed = true);
  }
  return changed ? next : root;
}
