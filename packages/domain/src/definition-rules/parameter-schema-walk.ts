import { appendPointer } from '../json-pointer.js';
import { quoteText } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import type { DefinitionRecord } from './definition-rule.js';

/** Deepest nesting of property schemas the rules walk; deeper is reported, never recursed into. */
export const MAX_DEFINITION_SCHEMA_DEPTH = 64;

/** A property schema (`properties/x`) or an array's item schema (`items`) inside `parameters`. */
export interface PropertySchemaNode {
  /** JSON Pointer inside the definition, such as `/parameters/properties/path`. */
  readonly path: string;
  /** The property name, or the name of the array property whose `items` this is. */
  readonly name: string;
  readonly role: 'property' | 'items';
  /** The schema as written; rules check its shape. */
  readonly schema: unknown;
  /** Whether the enclosing object schema lists this property in `required`. */
  readonly required: boolean;
}

/** An object schema that may declare `properties` and `required`: `parameters` itself or a nested one. */
export interface ObjectSchemaNode {
  readonly path: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

/** Everything the schema rules look at, in document order. */
export interface ParameterSchemaWalk {
  readonly properties: readonly PropertySchemaNode[];
  readonly objects: readonly ObjectSchemaNode[];
  /** Where the walk stopped because nesting passed {@link MAX_DEFINITION_SCHEMA_DEPTH}. */
  readonly tooDeepAt?: string;
}

/**
 * Collects the property schemas of `definition.parameters`, recursing into nested object
 * `properties` and array `items` (not into `$defs` or composition keywords, which the compiler
 * checks). Iterative with an explicit stack and a depth bound, so a 100,000-deep schema costs
 * 64 levels of work and no call stack.
 */
export function walkParameterSchemas(definition: DefinitionRecord): ParameterSchemaWalk {
  const root = ownValue(definition, 'parameters');
  if (!isPlainObject(root)) return { properties: [], objects: [] };
  const properties: PropertySchemaNode[] = [];
  const objects: ObjectSchemaNode[] = [];
  let tooDeepAt: string | undefined;
  const stack: Array<{ path: string; schema: Record<string, unknown>; depth: number; node?: PropertySchemaNode }> = [
    { path: '/parameters', schema: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { path, schema, depth, node } = stack.pop()!;
    if (depth > MAX_DEFINITION_SCHEMA_DEPTH) {
      tooDeepAt ??= path;
      continue;
    }
    if (node !== undefined) properties.push(node);
    const children = childrenOf(path, schema, node?.name ?? '');
    if (isPlainObject(ownValue(schema, 'properties')) || Object.hasOwn(schema, 'required')) objects.push({ path, schema });
    // Reversed, so the stack pops children in the order they were written.
    for (const child of children.reverse()) {
      stack.push({ path: child.path, schema: isPlainObject(child.schema) ? child.schema : {}, depth: depth + 1, node: child });
    }
  }
  return tooDeepAt === undefined ? { properties, objects } : { properties, objects, tooDeepAt };
}

function childrenOf(path: string, schema: Record<string, unknown>, name: string): PropertySchemaNode[] {
  const children: PropertySchemaNode[] = [];
  const declared = ownValue(schema, 'properties');
  if (isPlainObject(declared)) {
    const requiredList = ownValue(schema, 'required');
    const required = new Set(Array.isArray(requiredList) ? requiredList.filter((entry) => typeof entry === 'string') : []);
    for (const [key, value] of Object.entries(declared)) {
      children.push({ path: appendPointer(path, 'properties', key), name: key, role: 'property', schema: value, required: required.has(key) });
    }
  }
  // The root is the arguments object; only property schemas have `items` worth walking.
  const items = ownValue(schema, 'items');
  if (path !== '/parameters' && items !== undefined) {
    children.push({ path: appendPointer(path, 'items'), name, role: 'items', schema: items, required: false });
  }
  return children;
}

/** How messages name a node: `property "path"` or `items of "paths"`. */
export function describeNode(node: PropertySchemaNode): string {
  return node.role === 'property' ? `property ${quoteText(node.name)}` : `items of ${quoteText(node.name)}`;
}
