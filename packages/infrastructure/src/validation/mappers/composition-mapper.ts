import type { RawViolation } from '../../schema/raw-violation.js';
import { describeLocation, parentPointer, truncate } from '../display-text.js';
import { declaredTypes, isSchemaObject, summarizeSchema } from '../schema-summary.js';
import { branchPrefixes, isWithin } from '../violation-tree.js';
import { typeMapper } from './type-mapper.js';
import { constraintError, type MappingContext, type ViolationMapper } from './violation-mapper.js';

/** Longest summary of the alternatives in `expected`. */
const MAX_ALTERNATIVES_LENGTH = 200;

/**
 * `anyOf`, `oneOf` and `not`. The engine reports every failing branch of an `anyOf`, but the
 * branches are alternatives: "expected string" and "expected integer" side by side would
 * mislead. So:
 *
 * - exactly one branch failed on something other than the value's type or discriminator
 *   (`const`/`enum` on the value or a direct property): that branch is what the model meant,
 *   and its leaf errors are reported;
 * - every branch failed on the value's type: one ACODE-TSR-004 listing the allowed types;
 * - otherwise, or a `oneOf` that matched more than one branch: one ACODE-TSR-005 at the value.
 */
export const compositionMapper: ViolationMapper = {
  keywords: ['anyOf', 'oneOf', 'not'],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    if (violation.keyword === 'not') {
      return [constraintError(violation, context, { message: `${where} has a value that is not allowed`, expected: 'a value the schema does not exclude', suggestion: `Send a different value for ${where}` })];
    }
    const alternatives = truncate(summarizeSchema(violation.subschema), MAX_ALTERNATIVES_LENGTH);
    const branchCount = Array.isArray(violation.subschema[violation.keyword]) ? (violation.subschema[violation.keyword] as unknown[]).length : 0;
    const groups = branchFailures(violation, context);

    // The engine's message carries the match count; without it, a branch with no failures matched.
    const matches = Number(/\((\d+) matches\)/.exec(violation.engineMessage)?.[1] ?? Number.NaN);
    const matchedSeveral = Number.isNaN(matches) ? groups.size > 0 && groups.size < branchCount : matches >= 2;
    if (violation.keyword === 'oneOf' && matchedSeveral) {
      return [
        constraintError(violation, context, {
          message: `${where} matches more than one of the allowed forms`,
          expected: `exactly one of: ${alternatives}`,
          suggestion: 'Change the value so that it matches exactly one of the allowed forms',
        }),
      ];
    }

    const explaining = [...groups.values()].filter((failures) => !failures.some((failure) => isDiscriminating(failure, violation.instancePath)));
    if (explaining.length === 1) {
      const errors = context.mapNested(explaining[0] as RawViolation[]);
      if (errors.length > 0) return errors;
    }

    const allWrongType = groups.size > 0 && [...groups.values()].every((failures) => failures.some((f) => f.keyword === 'type' && f.instancePath === violation.instancePath));
    if (allWrongType) {
      const types = branchTypes(violation);
      if (types !== undefined) return typeMapper.map({ ...violation, keyword: 'type', subschema: { type: types } }, context);
    }
    return [
      constraintError(violation, context, {
        message: `${where} does not match any of the allowed forms`,
        expected: alternatives,
        suggestion: `Send ${where} in one of the allowed forms: ${alternatives}`,
      }),
    ];
  },
};

/** Branch index → the failures reported inside it. */
function branchFailures(violation: RawViolation, context: MappingContext): Map<number, RawViolation[]> {
  const branches = branchPrefixes(violation) ?? [];
  const groups = new Map<number, RawViolation[]>();
  for (const candidate of context.violations) {
    if (candidate === violation) continue;
    const branch = branches.findIndex((prefixes) => prefixes.some((prefix) => isWithin(candidate, prefix, violation.instancePath)));
    if (branch < 0) continue;
    const failures = groups.get(branch) ?? [];
    failures.push(candidate);
    groups.set(branch, failures);
  }
  return groups;
}

function isDiscriminating(failure: RawViolation, instancePath: string): boolean {
  if (failure.keyword === 'type') return failure.instancePath === instancePath;
  if (failure.keyword === 'const' || failure.keyword === 'enum') {
    return failure.instancePath === instancePath || parentPointer(failure.instancePath) === instancePath;
  }
  return false;
}

/** Every type the branches declare, or `undefined` when a branch declares none (a `$ref`, say). */
function branchTypes(violation: RawViolation): string[] | undefined {
  const branches = violation.subschema[violation.keyword];
  if (!Array.isArray(branches)) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const declared = isSchemaObject(branch) ? declaredTypes(branch) : [];
    if (declared.length === 0) return undefined;
    for (const type of declared) types.add(type);
  }
  return [...types];
}
