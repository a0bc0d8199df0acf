import { appendPointer } from '../json-pointer.js';
import { isPlainObject } from '../plain-object.js';
import { schemaViolation, type DefinitionRule } from './definition-rule.js';
import { describeNode, walkParameterSchemas } from './parameter-schema-walk.js';

/**
 * A property listed in `required` has no `default` (001 §5.2): the call must send it, so the
 * default would never be used and only misleads the reader.
 */
export const requiredDefaultRule: DefinitionRule = {
  name: 'required-default',
  check(definition) {
    return walkParameterSchemas(definition)
      .properties.filter((node) => node.required && isPlainObject(node.schema) && Object.hasOwn(node.schema, 'default'))
      .map((node) =>
        schemaViolation(
          appendPointer(node.path, 'default'),
          `${describeNode(node)} is required, so its default would never be used; remove the default or make the property optional`,
        ),
      );
  },
};
