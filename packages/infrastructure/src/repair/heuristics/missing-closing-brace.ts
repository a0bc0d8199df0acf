import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"path": "test"` → `{"path": "test"}`: closes an object left open at the end of the text or
 * by the closer of an enclosing array. An object cut off after a property name (`{"a": 1, "b":`)
 * loses that incomplete member, so no value is invented; validation then reports it as missing.
 */
export const missingClosingBrace: RepairHeuristic = {
  name: 'missing_closing_brace',
  unclosedContainer: (open) => (open === '{' ? '}' : undefined),
};
