import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{path: "test"}` → `{"path": "test"}`: a bare word (letters, digits, `_`, `$`, `-`, `.`, non-ASCII
 * letters) where a property name is expected is put in double quotes. It must start as an
 * identifier or a number does (not with `-` or `.`): `-:` is debris, not a name.
 */
export const unquotedKeys: RepairHeuristic = {
  name: 'unquoted_keys',
  bareKey: (word) => word.length > 0 && !/^[-.]/.test(word),
};
