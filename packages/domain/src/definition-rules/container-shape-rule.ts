import type { DefinitionViolation } from '../definition-violation.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { declaredTypeNames } from '../type-names.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { describeNode, walkParameterSchemas, type PropertySchemaNode } from './parameter-schema-walk.js';

/**
 * An array property says what its items are (`items` or `prefixItems`) and an object property
 * what its members are (`properties`, `patternProperties` or an `additionalProperties` schema),
 * unless `enum` or `const` already fixes the value (001 §5.2). Otherwise the model is told
 * "some array" and guesses.
 */
export const containerShapeRule: DefinitionRule = {
  name: 'container-shape',
  check(definition) {
    return walkParameterSchemas(definition).properties.flatMap(checkNode);
  },
};

function checkNode(node: PropertySchemaNode): DefinitionViolation[] {
  const { schema } = node;
  if (!isPlainObject(schema) || Object.hasOwn(schema, 'enum') || Object.hasOwn(schema, 'const')) return [];
  const types = declaredTypeNames(ownValue(schema, 'type'));
  const violations: DefinitionViolation[] = [];
  if (types.includes('array') && !Object.hasOwn(schema, 'items') && !Object.hasOwn(schema, 'prefixItems')) {
    violations.push(schemaViolation(node.path, `${describeNode(node)} is an array and must describe its items with items (or prefixItems)`));
  }
  const hasMembers =
    isPlainObject(ownValue(schema, 'properties')) ||
    isPlainObject(ownValue(schema, 'patternProperties')) ||
    isPlainObject(ownValue(schema, 'additionalProperties'));
  if (types.includes('object') && !hasMembers) {
    violations.push(schemaViolation(node.path, `${describeNode(node)} is an object and must describe its members with properties (or an additionalProperties schema)`));
  }
  return violations;
}
