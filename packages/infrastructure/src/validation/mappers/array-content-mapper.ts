import { describeLocation } from '../display-text.js';
import { summarizeSchema } from '../schema-summary.js';
import { constraintError, numberKeyword, plural, type ViolationMapper } from './violation-mapper.js';

/**
 * `uniqueItems`, `contains`, `minContains`, `maxContains` → ACODE-TSR-005. The items that did
 * not match `contains` are not errors (any one of them may be fine); one error says how many
 * matching items the array needs.
 */
export const arrayContentMapper: ViolationMapper = {
  keywords: ['uniqueItems', 'contains', 'minContains', 'maxContains'],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    if (violation.keyword === 'uniqueItems') {
      return [constraintError(violation, context, { message: `Items of ${where} must be unique`, expected: 'array of unique items', suggestion: `Remove the duplicate items from ${where}` })];
    }
    const matching = summarizeSchema(violation.subschema.contains);
    const isMax = violation.keyword === 'maxContains';
    const count = numberKeyword(violation.subschema, isMax ? 'maxContains' : 'minContains') ?? 1;
    const bound = `${isMax ? 'at most' : 'at least'} ${plural(count, 'item')}`;
    return [
      constraintError(violation, context, {
        message: `${where} must contain ${bound} matching ${matching}`,
        expected: `array containing ${bound} matching ${matching}`,
        suggestion: isMax ? `Send at most ${plural(count, 'item')} matching ${matching}` : `Add ${plural(count, 'item')} matching ${matching} to ${where}`,
      }),
    ];
  },
};
