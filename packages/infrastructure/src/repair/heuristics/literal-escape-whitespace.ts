import type { RepairHeuristic } from '../repair-heuristic.js';

/** After a backslash: the letters of the escapes models write as literal text between tokens. */
const WHITESPACE_ESCAPES = new Set([0x6e, 0x72, 0x74]); // n r t

/**
 * `{"a": 1,\n "b": 2}` with a literal two-character `\n` (a backslash and an `n`) between tokens →
 * `{"a": 1, "b": 2}`: the escaped form of a line break, tab or carriage return, which models
 * write when they escape their output once too often, is whitespace there. A backslash cannot
 * start any JSON token, so outside strings this has no other reading; inside strings it is
 * JSON's own escape and is left alone.
 */
export const literalEscapeWhitespace: RepairHeuristic = {
  name: 'literal_escape_whitespace',
  skip: (text, at) => (text.charCodeAt(at) === 0x5c && WHITESPACE_ESCAPES.has(text.charCodeAt(at + 1)) ? at + 2 : undefined),
};
