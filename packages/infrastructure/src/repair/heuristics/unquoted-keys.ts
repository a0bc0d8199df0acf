import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{path: "test"}` → `{"path": "test"}`: a bare word (letters, digits, `_`, `$`, `-`, `.`, non-ASCII
 * letters) where a property name is expected is put in double quotes.
 */
export const unquotedKeys: RepairHeuristic = {
  name: 'unquoted_keys',
  bareKey: (word) => word.length > 0,
};
