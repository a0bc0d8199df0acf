import type { JsonSchemaObject } from '@acode/domain';
import { describeLocation } from '../display-text.js';
import { constraintError, numberKeyword, plural, type ViolationMapper } from './violation-mapper.js';

interface SizeFamily {
  readonly min: string;
  readonly max: string;
  readonly noun: string;
  readonly kind: string;
}

const FAMILIES: readonly SizeFamily[] = [
  { min: 'minLength', max: 'maxLength', noun: 'character', kind: 'string' },
  { min: 'minItems', max: 'maxItems', noun: 'item', kind: 'array' },
  { min: 'minProperties', max: 'maxProperties', noun: 'property', kind: 'object' },
];

/**
 * Length, item-count and property-count bounds → ACODE-TSR-005. String lengths are counted in
 * Unicode code points, as JSON Schema counts them.
 */
export const sizeMapper: ViolationMapper = {
  keywords: FAMILIES.flatMap((family) => [family.min, family.max]),
  map(violation, context) {
    const family = FAMILIES.find((f) => f.min === violation.keyword || f.max === violation.keyword) as SizeFamily;
    const isMax = violation.keyword === family.max;
    const limit = numberKeyword(violation.subschema, violation.keyword) ?? 0;
    const where = describeLocation(violation.instancePath);
    const count = countOf(limit, family.noun);
    const message =
      family.kind === 'string'
        ? `${where} must be ${isMax ? 'at most' : 'at least'} ${count} long`
        : `${where} must have ${isMax ? 'at most' : 'at least'} ${count}`;
    const suggestion = isMax
      ? family.kind === 'string'
        ? `Shorten ${where} to at most ${count}`
        : `Send at most ${count} in ${where}`
      : family.kind === 'string'
        ? `Make ${where} at least ${count} long`
        : `Send at least ${count} in ${where}`;
    return [constraintError(violation, context, { message, expected: describeBounds(violation.subschema, family), suggestion })];
  },
};

function countOf(count: number, noun: string): string {
  return noun === 'property' ? `${count} ${count === 1 ? 'property' : 'properties'}` : plural(count, noun);
}

/** `string of 1-4096 characters`, `array with at most 5 items`. */
function describeBounds(schema: JsonSchemaObject, family: SizeFamily): string {
  const min = numberKeyword(schema, family.min);
  const max = numberKeyword(schema, family.max);
  const joiner = family.kind === 'string' ? 'of' : 'with';
  const plurals = family.noun === 'property' ? 'properties' : `${family.noun}s`;
  if (min !== undefined && max !== undefined) return `${family.kind} ${joiner} ${min}-${max} ${plurals}`;
  if (max !== undefined) return `${family.kind} ${joiner} at most ${countOf(max, family.noun)}`;
  return `${family.kind} ${joiner} at least ${countOf(min ?? 0, family.noun)}`;
}
