import type { JsonObject, JsonSchemaObject, JsonValue } from '@acode/domain';
import { withOwnValue } from '../with-own-value.js';

/** Python's literals, as XML-parameter templates sometimes write them. */
const PYTHON_LITERALS: Readonly<Record<string, JsonValue>> = Object.freeze({ True: true, False: false, None: null });

/**
 * Types the raw text values of an XML call (`<parameter=KEY>VALUE</parameter>`) by the tool's
 * schema (issue 12): a parameter the schema lets be a string stays the exact text, even `"5"` or
 * `"true"`; an integer, number, boolean, null, array or object parameter is read as JSON (or as a
 * Python literal). A value that does not read as its type stays text, so validation reports it with
 * its path instead of a guess being made. Unknown parameters stay text for validation to refuse.
 */
export function typeParameterValues(values: Readonly<Record<string, string>>, schema: JsonSchemaObject | undefined): JsonObject {
  let typed: JsonObject = {};
  const properties = schema !== undefined && typeof schema['properties'] === 'object' && schema['properties'] !== null ? (schema['properties'] as Record<string, unknown>) : {};
  for (const key of Object.keys(values)) {
    const text = values[key] ?? '';
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    typed = withOwnValue(typed, key, typeOne(text, property));
  }
  return typed;
}

function typeOne(text: string, property: unknown): JsonValue {
  const types = declaredTypes(property);
  if (types.size === 0 || types.has('string')) return text;
  const trimmed = text.trim();
  if (Object.hasOwn(PYTHON_LITERALS, trimmed)) return PYTHON_LITERALS[trimmed] as JsonValue;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return text;
  }
}

/** The JSON types a property schema names with `type` (a string or a list); empty when it names none. */
function declaredTypes(property: unknown): Set<string> {
  if (typeof property !== 'object' || property === null) return new Set();
  const type = (property as Record<string, unknown>)['type'];
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((item): item is string => typeof item === 'string'));
  if ('enum' in property || 'const' in property) return new Set(['enum']);
  return new Set();
}
