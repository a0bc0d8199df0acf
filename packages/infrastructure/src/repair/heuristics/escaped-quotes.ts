import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"query": \"foo\"}` → `{"query": "foo"}` and `{\"a\": 1}` → `{"a": 1}`: a string whose quotes
 * were escaped once too often, as models write when they escape a value (or the whole object)
 * for a string they then forget to open. Only inside an object or array, where a backslash
 * cannot start any token, and only for a string that holds no backslash, quote or control
 * character (those could be escaped once or twice, two readings) and that ends its member: a `:`
 * after a name, a `,` or closer after a value (see `repair-pass.ts`).
 */
export const escapedQuotes: RepairHeuristic = {
  name: 'escaped_quotes',
  escapedQuote: () => true,
};
