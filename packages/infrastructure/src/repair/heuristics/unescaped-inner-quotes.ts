import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"say": "say "hi""}` → `{"say": "say \"hi\""}`: the repair pass asks about every `"` inside a
 * string that is not followed (after spaces) by `,` `}` `]` `:`, a comment, a line break or the
 * end of the text; such a quote is content, and is escaped. Property names are not asked: a name
 * ends at its first quote.
 */
export const unescapedInnerQuotes: RepairHeuristic = {
  name: 'unescaped_inner_quotes',
  innerQuote: () => true,
};
