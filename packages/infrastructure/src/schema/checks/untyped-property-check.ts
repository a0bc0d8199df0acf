import { appendPointer, isPlainObject } from '@acode/domain';
import type { DefinitionViolation } from '@acode/domain';
import { walkSchemaObjects } from '../schema-walk.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** Keywords that constrain a property's type, directly or through another schema (decision 8). */
const TYPE_CONSTRAINING_KEYWORDS = ['type', 'const', 'enum', '$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if'] as const;

/**
 * Every property schema, wherever `properties` appears (nested objects, items, `$defs`,
 * compositions), must constrain its type (FR-023, decision 8): an unconstrained `{}` or `true`
 * lets a model send anything. `false` (the property is forbidden) constrains it fully.
 */
export const untypedPropertyCheck: SchemaCheck = {
  name: 'untyped-property',
  gate: false,
  run(schema, context) {
    const violations: DefinitionViolation[] = [];
    walkSchemaObjects(schema, ({ schema: node, pointer }) => {
      const properties = node.properties;
      if (!isPlainObject(properties)) return;
      for (const [name, propertySchema] of Object.entries(properties)) {
        if (propertySchema === false) continue;
        const constrained = isPlainObject(propertySchema) && TYPE_CONSTRAINING_KEYWORDS.some((keyword) => propertySchema[keyword] !== undefined);
        if (constrained || (propertySchema !== true && !isPlainObject(propertySchema))) continue;
        violations.push(
          schemaViolation(
            context,
            appendPointer(pointer, 'properties', name),
            `Property ${JSON.stringify(name)} does not constrain its type; add "type" (or const, enum, $ref, allOf, anyOf, oneOf, not, if)`,
          ),
        );
      }
    });
    return violations;
  },
};
