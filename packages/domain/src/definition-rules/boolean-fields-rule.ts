import { describeValueType } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** The definition's yes/no fields. */
export const BOOLEAN_DEFINITION_FIELDS = Object.freeze(['requiresConfirmation', 'idempotent', 'enabled'] as const);

/**
 * `requiresConfirmation`, `idempotent` and `enabled`, when given, are booleans. No coercion
 * (decision 7): YAML's `"false"` in quotes is a string, and would otherwise read as true.
 */
export const booleanFieldsRule: DefinitionRule = {
  name: 'boolean-fields',
  check(definition) {
    return BOOLEAN_DEFINITION_FIELDS.flatMap((field) => {
      const value = ownValue(definition, field);
      if (value === undefined || typeof value === 'boolean') return [];
      return [definitionViolation(`/${field}`, `${field} must be true or false; got ${describeValueType(value)}`)];
    });
  },
};
