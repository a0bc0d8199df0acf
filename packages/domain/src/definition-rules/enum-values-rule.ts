import type { DefinitionViolation } from '../definition-violation.js';
import { canonicalJson } from '../json-canonical.js';
import { appendPointer } from '../json-pointer.js';
import { jsonTypeOf } from '../json-value.js';
import { describeValueType } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { declaredTypeNames, typeNameAccepts } from '../type-names.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { describeNode, walkParameterSchemas, type PropertySchemaNode } from './parameter-schema-walk.js';

/**
 * An `enum` is a non-empty list of distinct JSON values, each of the property's declared `type`
 * (001 §5.2). A string enum on an integer property could never be satisfied; a repeated value
 * is a typo.
 */
export const enumValuesRule: DefinitionRule = {
  name: 'enum-values',
  check(definition) {
    return walkParameterSchemas(definition).properties.flatMap(checkNode);
  },
};

function checkNode(node: PropertySchemaNode): DefinitionViolation[] {
  const { schema } = node;
  if (!isPlainObject(schema) || !Object.hasOwn(schema, 'enum')) return [];
  const values = schema['enum'];
  const path = appendPointer(node.path, 'enum');
  if (!Array.isArray(values)) return [schemaViolation(path, `enum of ${describeNode(node)} must be a list of values; got ${describeValueType(values)}`)];
  if (values.length === 0) return [schemaViolation(path, `enum of ${describeNode(node)} must list at least one value`)];
  const types = declaredTypeNames(ownValue(schema, 'type'));
  const seen = new Set<string>();
  return values.flatMap((value: unknown, index) => {
    const at = appendPointer(path, index);
    const key = canonicalJson(value);
    const type = jsonTypeOf(value);
    if (key === undefined || type === undefined) {
      return [schemaViolation(at, `enum value ${index} of ${describeNode(node)} must be a JSON value nested at most 64 levels; got ${describeValueType(value)}`)];
    }
    if (types.length > 0 && !types.some((declared) => typeNameAccepts(declared, type))) {
      return [schemaViolation(at, `enum value ${index} of ${describeNode(node)} is ${describeValueType(value)}, but the type is ${types.join(' or ')}`)];
    }
    if (seen.has(key)) return [schemaViolation(at, `enum value ${index} of ${describeNode(node)} repeats an earlier value`)];
    seen.add(key);
    return [];
  });
}
