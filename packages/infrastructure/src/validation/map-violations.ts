import type { SchemaValidationOptions } from '@acode/application';
import { MAX_VALIDATION_ERRORS, type ValidationError } from '@acode/domain';
import type { RawViolation } from '../schema/raw-violation.js';
import { describeLocation, safeText } from './display-text.js';
import { VIOLATION_MAPPERS } from './mappers/index.js';
import { constraintError, type MappingContext, type ViolationMapper } from './mappers/violation-mapper.js';
import { propertyNameError } from './mappers/object-shape-mapper.js';
import { findAbsorbed, isPropertyNameCheck } from './violation-tree.js';

const MAPPERS_BY_KEYWORD: ReadonlyMap<string, ViolationMapper> = new Map(
  VIOLATION_MAPPERS.flatMap((mapper) => mapper.keywords.map((keyword) => [keyword, mapper] as const)),
);

/** A keyword no mapper knows (a vocabulary added later): a constraint error naming the keyword. */
const unknownKeywordMapper: ViolationMapper = {
  keywords: [],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    const keyword = safeText(violation.keyword, 32);
    return [constraintError(violation, context, { message: `${where} does not satisfy the '${keyword}' constraint`, expected: `a value satisfying '${keyword}'`, suggestion: `Check the parameter's description and send a value that satisfies '${keyword}'` })];
  },
};

/**
 * Maps engine violations to model-facing errors: wrappers are dropped for their leaves, each
 * keyword family has its mapper (see `mappers/`), ACODE-TSR codes, sanitised `actual` values,
 * exact duplicates removed, engine (schema, then instance) order kept, at most
 * `options.maxErrors` errors.
 *
 * Never returns an empty list for a non-empty input: an empty list means "valid", so if every
 * violation were a wrapper without a leaf, one generic constraint error is reported instead.
 */
export function mapViolations(violations: readonly RawViolation[], options: SchemaValidationOptions): ValidationError[] {
  return mapViolationsCounted(violations, options).errors;
}

/**
 * {@link mapViolations}, and how many distinct errors past `options.maxErrors` were left out
 * (issue 13: a capped list says that it is capped). Counts what the engine reported, so it costs
 * no more than the engine's own work; an engine that stops early makes it a lower bound.
 */
export function mapViolationsCounted(violations: readonly RawViolation[], options: SchemaValidationOptions): { errors: ValidationError[]; omittedErrors: number } {
  if (violations.length === 0) return { errors: [], omittedErrors: 0 };
  const limit = Number.isFinite(options.maxErrors) ? Math.max(1, Math.floor(options.maxErrors)) : MAX_VALIDATION_ERRORS;
  const overflow = { omitted: 0 };
  const errors = mapGroup(violations, options.includeActualValues, new Set(), limit, overflow);
  if (errors.length > 0) return { errors, omittedErrors: overflow.omitted };
  const first = violations[0] as RawViolation;
  const context = createContext(violations, options.includeActualValues, new Set());
  return {
    errors: [constraintError(first, context, { message: `${describeLocation(first.instancePath)} does not match the schema`, expected: 'a value the schema allows', suggestion: "Check the tool's schema and send a value it allows" })],
    omittedErrors: 0,
  };
}

function mapGroup(violations: readonly RawViolation[], includeActualValues: boolean, seenKeys: Set<string>, limit: number, overflow?: { omitted: number }): ValidationError[] {
  const absorbed = findAbsorbed(violations);
  const context = createContext(violations, includeActualValues, seenKeys);
  const errors: ValidationError[] = [];
  const unique = new Set<string>();
  for (const violation of violations) {
    if (absorbed.has(violation)) continue;
    const mapped = isPropertyNameCheck(violation)
      ? propertyNameError(violation, context)
      : (MAPPERS_BY_KEYWORD.get(violation.keyword) ?? unknownKeywordMapper).map(violation, context);
    for (const error of mapped) {
      const key = `${error.code}\u0000${error.path}\u0000${error.keyword ?? ''}\u0000${error.message}`;
      if (unique.has(key)) continue;
      unique.add(key);
      if (errors.length < limit) errors.push(error);
      else if (overflow !== undefined) overflow.omitted++;
      else return errors;
    }
  }
  return errors;
}

function createContext(violations: readonly RawViolation[], includeActualValues: boolean, seenKeys: Set<string>): MappingContext {
  return {
    includeActualValues,
    violations,
    // Nested groups are a branch of a composition: bounded by the group they come from.
    mapNested: (subset) => mapGroup(subset, includeActualValues, seenKeys, Number.POSITIVE_INFINITY),
    once: (key) => {
      if (seenKeys.has(key)) return false;
      seenKeys.add(key);
      return true;
    },
  };
}
