import type { DefinitionViolation } from '../definition-violation.js';
import { appendPointer } from '../json-pointer.js';
import { describeValueType, quoteText } from '../message-text.js';
import { isPlainObject, ownValue } from '../plain-object.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { walkParameterSchemas, type ObjectSchemaNode } from './parameter-schema-walk.js';

/**
 * `required` is a list of distinct names, each declared in `properties` of the same schema.
 * Unknown properties are refused (decision 7), so an undeclared required name could never be
 * sent: every call would fail.
 */
export const requiredNamesRule: DefinitionRule = {
  name: 'required-names',
  check(definition) {
    return walkParameterSchemas(definition).objects.flatMap(checkObject);
  },
};

function checkObject({ path, schema }: ObjectSchemaNode): DefinitionViolation[] {
  if (!Object.hasOwn(schema, 'required')) return [];
  const required = schema['required'];
  const at = appendPointer(path, 'required');
  if (!Array.isArray(required)) return [schemaViolation(at, `required must be a list of property names; got ${describeValueType(required)}`)];
  const properties = ownValue(schema, 'properties');
  const declared = isPlainObject(properties) ? properties : {};
  const seen = new Set<string>();
  return required.flatMap((name: unknown, index) => {
    const entry = appendPointer(at, index);
    if (typeof name !== 'string') return [schemaViolation(entry, `required entries must be property names; got ${describeValueType(name)}`)];
    if (!Object.hasOwn(declared, name)) {
      return [schemaViolation(entry, `required names ${quoteText(name)}, which properties does not declare`)];
    }
    if (seen.has(name)) return [schemaViolation(entry, `required lists ${quoteText(name)} more than once`)];
    seen.add(name);
    return [];
  });
}
