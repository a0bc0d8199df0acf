import { isPlainObject, type JsonObject, type ToolDefinition } from '@acode/domain';
import { objectShapeOf } from './argument-schema.js';

/** The keys of a call envelope; a tool with a parameter of one of these names is never unwrapped. */
const ENVELOPE_KEYS = Object.freeze(['name', 'arguments', 'parameters']);

/**
 * The arguments inside a call envelope a model wrote as the arguments (issue 11 item 4):
 * `{"name": <this tool>, "arguments" | "parameters": {...}}`. Unwrapped only when no other
 * reading is possible: exactly those two keys, the inner value an object, the name resolving
 * (case-insensitively or through an alias, by `resolveTool`) to this very tool, and the tool's
 * schema a closed object with no parameter named `name`, `arguments` or `parameters`, so the
 * envelope could never have been valid arguments. `undefined` otherwise: the value goes to
 * validation as it is. Unwraps once, never recursively.
 */
export function unwrapCallEnvelope(value: JsonObject, tool: Pick<ToolDefinition, 'name' | 'parameters'>, resolveTool: (name: string) => string | undefined): JsonObject | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 2 || !Object.hasOwn(value, 'name')) return undefined;
  const innerKey = keys.find((key) => key === 'arguments' || key === 'parameters');
  if (innerKey === undefined) return undefined;
  const name = value['name'];
  const inner = value[innerKey];
  if (typeof name !== 'string' || !isPlainObject(inner)) return undefined;
  const shape = objectShapeOf(tool.parameters, tool.parameters);
  if (shape === undefined || !shape.closed || ENVELOPE_KEYS.some((key) => Object.hasOwn(shape.properties, key))) return undefined;
  return resolveTool(name) === tool.name ? (inner as JsonObject) : undefined;
}
