import { appendPointer, isPlainObject } from '@acode/domain';
import type { DefinitionViolation } from '@acode/domain';
import { findNestedRepetition } from '../backtracking-risk.js';
import { compileRe2Pattern } from '../re2-pattern.js';
import { RE2_FORMAT_PREFIX } from '../re2-format.js';
import { walkSchemaObjects } from '../schema-walk.js';
import type { SchemaCheck } from './schema-check.js';
import { schemaViolation } from './schema-violation.js';

/**
 * Regular expressions must be safe to run on a model's input (NFR-015, decision 10, AV-2).
 * `pattern` runs on RE2, so it must compile there (no backreferences, no lookaround).
 * `patternProperties` keys run on RE2 too (issue 13, see `boundedValidate`); they must also compile
 * as ECMA-262 and must not repeat a repetition (`(a+)+`), the exponential shape, so that a schema
 * stays safe wherever it is run with JavaScript's backtracking RegExp (a client, another validator).
 */
export const patternCheck: SchemaCheck = {
  name: 'pattern',
  gate: false,
  run(schema, context) {
    const violations: DefinitionViolation[] = [];
    walkSchemaObjects(schema, ({ schema: node, pointer }) => {
      if (typeof node.pattern === 'string') {
        const compiled = compileRe2Pattern(node.pattern);
        if (!compiled.ok) violations.push(schemaViolation(context, appendPointer(pointer, 'pattern'), `Pattern cannot be used: ${compiled.reason}`));
      }
      if (typeof node.format === 'string' && node.format.startsWith(RE2_FORMAT_PREFIX)) {
        violations.push(schemaViolation(context, appendPointer(pointer, 'format'), `Format names starting with "${RE2_FORMAT_PREFIX}" are reserved`));
      }
      if (isPlainObject(node.patternProperties)) {
        for (const key of Object.keys(node.patternProperties)) {
          const reason = patternPropertyProblem(key);
          if (reason !== undefined) violations.push(schemaViolation(context, appendPointer(pointer, 'patternProperties', key), `patternProperties pattern cannot be used: ${reason}`));
        }
      }
    });
    return violations;
  },
};

function patternPropertyProblem(source: string): string | undefined {
  const compiled = compileRe2Pattern(source);
  if (!compiled.ok) return compiled.reason;
  try {
    new RegExp(source, 'u');
  } catch {
    return 'the pattern is not a valid ECMA-262 regular expression';
  }
  const risky = findNestedRepetition(source);
  if (risky !== undefined) return `the repeated group ${risky} can take exponential time to match; remove the nested repetition`;
  return undefined;
}
