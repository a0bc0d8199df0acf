import type { DefinitionViolation } from '../definition-violation.js';
import { appendPointer } from '../json-pointer.js';
import { isPlainObject } from '../plain-object.js';
import { checkAgainstSchemaSubset } from '../schema-subset-check.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { describeNode, walkParameterSchemas, type PropertySchemaNode } from './parameter-schema-walk.js';

/**
 * A `default` is a value its own property schema accepts (001 §5.2), since defaults are applied
 * to the arguments that validation returns (decision 9). Checked with the structural subset
 * checker; the compiler in infrastructure validates fully.
 */
export const defaultValueRule: DefinitionRule = {
  name: 'default-value',
  check(definition) {
    return walkParameterSchemas(definition).properties.flatMap(checkNode);
  },
};

function checkNode(node: PropertySchemaNode): DefinitionViolation[] {
  const { schema } = node;
  if (!isPlainObject(schema) || !Object.hasOwn(schema, 'default')) return [];
  const path = appendPointer(node.path, 'default');
  return checkAgainstSchemaSubset(schema['default'], schema).map((issue) =>
    schemaViolation(`${path}${issue.pointer}`, `default of ${describeNode(node)}${issue.pointer ? ` at ${issue.pointer}` : ''} ${issue.message}`),
  );
}
