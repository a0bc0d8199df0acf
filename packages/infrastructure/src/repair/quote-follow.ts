import { isDigit, isWordChar, isWordStart } from './json-lexemes.js';

/**
 * What the text after a candidate closing quote reads as. The repair pass decides from it whether
 * the quote ends its string or is content:
 *
 * - `close`: a `}` or `]`: nothing but the end of a string can come here;
 * - `line_end`: the end of the text, or a line break before text that starts no value; `comment`:
 *   `//` or `/*`. Both end a string, unless it already kept a quote as content: then the line break
 *   may be one the model left raw in the text, and the comment text (`'echo 'hi' /* c *\/'`);
 * - `comma`: a `,` (a string ends there, unless the string already took a quote as content: then
 *   only a following property name makes the reading certain, see {@link commaLeadsToKey});
 * - `colon`: a `:` (a property name ended here);
 * - `next_value`: another string, a bare `key:`, `{`, `[`, or a scalar followed by a separator: the
 *   start of the next member or item with its comma missing;
 * - `adjacent_quote`: another quote, a backslash or a bracket right after it (`"a""b"`, `"a"{`):
 *   text and structure equally likely, so the pass refuses;
 * - `other`: anything else (a word, punctuation): the quote is content (`say "hi" now`).
 */
export type QuoteFollow = 'close' | 'line_end' | 'comment' | 'comma' | 'colon' | 'next_value' | 'adjacent_quote' | 'other';

/** Longest look-ahead for a bare key or scalar: keeps every decision O(1), so the pass stays linear. */
const LOOKAHEAD = 64;

const QUOTE_CHARS = new Set([0x22, 0x27, 0x201c, 0x201d, 0x2018, 0x2019]);

/** Classifies the text at `at`, right after a candidate closing quote. */
export function classifyQuoteFollow(text: string, at: number): QuoteFollow {
  let i = at;
  let crossedLine = false;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) crossedLine = true;
    else if (code === 0x5c && isEscapedWhitespace(text.charCodeAt(i + 1))) {
      // A literal `\n` reads as the whitespace it stands for (see literal-escape-whitespace.ts).
      if (text.charCodeAt(i + 1) !== 0x74) crossedLine = true;
      i++;
    } else if (code !== 0x20 && code !== 0x09) break;
  }
  if (i >= text.length) return 'line_end';
  const code = text.charCodeAt(i);
  const spaced = i > at;
  if (code === 0x7d || code === 0x5d) return 'close';
  if (code === 0x2c) return 'comma';
  if (code === 0x3a) return 'colon';
  if (code === 0x2f) {
    const next = text.charCodeAt(i + 1);
    if (next === 0x2f || next === 0x2a) return 'comment';
  }
  if (code === 0x23 && (i + 1 >= text.length || text.charCodeAt(i + 1) === 0x20)) return 'next_value'; // `# comment`
  if (!spaced) return QUOTE_CHARS.has(code) || code === 0x5c || code === 0x7b || code === 0x5b ? 'adjacent_quote' : 'other';
  if (QUOTE_CHARS.has(code) || code === 0x7b || code === 0x5b) return 'next_value';
  if (isWordStart(code) && readsAsBareKey(text, i)) return 'next_value';
  if ((isDigit(code) || code === 0x2d || isWordStart(code)) && readsAsScalar(text, i)) return 'next_value';
  // JSON strings hold no raw line break, so a quote at the end of a line ends its string, unless
  // the string already kept a quote as text (then the pass refuses: see `line_end`).
  return crossedLine ? 'line_end' : 'other';
}

/** A bare word followed (after spaces) by `:`: an unquoted property name. */
function readsAsBareKey(text: string, from: number): boolean {
  const limit = Math.min(text.length, from + LOOKAHEAD);
  let i = from;
  while (i < limit && isWordChar(text.charCodeAt(i))) i++;
  while (i < limit && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  // `https://` is a URL in text, not a name and a value.
  return i < limit && text.charCodeAt(i) === 0x3a && text.charCodeAt(i + 1) !== 0x2f;
}

/** A number or literal word followed by `,` `}` `]`, a line break, a comment or the end: a value of its own. */
function readsAsScalar(text: string, from: number): boolean {
  const limit = Math.min(text.length, from + LOOKAHEAD);
  let i = from;
  while (i < limit && (isWordChar(text.charCodeAt(i)) || text.charCodeAt(i) === 0x2b)) i++;
  const word = text.slice(from, i);
  if (!/^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|True|False|None)$/.test(word)) return false;
  while (i < limit && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  if (i >= text.length) return true;
  const code = text.charCodeAt(i);
  if (code === 0x2f) return text.charCodeAt(i + 1) === 0x2f || text.charCodeAt(i + 1) === 0x2a; // a comment after the value
  return code === 0x2c || code === 0x7d || code === 0x5d || code === 0x0a || code === 0x0d || code === 0x23;
}

/**
 * After a `,` at `comma`: whether a property name follows (`"key":`, `'key':` or `key:`). Used only
 * where a string took a quote as content: then `", "` is as likely to be text (`f("a", "b")`) as
 * structure, and only a following name settles it.
 */
export function commaLeadsToKey(text: string, comma: number): boolean {
  let i = comma + 1;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const code = text.charCodeAt(i);
  if (QUOTE_CHARS.has(code)) {
    const limit = Math.min(text.length, i + 1 + LOOKAHEAD);
    let j = i + 1;
    while (j < limit && !QUOTE_CHARS.has(text.charCodeAt(j)) && text.charCodeAt(j) !== 0x5c) j++;
    if (j >= limit || !QUOTE_CHARS.has(text.charCodeAt(j))) return false;
    j++;
    while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
    return text.charCodeAt(j) === 0x3a;
  }
  return isWordStart(code) && readsAsBareKey(text, i);
}

/**
 * Whether the quote at `at` stands inside a word (`don't`, `l'eau`): a letter or digit on both
 * sides. Such a quote is content without doubt, whatever follows.
 */
export function isWordInternal(text: string, at: number): boolean {
  return at > 0 && isLetterOrDigit(text.charCodeAt(at - 1)) && at + 1 < text.length && isLetterOrDigit(text.charCodeAt(at + 1));
}

function isLetterOrDigit(code: number): boolean {
  return isWordChar(code) && code !== 0x2d && code !== 0x2e && code !== 0x24;
}

function isEscapedWhitespace(code: number): boolean {
  return code === 0x6e || code === 0x72 || code === 0x74;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
