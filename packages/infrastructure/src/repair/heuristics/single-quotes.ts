import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{'path': 'test'}` → `{"path": "test"}`: a string delimited by `'` is rewritten with `"`.
 * Inside it, `"` is escaped, `\'` loses its backslash, and a `'` that is not followed by what can
 * end a string (`it's`) stays an apostrophe.
 */
export const singleQuotes: RepairHeuristic = {
  name: 'single_quotes',
  stringDelimiter: (open) => (open === "'" ? "'" : undefined),
};
