import type { JsonSchemaObject } from '@acode/domain';

/**
 * The schema without its root `$schema`: a dialect URL tells a model nothing, and some servers'
 * grammar converters refuse it. A schema without one is returned as is (same object).
 */
export function withoutDialect(schema: JsonSchemaObject): JsonSchemaObject {
  if (!Object.hasOwn(schema, '$schema')) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
