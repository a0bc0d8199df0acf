import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"invoke_tool_name": xxx_tool_name"}` → `{"invoke_tool_name": "xxx_tool_name"}`: a value that
 * lost only its opening quote. Only where that quote's place is certain: a value inside an object
 * or array, right after a `[`, or after a `:` or `,` that follows a string's closing quote (after
 * `[1, 2, x"` the string may as well have started at `1`), with at most one space before it (read as
 * the layout's, as in `": "`; none in text laid out without spaces: more could be the value's own), starting as a word (not a
 * number, not `true`, `false`, `null` or a Python literal: those could be the value with a stray
 * quote), on one line up to a `"` with no bracket, `,`, `:`, quote, backslash or comment between
 * and no space before it; that quote must plainly end the value (its container's closer, or a `,`
 * before the next property name; in an array, before a quoted string or a container). Never after
 * a comma the repairer inserted, and a container the text leaves open is then not closed (the
 * value may have started before it: `"a": [x"` from `"a": "[x"`). See `repair-pass.ts`.
 */
export const missingOpeningQuote: RepairHeuristic = {
  name: 'missing_opening_quote',
  missingOpeningQuote: () => true,
};
