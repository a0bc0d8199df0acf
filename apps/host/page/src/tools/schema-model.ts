/**
 * The form's model of a tool's parameters, and its conversion to and from JSON Schema. A
 * parameter is a node; an `array` has an `items` node, an `object` its `properties` nodes, in
 * order, nested to any depth. Keywords the form does not edit (`minLength`, `pattern`, ...) are
 * kept in `extra`, so a schema read in and written out loses nothing the form does not show.
 */

export const PARAMETER_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface ParamNode {
  /** Stable key for rendering and ids. */
  readonly uid: string;
  /** The property name; unused for an array's `items`. */
  name: string;
  type: ParameterType;
  description: string;
  /** Required in its parent object; unused for `items`. */
  required: boolean;
  /** Comma-separated values, as typed. */
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
  if (type === 'array') next.items = node.items ?? newNode('string');
  else delete next.items;
  if (type === 'object') next.properties = node.properties ?? [];
  else delete next.properties;
  if (type === 'boolean') next.minText = next.maxText = '';
  return next;
}

const EDITED = new Set(['type', 'description', 'enum', 'default', 'items', 'properties', 'required', 'additionalProperties', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function bounds(type: ParameterType): [string, string] | undefined {
  if (type === 'integer' || type === 'number') return ['minimum', 'maximum'];
  if (type === 'string') return ['minLength', 'maxLength'];
  if (type === 'array') return ['minItems', 'maxItems'];
  return undefined;
}

function valueText(value: unknown): string {
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** A parameter node read from its JSON Schema. */
export function nodeFromSchema(schema: unknown, name = '', required = false): ParamNode {
  const source = isObject(schema) ? schema : {};
  const rawType = Array.isArray(source['type']) ? source['type'][0] : source['type'];
  const type: ParameterType = (PARAMETER_TYPES as readonly unknown[]).includes(rawType)
    ? (rawType as ParameterType)
    : isObject(source['properties'])
      ? 'object'
      : source['items'] !== undefined
        ? 'array'
        : 'string';
  const extra: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (!EDITED.has(key) || (key === 'type' && Array.isArray(source['type']))) extra[key] = value;
  }
  const [minKey, maxKey] = bounds(type) ?? ['', ''];
  // Bounds of another type than this one's are kept as they were.
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) if (key !== minKey && key !== maxKey && key in source) extra[key] = source[key];
  if (type !== 'array' && 'items' in source) extra['items'] = source['items'];
  if (type !== 'object') for (const key of ['properties', 'required', 'additionalProperties']) if (key in source) extra[key] = source[key];
  const node: ParamNode = {
    uid: newUid(),
    name,
    type,
    description: typeof source['description'] === 'string' ? source['description'] : '',
    required,
    enumText: Array.isArray(source['enum']) ? source['enum'].map(valueText).join(', ') : '',
    defaultText: valueText(source['default']),
    minText: minKey === '' ? '' : valueText(source[minKey]),
    maxText: maxKey === '' ? '' : valueText(source[maxKey]),
    closed: type === 'object' ? source['additionalProperties'] === false : true,
    extra,
  };
  if (type === 'object' && source['additionalProperties'] !== undefined && typeof source['additionalProperties'] !== 'boolean') extra['additionalProperties'] = source['additionalProperties'];
  if (type === 'array') node.items = nodeFromSchema(source['items']);
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

/** The JSON Schema of one node: the form's keywords in a fixed order, then the kept ones. */
export function schemaOfNode(node: ParamNode): Json {
  const schema: Json = { type: node.type };
  if (node.description.trim() !== '') schema['description'] = node.description.trim();
  if (node.enumText.trim() !== '') schema['enum'] = node.enumText.split(',').map((part) => typedValue(part.trim(), node.type));
  if (node.defaultText.trim() !== '') schema['default'] = typedValue(node.defaultText, node.type);
  const keys = bounds(node.type);
  if (keys !== undefined) {
    if (node.minText.trim() !== '') schema[keys[0]] = numberText(node.minText);
    if (node.maxText.trim() !== '') schema[keys[1]] = numberText(node.maxText);
  }
  if (node.type === 'array') schema['items'] = schemaOfNode(node.items ?? newNode('string'));
  if (node.type === 'object') Object.assign(schema, objectSchema(node.properties ?? [], node.closed));
  return { ...node.extra, ...schema };
}

/** An object schema of `properties`, in their order: `type`, `properties`, `required`, `additionalProperties`. */
export function objectSchema(properties: readonly ParamNode[], closed = true): Json {
  const schema: Json = { type: 'object', properties: Object.fromEntries(properties.map((node) => [node.name.trim(), schemaOfNode(node)])) };
  const required = properties.filter((node) => node.required).map((node) => node.name.trim());
  if (required.length > 0) schema['required'] = required;
  if (closed) schema['additionalProperties'] = false;
  return schema;
}

/** The tool's parameters schema from the form: the root object's own kept keywords, then its properties. */
export function parametersSchema(root: ParamNode): Json {
  const schema = schemaOfNode(root);
  if (root.description.trim() === '') delete schema['description'];
  return schema;
}

/** The root node (an object) of a tool's `parameters`. */
export function rootFromParameters(parameters: unknown): ParamNode {
  const root = nodeFromSchema(isObject(parameters) ? { type: 'object', ...parameters } : { type: 'object', properties: {}, additionalProperties: false });
  return root.type === 'object' ? root : withType(root, 'object');
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
