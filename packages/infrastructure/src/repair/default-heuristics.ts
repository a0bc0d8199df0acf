import {
  comments,
  curlyQuotes,
  escapedQuotes,
  invalidEscape,
  literalEscapeWhitespace,
  markdownFence,
  missingClosingBrace,
  missingClosingBracket,
  missingComma,
  missingOpeningQuote,
  pythonLiterals,
  rawControlCharacter,
  singleQuotes,
  surroundingText,
  trailingComma,
  trailingMarkup,
  truncatedString,
  unescapedInnerQuotes,
  unquotedKeys,
} from './heuristics/index.js';
import type { RepairHeuristic } from './repair-heuristic.js';

/**
 * Every heuristic, 002's seven first in its order of frequency, then the other damage local
 * models emit, then issue 11's damage quoted in public threads, then the lost or doubled quotes of
 * arguments models sent (`escaped_quotes`, `missing_opening_quote`). Where two heuristics answer the
 * same decision point the earlier one wins; only the skip hooks overlap, and there a fence, a
 * comment, an escaped line break or a closing tag is recognised before prose.
 */
export const DEFAULT_REPAIR_HEURISTICS: readonly RepairHeuristic[] = Object.freeze([
  trailingComma,
  missingClosingBrace,
  missingClosingBracket,
  singleQuotes,
  unquotedKeys,
  truncatedString,
  unescapedInnerQuotes,
  markdownFence,
  comments,
  pythonLiterals,
  curlyQuotes,
  missingComma,
  rawControlCharacter,
  invalidEscape,
  literalEscapeWhitespace,
  trailingMarkup,
  surroundingText,
  escapedQuotes,
  missingOpeningQuote,
]);
