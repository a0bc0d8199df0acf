import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** Tool arguments are always a JSON object, so the root schema must say `type: "object"`. */
export const rootTypeCheck: SchemaCheck = {
  name: 'root-type',
  gate: false,
  run(schema, context) {
    if (schema.type === 'object') return [];
    const found = schema.type === undefined ? 'no type' : `type ${JSON.stringify(schema.type)}`;
    return [schemaViolation(context, '/type', `Tool parameters must be an object schema with type "object"; found ${found}`)];
  },
};
