import { InvalidToolDefinitionException } from '@acode/application';
import { ERROR_CODES, isPlainObject, type JsonSchemaObject } from '@acode/domain';
import { normalizeSchemaDialect } from '@acode/infrastructure/schema';
import { closeTuplesWithMaxItems } from './closed-tuples.js';

/**
 * A JSON Schema from another library or protocol, as a draft 2020-12 schema object for a
 * `ToolDefinition`: a copy, draft-07 and 2019-09 rewritten (`normalizeSchemaDialect`), closed
 * tuples written with `maxItems` (`closeTuplesWithMaxItems`). `field` names where it goes
 * (`/parameters`, `/outputSchema`); the registry checks the rest when the definition registers.
 *
 * @throws InvalidToolDefinitionException (ACODE-TSR-006) when the schema is not an object, names an
 *   unknown `$schema`, or nests past the normaliser's depth; the violation's path is inside the
 *   definition (`/parameters/$schema`).
 */
export function foreignSchema(schema: unknown, toolName: string, field: '/parameters' | '/outputSchema'): JsonSchemaObject {
  if (!isPlainObject(schema)) {
    const got = schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema;
    throw new InvalidToolDefinitionException(toolName, [{ code: ERROR_CODES.SCHEMA_INVALID, path: field, message: `${field.slice(1)} must be a JSON Schema object; got ${got}` }]);
  }
  const result = normalizeSchemaDialect(schema);
  if (!result.ok) throw new InvalidToolDefinitionException(toolName, [{ ...result.violation, path: `${field}${result.violation.path}` }]);
  closeTuplesWithMaxItems(result.schema);
  return result.schema as JsonSchemaObject;
}
