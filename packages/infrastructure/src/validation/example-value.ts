import type { JsonObject, JsonSchemaObject, JsonValue } from '@acode/domain';
import { resolveLocalRef } from './resolve-local-ref.js';
import { declaredTypes, isSchemaObject } from './schema-summary.js';

/** Deepest object nesting an example fills in; deeper required objects are left empty. */
const MAX_EXAMPLE_DEPTH = 4;

/** Most items an example array gets, whatever `minItems` says. */
const MAX_EXAMPLE_ITEMS = 3;

const FORMAT_VALUES: Readonly<Record<string, string>> = {
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  time: '12:00:00Z',
  email: 'name@example.com',
  uri: 'https://example.com',
  'uri-reference': '/path/to/resource',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
};

/** Plausible strings by property name, most specific first. */
const NAMED_STRINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/dir|folder/i, '/path/to/directory'],
  [/path|file/i, '/path/to/file'],
  [/content|text|body/i, 'text to write'],
  [/command|cmd/i, 'echo hello'],
  [/url|uri|link/i, 'https://example.com'],
  [/email/i, 'name@example.com'],
  [/message|commit/i, 'Describe the change'],
];

/**
 * A small example of valid arguments: the required properties, filled with plausible values
 * (`{"path": "/path/to/file"}`), as 000 scenarios 4 and 5 print after an error. Honours `enum`,
 * `const`, `type`, numeric bounds and `multipleOf`, string lengths, `format`, `minItems`, local
 * `$ref`s and the first branch of `anyOf`/`oneOf`. A `pattern` cannot be honoured without
 * generating strings from a regex, so such a property may need changing; schema defaults are
 * never used (decision 11 keeps them out of model-facing text).
 */
export function buildExampleArguments(schema: JsonSchemaObject): JsonObject {
  return objectExample(schema, schema, 0);
}

function objectExample(schema: JsonSchemaObject, root: JsonSchemaObject, depth: number): JsonObject {
  const example: JsonObject = {};
  if (depth >= MAX_EXAMPLE_DEPTH || !Array.isArray(schema.required)) return example;
  const properties = isSchemaObject(schema.properties) ? schema.properties : {};
  for (const name of schema.required) {
    if (typeof name !== 'string' || Object.prototype.hasOwnProperty.call(example, name)) continue;
    const property = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : undefined;
    // defineProperty: a required property named `__proto__` must not replace the prototype.
    Object.defineProperty(example, name, { value: valueExample(property, name, root, depth + 1), writable: true, enumerable: true, configurable: true });
  }
  return example;
}

function valueExample(schema: unknown, name: string, root: JsonSchemaObject, depth: number): JsonValue {
  const resolved = resolveLocalRef(schema, root);
  if (!isSchemaObject(resolved)) return stringExample({}, name);
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0] as JsonValue;
  if ('const' in resolved) return resolved.const as JsonValue;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = resolved[keyword];
    if (Array.isArray(branches) && branches.length > 0 && declaredTypes(resolved).length === 0) return valueExample(branches[0], name, root, depth);
  }
  const type = declaredTypes(resolved).find((t) => t !== 'null') ?? (declaredTypes(resolved).includes('null') ? 'null' : isSchemaObject(resolved.properties) ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number':
      return numberExample(resolved, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return arrayExample(resolved, name, root, depth);
    case 'object':
      return objectExample(resolved, root, depth);
    default:
      return stringExample(resolved, name);
  }
}

function stringExample(schema: JsonSchemaObject, name: string): string {
  const format = typeof schema.format === 'string' ? FORMAT_VALUES[schema.format] : undefined;
  let text = format ?? NAMED_STRINGS.find(([pattern]) => pattern.test(name))?.[1] ?? 'example';
  const minLength = typeof schema.minLength === 'number' ? Math.min(schema.minLength, 1000) : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  // Lengths count code points; every example string is ASCII, so units are code points.
  if (text.length < minLength) text = text.padEnd(minLength, 'x');
  if (text.length > maxLength) text = text.slice(0, Math.max(maxLength, minLength));
  return text;
}

function numberExample(schema: JsonSchemaObject, integer: boolean): number {
  const minimum = finite(schema.minimum);
  const exclusiveMinimum = finite(schema.exclusiveMinimum);
  const maximum = finite(schema.maximum);
  const exclusiveMaximum = finite(schema.exclusiveMaximum);
  const step = finite(schema.multipleOf);
  const lower = Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
  const upper = Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
  const fits = (n: number) =>
    (minimum === undefined || n >= minimum) &&
    (exclusiveMinimum === undefined || n > exclusiveMinimum) &&
    (maximum === undefined || n <= maximum) &&
    (exclusiveMaximum === undefined || n < exclusiveMaximum);
  // 1 when the range allows it (a line number, a count), else the first value above the lower bound.
  let value = fits(1) ? 1 : Number.isFinite(lower) ? (fits(lower) ? lower : lower + 1) : upper - 1;
  if (!fits(value) && Number.isFinite(lower) && Number.isFinite(upper)) value = (lower + upper) / 2;
  if (integer) value = fits(Math.ceil(value)) ? Math.ceil(value) : Math.floor(value);
  if (step !== undefined && step > 0) {
    const rounded = Math.ceil(value / step) * step;
    if (fits(rounded)) value = rounded;
  }
  return value;
}

function arrayExample(schema: JsonSchemaObject, name: string, root: JsonSchemaObject, depth: number): JsonValue[] {
  const count = Math.min(typeof schema.minItems === 'number' ? schema.minItems : 0, MAX_EXAMPLE_ITEMS);
  const items: JsonValue[] = [];
  for (let i = 0; i < count; i++) items.push(valueExample(schema.items, name, root, depth + 1));
  return items;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
