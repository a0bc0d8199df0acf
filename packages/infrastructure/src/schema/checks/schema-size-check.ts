import { canonicalJsonText } from '@acode/domain';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/**
 * The serialized schema (canonical JSON, UTF-8 bytes) may not exceed `limits.maxSchemaSizeBytes`
 * (AV-2 M-2.1). A gate: meta-schema validation of a huge schema is the cost the limit exists to cap.
 */
export const schemaSizeCheck: SchemaCheck = {
  name: 'schema-size',
  gate: true,
  run(schema, context) {
    const limit = context.limits.maxSchemaSizeBytes;
    const size = Buffer.byteLength(canonicalJsonText(schema), 'utf8');
    if (size <= limit) return [];
    return [schemaViolation(context, '', `Schema exceeds maximum size of ${limit} bytes (got ${size})`)];
  },
};
