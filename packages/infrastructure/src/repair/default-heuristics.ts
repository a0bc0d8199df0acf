import {
  comments,
  curlyQuotes,
  markdownFence,
  missingClosingBrace,
  missingClosingBracket,
  missingComma,
  pythonLiterals,
  singleQuotes,
  surroundingText,
  trailingComma,
  truncatedString,
  unescapedInnerQuotes,
  unquotedKeys,
} from './heuristics/index.js';
import type { RepairHeuristic } from './repair-heuristic.js';

/**
 * Every heuristic, 002's seven first in its order of frequency, then the other damage local
 * models emit. Where two heuristics answer the same decision point the earlier one wins; only
 * the skip hooks overlap, and there a fence or a comment is recognised before prose.
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
  surroundingText,
]);
