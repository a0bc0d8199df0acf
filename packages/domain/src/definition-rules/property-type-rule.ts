import type { DefinitionViolation } from '../definition-violation.js';
import { appendPointer } from '../json-pointer.js';
import { describeValueType } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { isJsonTypeName, JSON_TYPE_NAMES } from '../type-names.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { describeNode, walkParameterSchemas, type PropertySchemaNode } from './parameter-schema-walk.js';

/** Keywords that pin down what a value may be (decision 8). */
const TYPE_CONSTRAINING_KEYWORDS = ['type', 'const', 'enum', '$ref', 'allOf', 'anyOf', 'oneOf'];

/**
 * Every property and item schema is an object that constrains its type through `type`, `const`,
 * `enum`, `$ref` or a composition keyword (decision 8, FR-023): `{}` or `true` would let a model
 * send anything. A `type` names JSON Schema types only, each once.
 */
export const propertyTypeRule: DefinitionRule = {
  name: 'property-type',
  check(definition) {
    return walkParameterSchemas(definition).properties.flatMap(checkNode);
  },
};

function checkNode(node: PropertySchemaNode): DefinitionViolation[] {
  const { schema } = node;
  if (typeof schema === 'boolean') {
    return [schemaViolation(node.path, `${describeNode(node)} must be a schema object; a boolean schema accepts ${schema ? 'anything' : 'nothing'}`)];
  }
  if (!isPlainObject(schema)) {
    return [schemaViolation(node.path, `${describeNode(node)} must be a schema object; got ${describeValueType(schema)}`)];
  }
  if (!TYPE_CONSTRAINING_KEYWORDS.some((keyword) => Object.hasOwn(schema, keyword))) {
    return [schemaViolation(node.path, `${describeNode(node)} must constrain its type with type, const, enum, $ref, allOf, anyOf or oneOf`)];
  }
  const type = ownValue(schema, 'type');
  if (type === undefined || isJsonTypeName(type)) return [];
  const path = appendPointer(node.path, 'type');
  const allowed = `one of ${JSON_TYPE_NAMES.join(', ')}`;
  if (!Array.isArray(type)) {
    return [schemaViolation(path, `type of ${describeNode(node)} must be ${allowed}, or a list of them`)];
  }
  if (type.length === 0) return [schemaViolation(path, `type of ${describeNode(node)} must not be an empty list`)];
  const seen = new Set<unknown>();
  return type.flatMap((name: unknown, index) => {
    if (!isJsonTypeName(name)) return [schemaViolation(appendPointer(path, index), `type of ${describeNode(node)} must list only ${allowed}`)];
    if (seen.has(name)) return [schemaViolation(appendPointer(path, index), `type of ${describeNode(node)} lists "${name}" twice`)];
    seen.add(name);
    return [];
  });
}
