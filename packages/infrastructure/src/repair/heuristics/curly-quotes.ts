import type { RepairHeuristic } from '../repair-heuristic.js';

/** The closing delimiter of each typographic quote a string may open with. */
const CLOSERS: Readonly<Record<string, string>> = Object.freeze({
  '\u201c': '\u201d',
  '\u201d': '\u201d',
  '\u2018': '\u2019',
  '\u2019': '\u2019',
});

/**
 * `{“path”: “test”}` → `{"path": "test"}`: typographic quotes (“ ” ‘ ’) used as string delimiters,
 * as text editors and chat front ends substitute them, are rewritten with `"`. Curly quotes
 * inside a properly delimited string are content and stay.
 */
export const curlyQuotes: RepairHeuristic = {
  name: 'curly_quotes',
  stringDelimiter: (open) => CLOSERS[open],
};
