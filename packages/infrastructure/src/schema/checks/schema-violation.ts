import { ERROR_CODES, type DefinitionViolation } from '@acode/domain';
import type { SchemaCheckContext } from './schema-check.js';

/**
 * Builds an ACODE-TSR-006 violation at `pointer` (relative to the schema root). The message
 * starts with the path too, because logs and the CLI often print the message alone.
 */
export function schemaViolation(context: SchemaCheckContext, pointer: string, message: string): DefinitionViolation {
  const path = context.basePath + pointer;
  return { code: ERROR_CODES.SCHEMA_INVALID, path, message: `${path === '' ? '(root)' : path}: ${message}` };
}
