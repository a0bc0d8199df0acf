import { isPlainObject, type JsonObject, type JsonSchemaObject, type JsonValue } from '@acode/domain';
import { toOpenAiStrictSchema } from '../provider-schemas/openai-strict-schema.js';
import { itemsSchema, objectShapeOf, propertySchema, refusesNull } from './argument-schema.js';
import { withOwnValue } from './with-own-value.js';

/** Whether each registered schema has an OpenAI strict form; definitions are frozen, so the answer holds. */
const strictForms = new WeakMap<object, boolean>();

/**
 * True when the tool's schema is sent in OpenAI strict form once strict is asked for: a schema
 * strict mode cannot express goes plain (`toOpenAiStrictTool`), and its `null`s stay refused.
 */
export function hasStrictForm(parameters: JsonSchemaObject): boolean {
  let known = strictForms.get(parameters);
  if (known === undefined) {
    known = toOpenAiStrictSchema(parameters).ok;
    strictForms.set(parameters, known);
  }
  return known;
}

/**
 * Drops the `null`s a model sent for optional properties of a tool it was shown in OpenAI strict
 * form (issue 11 item 7): strict mode makes every property required and spells "optional" as
 * nullable, so there `null` means "absent". A `null` is dropped only where the ORIGINAL schema
 * leaves the property out of `required` and surely refuses `null` itself; a property that accepts
 * `null`, a required one, or one whose schema cannot be read keeps it, and validation decides.
 * Walks nested objects (and objects in arrays) wherever their schema is one plain object schema,
 * as the strict conversion does; unions are not guessed into.
 *
 * Call it only for tools sent in strict form ({@link hasStrictForm}); elsewhere `null` stays
 * refused (decision 7). Returns a new object when something was dropped, `undefined` when
 * nothing was; the input is never changed.
 */
export function omitStrictNulls(value: JsonObject, schema: JsonSchemaObject, maxDepth: number): JsonObject | undefined {
  return omitInObject(value, schema, schema, maxDepth, 1);
}

function omitInObject(value: JsonObject, schema: unknown, root: JsonSchemaObject, maxDepth: number, depth: number): JsonObject | undefined {
  if (depth > maxDepth) return undefined;
  const shape = objectShapeOf(schema, root);
  if (shape === undefined) return undefined;
  let out: JsonObject | undefined;
  for (const [name, item] of Object.entries(value)) {
    if (item === null) {
      if (!shape.required.has(name) && Object.hasOwn(shape.properties, name) && refusesNull(shape.properties[name], root)) {
        out ??= { ...value };
        delete out[name];
      }
      continue;
    }
    const property = propertySchema(shape, name, root);
    if (property === undefined) continue;
    const replaced = isPlainObject(item)
      ? omitInObject(item as JsonObject, property, root, maxDepth, depth + 1)
      : Array.isArray(item)
        ? omitInItems(item, property, root, maxDepth, depth + 1)
        : undefined;
    if (replaced !== undefined) out = withOwnValue(out ?? { ...value }, name, replaced);
  }
  return out;
}

function omitInItems(items: readonly JsonValue[], schema: unknown, root: JsonSchemaObject, maxDepth: number, depth: number): JsonValue[] | undefined {
  const itemSchema = itemsSchema(schema, root);
  if (itemSchema === undefined) return undefined;
  let out: JsonValue[] | undefined;
  items.forEach((item, position) => {
    const replaced = isPlainObject(item) ? omitInObject(item as JsonObject, itemSchema, root, maxDepth, depth + 1) : undefined;
    if (replaced === undefined) return;
    out ??= [...items];
    out[position] = replaced;
  });
  return out;
}
