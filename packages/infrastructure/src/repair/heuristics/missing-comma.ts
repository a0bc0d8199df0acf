import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"a": 1 "b": 2}` → `{"a": 1, "b": 2}` and `[1 2]` → `[1, 2]`: inserts the `,` right after the
 * previous value when another value or member starts with no separator. Two strings on one line
 * (`"a" "b"`) are read as one string with inner quotes instead; across a line break they are two.
 */
export const missingComma: RepairHeuristic = {
  name: 'missing_comma',
  missingComma: () => true,
};
