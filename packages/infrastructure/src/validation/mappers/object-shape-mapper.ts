import { appendPointer } from '@acode/domain';
import type { ValidationError } from '@acode/domain';
import type { RawViolation } from '../../schema/raw-violation.js';
import { lastToken, quoteName } from '../display-text.js';
import { isSchemaObject, propertySchema, summarizeSchema } from '../schema-summary.js';
import { constraintError, ownProperty, type MappingContext, type ViolationMapper } from './violation-mapper.js';

/**
 * `dependentRequired` → ACODE-TSR-005, one error per missing dependent property, at that
 * property's pointer.
 */
export const objectShapeMapper: ViolationMapper = {
  keywords: ['dependentRequired'],
  map(violation, context) {
    if (!context.once(`dependentRequired\u0000${violation.instancePath}\u0000${violation.schemaPath}`)) return [];
    return missingDependents(violation, context);
  },
};

/**
 * A property name `propertyNames` refused → ACODE-TSR-005 at the property, once per name
 * however many rules the name broke. The rule is not spelled out: it may be a pattern (BP-015).
 */
export function propertyNameError(violation: RawViolation, context: MappingContext): readonly ValidationError[] {
  if (!context.once(`propertyNames\u0000${violation.instancePath}`)) return [];
  const name = lastToken(violation.instancePath) ?? '';
  return [
    constraintError(violation, context, {
      value: name,
      message: `Property name ${quoteName(name)} is not allowed`,
      expected: 'a property name the schema allows',
      suggestion: `Rename or remove ${quoteName(name)}`,
    }),
  ];
}

function missingDependents(violation: RawViolation, context: MappingContext): ValidationError[] {
  const rules = violation.subschema.dependentRequired;
  if (!isSchemaObject(rules)) return [];
  const errors: ValidationError[] = [];
  for (const [trigger, dependents] of Object.entries(rules)) {
    if (!ownProperty(violation.value, trigger).found || !Array.isArray(dependents)) continue;
    for (const dependent of dependents) {
      if (typeof dependent !== 'string' || ownProperty(violation.value, dependent).found) continue;
      const schema = propertySchema(violation.subschema, dependent);
      errors.push(
        constraintError(violation, context, {
          path: appendPointer(violation.instancePath, dependent),
          value: undefined,
          message: `${quoteName(dependent)} is required when ${quoteName(trigger)} is present`,
          expected: schema === undefined ? 'a value' : summarizeSchema(schema),
          suggestion: `Add ${quoteName(dependent)}, or remove ${quoteName(trigger)}`,
        }),
      );
    }
  }
  return errors;
}
