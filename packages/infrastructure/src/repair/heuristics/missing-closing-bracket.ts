import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"items": [1, 2, 3` → `{"items": [1, 2, 3]}` and `{"items": [1, 2, 3}` → `{"items": [1, 2, 3]}`:
 * closes an array left open at the end of the text or by the closer of an enclosing object.
 */
export const missingClosingBracket: RepairHeuristic = {
  name: 'missing_closing_bracket',
  unclosedContainer: (open) => (open === '[' ? ']' : undefined),
};
