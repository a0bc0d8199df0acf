import { describeValueType, quoteText } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';

/**
 * `parameters` is required and is a JSON Schema object schema: arguments are always one JSON
 * object, even for a tool that takes none (`{ type: object, properties: {} }`).
 */
export const parametersObjectRule: DefinitionRule = {
  name: 'parameters-object',
  check(definition) {
    const parameters = ownValue(definition, 'parameters');
    if (parameters === undefined) {
      return [schemaViolation('/parameters', 'parameters is required: a JSON Schema with type "object" (use { "type": "object", "properties": {} } for a tool without parameters)')];
    }
    if (Array.isArray(parameters)) {
      return [schemaViolation('/parameters', 'parameters must be a JSON Schema object, not a list; convert a ToolParameter list with parametersToJsonSchema')];
    }
    if (!isPlainObject(parameters)) {
      return [schemaViolation('/parameters', `parameters must be a JSON Schema object; got ${describeValueType(parameters)}`)];
    }
    const violations = [];
    const type = ownValue(parameters, 'type');
    if (type !== 'object') {
      const got = type === undefined ? 'no type' : typeof type === 'string' ? quoteText(type) : describeValueType(type);
      violations.push(schemaViolation('/parameters/type', `parameters must declare type "object", because arguments are one JSON object; got ${got}`));
    }
    const properties = ownValue(parameters, 'properties');
    if (properties !== undefined && !isPlainObject(properties)) {
      violations.push(schemaViolation('/parameters/properties', `parameters.properties must be an object mapping names to schemas; got ${describeValueType(properties)}`));
    }
    return violations;
  },
};
