import { isPlainObject, jsonTypeOf, type JsonObject, type JsonSchemaObject, type JsonValue } from '@acode/domain';
import { decodeJsonText } from './decode-json-text.js';
import { itemsSchema, objectShapeOf, propertySchema, wantedTypes, type ObjectShape } from './argument-schema.js';
import { withOwnValue } from './with-own-value.js';

/** Limits the decoded values obey: the arguments' own. */
export interface StringifiedValueLimits {
  /** Largest stringified value decoded, in UTF-8 bytes. */
  readonly maxSizeBytes: number;
  /** Deepest nesting of the whole arguments, the decoded values included. */
  readonly maxDepth: number;
}

/**
 * Decodes properties a model sent as a string holding JSON where the schema wants an array or an
 * object (issue 11 item 4: `"domain": "[\"vacuum\"]"` for an array `domain`). Only where the
 * property's schema names `array` or `object` by `type` (after a local `$ref`) and not `string`,
 * so the string could never have been valid; decoded once, without repair, within the limits, and
 * kept only when it gives a type the schema wants. Everything else is left for validation to
 * refuse: `"5"` for an integer stays `"5"` (decision 7). Nested objects (and objects in arrays)
 * are walked where their schema is one plain object schema.
 *
 * Returns a new object when something was decoded, `undefined` when nothing was; the input is
 * never changed.
 */
export function decodeStringifiedValues(value: JsonObject, schema: JsonSchemaObject, limits: StringifiedValueLimits): JsonObject | undefined {
  return decodeInObject(value, schema, schema, limits, 1);
}

function decodeInObject(value: JsonObject, schema: unknown, root: JsonSchemaObject, limits: StringifiedValueLimits, depth: number): JsonObject | undefined {
  if (depth > limits.maxDepth) return undefined;
  const shape = objectShapeOf(schema, root);
  if (shape === undefined) return undefined;
  let out: JsonObject | undefined;
  for (const [name, item] of Object.entries(value)) {
    const replaced = decodeProperty(item, shape, name, root, limits, depth);
    if (replaced !== undefined) out = withOwnValue(out ?? { ...value }, name, replaced);
  }
  return out;
}

function decodeProperty(item: JsonValue, shape: ObjectShape, name: string, root: JsonSchemaObject, limits: StringifiedValueLimits, depth: number): JsonValue | undefined {
  const property = propertySchema(shape, name, root);
  if (property === undefined) return undefined;
  if (typeof item === 'string') return decodeStringified(item, property, root, limits, depth);
  if (isPlainObject(item)) return decodeInObject(item as JsonObject, property, root, limits, depth + 1);
  if (Array.isArray(item)) return decodeInItems(item, property, root, limits, depth + 1);
  return undefined;
}

function decodeInItems(items: readonly JsonValue[], schema: unknown, root: JsonSchemaObject, limits: StringifiedValueLimits, depth: number): JsonValue[] | undefined {
  const itemSchema = itemsSchema(schema, root);
  if (itemSchema === undefined) return undefined;
  let out: JsonValue[] | undefined;
  items.forEach((item, position) => {
    const replaced = isPlainObject(item) ? decodeInObject(item as JsonObject, itemSchema, root, limits, depth + 1) : undefined;
    if (replaced === undefined) return;
    out ??= [...items];
    out[position] = replaced;
  });
  return out;
}

function decodeStringified(text: string, schema: unknown, root: JsonSchemaObject, limits: StringifiedValueLimits, depth: number): JsonValue | undefined {
  const types = wantedTypes(schema, root);
  if (types.includes('string') || !(types.includes('array') || types.includes('object'))) return undefined;
  const maxDepth = limits.maxDepth - depth;
  if (maxDepth < 1) return undefined;
  const decoded = decodeJsonText(text, { maxSizeBytes: limits.maxSizeBytes, maxDepth, repairer: undefined, repairTimeoutMs: 0, subject: 'a stringified value' });
  if (!decoded.ok) return undefined;
  const type = jsonTypeOf(decoded.value);
  return type !== undefined && types.includes(type) ? decoded.value : undefined;
}
