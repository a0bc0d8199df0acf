/** A JSON primitive value. */
export type JsonPrimitive = string | number | boolean | null;

/** Any value JSON can represent. */
export type JsonValue = JsonPrimitive | JsonObject | JsonArray;

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A JSON array. */
export type JsonArray = JsonValue[];

/**
 * The JSON type names a validator reports. `integer` is distinguished from `number`
 * (12345 is an `integer`, 1.5 a `number`), as JSON Schema does.
 */
export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** Returns the JSON type name of a value; `undefined` for values JSON cannot hold. */
export function jsonTypeOf(value: unknown): JsonTypeName | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : Number.isFinite(value) ? 'number' : undefined;
    case 'object':
      return Array.isArray(value) ? 'array' : 'object';
    default:
      return undefined;
  }
}
