import { describeValueType } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';

/** `outputSchema`, when given, is a JSON Schema object; the compiler checks its content. */
export const outputSchemaRule: DefinitionRule = {
  name: 'output-schema',
  check(definition) {
    const outputSchema = ownValue(definition, 'outputSchema');
    if (outputSchema === undefined || isPlainObject(outputSchema)) return [];
    return [schemaViolation('/outputSchema', `outputSchema must be a JSON Schema object; got ${describeValueType(outputSchema)}`)];
  },
};
