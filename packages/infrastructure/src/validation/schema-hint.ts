import type { JsonSchema, JsonSchemaObject } from '@acode/domain';
import { safeText, truncate } from './display-text.js';
import { renderValue } from './render-value.js';
import { resolveLocalRef } from './resolve-local-ref.js';
import { declaredTypes, isSchemaObject } from './schema-summary.js';

/** Longest schema hint; longer ones are cut with `…`. */
export const MAX_SCHEMA_HINT_LENGTH = 300;

/** Most enum values a hint lists for one property. */
const MAX_HINT_ENUM_VALUES = 10;

/** Deepest composition (`anyOf` in `anyOf`) or ref chain a hint follows. */
const MAX_HINT_DEPTH = 3;

/**
 * The one-line `schema_hint` of 000's retry contract:
 * `file_read expects: {path: string (required), encoding?: 'utf-8'|'ascii', start_line?: integer}`.
 *
 * Properties in schema order; optional ones marked `?`, required ones `(required)`; enum
 * values listed (at most 10); arrays as `string[]`; objects nested one level (`{a: integer}`),
 * deeper ones as `object`. Never descriptions, defaults or patterns (decision 11); at most
 * {@link MAX_SCHEMA_HINT_LENGTH} characters.
 */
export function buildSchemaHint(toolName: string, schema: JsonSchema): string {
  const root = isSchemaObject(schema) ? schema : {};
  return truncate(`${safeText(toolName)} expects: ${objectHint(root, root, 0)}`, MAX_SCHEMA_HINT_LENGTH);
}

function objectHint(schema: JsonSchemaObject, root: JsonSchemaObject, level: number): string {
  const properties = isSchemaObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : []);
  const parts: string[] = [];
  let length = 0;
  for (const [name, property] of Object.entries(properties)) {
    // Stop building once the hint is long enough to be cut anyway.
    if (length > MAX_SCHEMA_HINT_LENGTH) break;
    const isRequired = required.has(name);
    const part = `${safeText(name, 40)}${isRequired ? '' : '?'}: ${valueHint(property, root, level, 0)}${isRequired ? ' (required)' : ''}`;
    parts.push(part);
    length += part.length + 2;
  }
  return `{${parts.join(', ')}}`;
}

function valueHint(schema: unknown, root: JsonSchemaObject, level: number, depth: number): string {
  const resolved = resolveLocalRef(schema, root);
  if (resolved === true || resolved === undefined) return 'any';
  if (!isSchemaObject(resolved)) return 'never';
  if (Array.isArray(resolved.enum)) return enumHint(resolved.enum);
  if ('const' in resolved) return enumHint([resolved.const]);
  const types = declaredTypes(resolved);
  if (types.length > 0) return types.map((type) => typeHint(type, resolved, root, level, depth)).join('|');
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = resolved[keyword];
    if (Array.isArray(branches) && depth < MAX_HINT_DEPTH) return branches.map((branch) => valueHint(branch, root, level, depth + 1)).join('|');
  }
  if (isSchemaObject(resolved.properties)) return typeHint('object', resolved, root, level, depth);
  return 'any';
}

function typeHint(type: string, schema: JsonSchemaObject, root: JsonSchemaObject, level: number, depth: number): string {
  if (type === 'array') {
    if (schema.items === undefined || depth >= MAX_HINT_DEPTH) return 'array';
    const item = valueHint(schema.items, root, level + 1, depth + 1);
    return /^[a-z]+$/.test(item) ? `${item}[]` : `(${item})[]`;
  }
  if (type === 'object' && isSchemaObject(schema.properties) && level === 0) return objectHint(schema, root, level + 1);
  return safeText(type, 16);
}

function enumHint(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_HINT_ENUM_VALUES).map((value) => (typeof value === 'string' ? `'${safeText(value, 40)}'` : renderValue(value, 40)));
  return values.length > shown.length ? `${shown.join('|')}|…` : shown.join('|');
}
