import { MAX_LISTED_ENUM_VALUES, type JsonSchemaObject } from '@acode/domain';
import { safeText } from './display-text.js';
import { renderValue } from './render-value.js';

/** Longest rendering of one enum value in a list. */
const MAX_ENUM_VALUE_LENGTH = 40;

/** Deepest composition (`anyOf` inside `oneOf` ...) a summary descends into. */
const MAX_SUMMARY_DEPTH = 3;

/** True for an object schema (not a boolean schema, not an array). */
export function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `type` keyword as a list; empty when absent or malformed. */
export function declaredTypes(schema: JsonSchemaObject): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

/**
 * Lists enum values as a model should send them: `utf-8, ascii, 1, null`; strings unquoted, others
 * as JSON; at most 10 (decision 11), each cut to 40 characters.
 */
export function listEnumValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_ENUM_VALUES).map((value) =>
    typeof value === 'string' ? safeText(value, MAX_ENUM_VALUE_LENGTH) : renderValue(value, MAX_ENUM_VALUE_LENGTH),
  );
  const hidden = values.length - shown.length;
  return hidden > 0 ? `${shown.join(', ')}, … (${hidden} more)` : shown.join(', ');
}

/**
 * A one-line, description-free summary of what a schema accepts, for an error's `expected`:
 * `string`, `string | null`, `one of: utf-8, ascii`, `integer | string`. Never a pattern source
 * or a default value (decision 11).
 */
export function summarizeSchema(schema: unknown, depth = 0): string {
  if (schema === true) return 'any value';
  if (schema === false) return 'no value';
  if (!isSchemaObject(schema)) return 'value';
  if (Array.isArray(schema.enum)) return `one of: ${listEnumValues(schema.enum)}`;
  if ('const' in schema) return renderValue(schema.const, MAX_ENUM_VALUE_LENGTH);
  const types = declaredTypes(schema);
  if (types.length > 0) return types.map((type) => (type === 'array' ? arraySummary(schema, depth) : type)).join(' | ');
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && depth < MAX_SUMMARY_DEPTH) return branches.map((branch) => summarizeSchema(branch, depth + 1)).join(' | ');
  }
  if (isSchemaObject(schema.properties)) return 'object';
  return 'value';
}

function arraySummary(schema: JsonSchemaObject, depth: number): string {
  const items = schema.items;
  if (!isSchemaObject(items) || depth >= MAX_SUMMARY_DEPTH) return 'array';
  const inner = summarizeSchema(items, depth + 1);
  return inner.includes(' ') ? 'array' : `array of ${inner}`;
}

/** The schema a property name maps to in `properties`, if declared. */
export function propertySchema(schema: JsonSchemaObject, name: string): unknown {
  const { properties } = schema;
  if (!isSchemaObject(properties) || !Object.prototype.hasOwnProperty.call(properties, name)) return undefined;
  return properties[name];
}

/** An article-prefixed noun for a JSON type, as a sentence needs it: `a string`, `an integer`. */
export function typeWithArticle(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
