import type { JsonObject, JsonSchemaObject, JsonValue } from '@acode/domain';
import { objectShapeOf, propertySchema, wantedTypes } from '../argument-schema.js';
import { withOwnValue } from '../with-own-value.js';

/** Python's literals, as XML-parameter templates sometimes write them. */
const PYTHON_LITERALS: Readonly<Record<string, JsonValue>> = Object.freeze({ True: true, False: false, None: null });

/**
 * Types the raw text values of an XML call (`<parameter=KEY>VALUE</parameter>`) by the tool's
 * schema (issue 12): a parameter the schema lets be a string stays the exact text, even `"5"` or
 * `"true"`; an integer, number, boolean, null, array or object parameter is read as JSON (or as a
 * Python literal). A value that does not read as its type stays text, so validation reports it with
 * its path instead of a guess being made. Unknown parameters stay text for validation to refuse.
 * The property's types are read as the parser's other recovery steps read them (`argument-schema.ts`:
 * local `$ref` followed, `allOf` merged, `const`/`enum` values counted; a union names none).
 */
export function typeParameterValues(values: Readonly<Record<string, string>>, schema: JsonSchemaObject | undefined): JsonObject {
  let typed: JsonObject = {};
  const shape = schema === undefined ? undefined : objectShapeOf(schema, schema);
  for (const key of Object.keys(values)) {
    const text = values[key] ?? '';
    const types = shape === undefined || schema === undefined ? [] : wantedTypes(propertySchema(shape, key, schema), schema);
    typed = withOwnValue(typed, key, typeOne(text, types));
  }
  return typed;
}

/** `text` read as the types the property names; the text itself where a string may do, or nothing reads. */
function typeOne(text: string, types: readonly string[]): JsonValue {
  if (types.length === 0 || types.includes('string')) return text;
  const trimmed = text.trim();
  if (Object.hasOwn(PYTHON_LITERALS, trimmed)) return PYTHON_LITERALS[trimmed] as JsonValue;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return text;
  }
}
