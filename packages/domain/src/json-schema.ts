import type { JsonValue } from './json-value.js';

/**
 * A JSON Schema (draft 2020-12) document or subschema. Kept structural on purpose: the
 * compiler, not the type system, decides what a valid schema is.
 */
export type JsonSchema = JsonSchemaObject | boolean;

/** A JSON Schema written as an object. Known keywords are typed; others pass through. */
export interface JsonSchemaObject {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  description?: string;
  title?: string;
  default?: JsonValue;
  enum?: JsonValue[];
  const?: JsonValue;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  [keyword: string]: unknown;
}

/** The dialect every tool schema is written in. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
