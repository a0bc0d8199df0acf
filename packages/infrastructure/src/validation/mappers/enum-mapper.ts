import { describeLocation } from '../display-text.js';
import { renderValue } from '../render-value.js';
import { listEnumValues } from '../schema-summary.js';
import { constraintError, type ViolationMapper } from './violation-mapper.js';

/**
 * `enum` and `const` → ACODE-TSR-005. The allowed values are listed (at most 10, decision 11)
 * because they are what lets a model correct itself. Matching is case-sensitive (decision 7);
 * a value that differs only in case gets a suggestion naming the exact spelling.
 */
export const enumMapper: ViolationMapper = {
  keywords: ['enum', 'const'],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    if (violation.keyword === 'const') {
      const required = renderValue(violation.subschema.const, 40);
      return [constraintError(violation, context, { message: `${where} must be exactly ${required}`, expected: required, suggestion: `Send ${required}` })];
    }
    const allowed = Array.isArray(violation.subschema.enum) ? violation.subschema.enum : [];
    const expected = `one of: ${listEnumValues(allowed)}`;
    const sameButCase =
      typeof violation.value === 'string'
        ? allowed.find((option): option is string => typeof option === 'string' && option.toLowerCase() === (violation.value as string).toLowerCase())
        : undefined;
    const suggestion =
      sameButCase === undefined
        ? `Use one of the allowed values exactly as listed: ${listEnumValues(allowed)}`
        : `Use ${listEnumValues([sameButCase])} exactly; allowed values are case-sensitive`;
    return [constraintError(violation, context, { message: `${where} must be one of the allowed values`, expected, suggestion })];
  },
};
