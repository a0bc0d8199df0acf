import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"path": "C:\Users\me"}` → `{"path": "C:\\Users\\me"}` and `"\d+"` → `"\\d+"`: a backslash
 * before a character that makes no JSON escape (`\d`, `\U`, `\.`, `\u` without four hex digits)
 * is kept as a literal backslash, which is what the model wrote it for (Windows paths, regular
 * expressions). A backslash that does make an escape (`\n`, `\t`, `\"`) keeps JSON's meaning, and
 * `\'` in a double-quoted string is refused: an apostrophe and a literal backslash are both likely.
 */
export const invalidEscape: RepairHeuristic = {
  name: 'invalid_escape',
  invalidEscape: () => true,
};
