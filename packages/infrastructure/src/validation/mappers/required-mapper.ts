import { appendPointer, ERROR_CODES, type ValidationError } from '@acode/domain';
import { boundedPath, describeLocation } from '../display-text.js';
import { declaredTypes, isSchemaObject, listEnumValues, propertySchema, summarizeSchema, typeWithArticle } from '../schema-summary.js';
import { ownProperty, type ViolationMapper } from './violation-mapper.js';

/**
 * `required` → ACODE-TSR-003, one error per missing property, each at the pointer of the
 * property that should be there (`/path`). The names come from the schema and the value, not
 * from the engine's message, so every missing property is reported once whatever the engine
 * emits.
 */
export const requiredMapper: ViolationMapper = {
  keywords: ['required'],
  map(violation, context) {
    const required = violation.subschema.required;
    if (!Array.isArray(required) || !context.once(`required\u0000${violation.instancePath}\u0000${violation.schemaPath}`)) return [];
    const errors: ValidationError[] = [];
    for (const name of new Set(required)) {
      if (typeof name !== 'string' || ownProperty(violation.value, name).found) continue;
      const path = appendPointer(violation.instancePath, name);
      const schema = propertySchema(violation.subschema, name);
      errors.push({
        path: boundedPath(path),
        code: ERROR_CODES.REQUIRED_MISSING,
        message: `Required field ${describeLocation(path)} is missing`,
        expected: schema === undefined ? 'a value' : summarizeSchema(schema),
        suggestion: `Add a ${describeLocation(path)} property with ${valuePhrase(schema)}`,
        keyword: 'required',
      });
    }
    return errors;
  },
};

/** `a string value`, `one of: utf-8, ascii`, `a string or null value`. */
function valuePhrase(schema: unknown): string {
  if (!isSchemaObject(schema)) return 'a valid value';
  if (Array.isArray(schema.enum)) return `one of: ${listEnumValues(schema.enum)}`;
  const types = declaredTypes(schema);
  if (types.length === 0) return 'a valid value';
  return `${types.map(typeWithArticle).join(' or ')} value`;
}
