import { appendPointer } from '@acode/domain';
import type { DefinitionViolation } from '@acode/domain';
import { isLocalRef } from '../local-ref.js';
import { walkSchemaObjects } from '../schema-walk.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/**
 * Schemas are self-contained (000 "Constraints and Limitations" 6, decision 10): a `$ref` must be
 * a local fragment (`#/$defs/x`). `$dynamicRef` and `$recursiveRef` are refused because the engine
 * does not implement their dynamic scope, and an `$id` below the root is refused because it
 * re-bases every `$ref` beneath it onto another document.
 */
export const remoteRefCheck: SchemaCheck = {
  name: 'remote-ref',
  gate: false,
  run(schema, context) {
    const violations: DefinitionViolation[] = [];
    walkSchemaObjects(schema, ({ schema: node, pointer }) => {
      const ref = node.$ref;
      if (typeof ref === 'string' && !isLocalRef(ref)) {
        violations.push(schemaViolation(context, appendPointer(pointer, '$ref'), `Remote $ref is not allowed (${JSON.stringify(ref)}); reference a local definition such as "#/$defs/name"`));
      }
      for (const keyword of ['$dynamicRef', '$recursiveRef']) {
        if (node[keyword] !== undefined) {
          violations.push(schemaViolation(context, appendPointer(pointer, keyword), `${keyword} is not supported; use $ref to a local definition such as "#/$defs/name"`));
        }
      }
      if (pointer !== '' && node.$id !== undefined) {
        violations.push(schemaViolation(context, appendPointer(pointer, '$id'), 'Embedded $id is not allowed: it points references at another document; keep definitions under the root "$defs"'));
      }
    });
    return violations;
  },
};
