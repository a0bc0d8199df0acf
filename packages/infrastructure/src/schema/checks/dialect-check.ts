import { JSON_SCHEMA_DIALECT } from '@acode/domain';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** A `$schema` at the root, when present, must name draft 2020-12: the only dialect the registry speaks (FR-022). */
export const dialectCheck: SchemaCheck = {
  name: 'dialect',
  gate: false,
  run(schema, context) {
    const dialect = schema.$schema;
    if (dialect === undefined || dialect === JSON_SCHEMA_DIALECT || dialect === `${JSON_SCHEMA_DIALECT}#`) return [];
    return [schemaViolation(context, '/$schema', `Unsupported $schema ${JSON.stringify(dialect)}; only ${JSON_SCHEMA_DIALECT} (draft 2020-12) is supported`)];
  },
};
