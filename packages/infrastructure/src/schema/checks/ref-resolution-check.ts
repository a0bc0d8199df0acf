import { appendPointer } from '@acode/domain';
import type { DefinitionViolation } from '@acode/domain';
import { isLocalRef, LocalRefResolver } from '../local-ref.js';
import { walkSchemaObjects } from '../schema-walk.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/** Every local `$ref` must lead to a schema in the same document (000 scenario 7: "Could not resolve reference"). */
export const refResolutionCheck: SchemaCheck = {
  name: 'ref-resolution',
  gate: false,
  run(schema, context) {
    const violations: DefinitionViolation[] = [];
    const resolver = new LocalRefResolver(schema);
    walkSchemaObjects(schema, ({ schema: node, pointer }) => {
      const ref = node.$ref;
      // Remote refs are the remote-ref check's to report; a non-string $ref the meta-schema's.
      if (typeof ref !== 'string' || !isLocalRef(ref)) return;
      if (resolver.resolve(ref) === undefined) {
        violations.push(schemaViolation(context, appendPointer(pointer, '$ref'), `Could not resolve reference ${JSON.stringify(ref)}: no schema at that location in this document`));
      }
    });
    return violations;
  },
};
