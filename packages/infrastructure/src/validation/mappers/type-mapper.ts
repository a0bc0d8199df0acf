import { ERROR_CODES, jsonTypeOf } from '@acode/domain';
import { boundedPath, describeLocation } from '../display-text.js';
import { declaredTypes, typeWithArticle } from '../schema-summary.js';
import { withoutUndefined, type MappingContext, type ViolationMapper } from './violation-mapper.js';

/**
 * `type` → ACODE-TSR-004. `actual` is the JSON type name (`integer` for 12345, `number` for
 * 1.5), not the value: the message already carries it and it discloses nothing of the value, so
 * it stays even when actual values are turned off. Nothing is coerced (decision 7); the
 * suggestion says how to send the value instead.
 */
export const typeMapper: ViolationMapper = {
  keywords: ['type'],
  map(violation, context) {
    const expectedTypes = declaredTypes(violation.subschema);
    const expected = expectedTypes.length > 0 ? expectedTypes.join(' | ') : 'the declared type';
    const actual = jsonTypeOf(violation.value) ?? 'a value JSON cannot hold';
    return [
      withoutUndefined({
        path: boundedPath(violation.instancePath),
        code: ERROR_CODES.TYPE_MISMATCH,
        message: `Type mismatch: expected ${expected}, got ${actual}`,
        expected,
        actual,
        suggestion: suggest(violation.instancePath, expectedTypes, violation.value, context),
        keyword: 'type',
      }),
    ];
  },
};

function suggest(path: string, expected: readonly string[], value: unknown, context: MappingContext): string {
  const where = describeLocation(path);
  const wantsNumber = expected.includes('number') || expected.includes('integer');
  if (typeof value === 'string' && context.includeActualValues) {
    const trimmed = value.trim();
    const numeric = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed) && trimmed.length <= 32;
    if (wantsNumber && numeric && (expected.includes('number') || Number.isInteger(Number(trimmed)))) {
      return `Send ${trimmed} as a number without quotes`;
    }
    if (expected.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return `Send ${trimmed} as a boolean without quotes`;
  }
  const wanted = expected.length > 0 ? expected.map(typeWithArticle).join(' or ') : 'the declared type';
  if (value === null) return `Provide ${where} as ${wanted}; null is not allowed here`;
  if (typeof value === 'number' && expected.length === 1 && expected[0] === 'integer') return `Provide ${where} as a whole number`;
  if (typeof value === 'string' && wantsNumber) return `Provide ${where} as ${wanted} without quotes`;
  const sent = jsonTypeOf(value);
  // A model thinks of 12345 as "a number"; "not an integer" would read as a hint about decimals.
  const noun = sent === undefined ? 'a value JSON cannot hold' : typeWithArticle(sent === 'integer' ? 'number' : sent);
  return `Provide ${where} as ${wanted}, not ${noun}`;
}
