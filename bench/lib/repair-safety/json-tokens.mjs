// @ts-check
/**
 * Arguments serialised as a list of tokens, so a damage can act on one kind of token (a comma, a
 * key, a string's delimiters) without reparsing text. Rendering the undamaged list gives exactly
 * the JSON text of the value (`JSON.stringify` with the chosen layout).
 */

/** @typedef {import('./arguments-generator.mjs').JsonValue} JsonValue */

/**
 * How a string or key token is written. The defaults write valid JSON; every other setting is one
 * kind of damage.
 *
 * @typedef {object} QuoteStyle
 * @property {'"' | "'" | 'curly'} delim The delimiters: JSON's, Python's, or typographic “ ”.
 * @property {boolean} unquoted A key written bare (`path:`).
 * @property {boolean} rawInner The delimiter inside the content left unescaped where it touches a
 *   letter or digit (a quoted word, an apostrophe, inches), the way models leave it. A quote between
 *   two separators (`a ", " b`) stays escaped: written raw it reads as structure to any reader.
 * @property {boolean} rawControl Line breaks and tabs inside the content written raw.
 * @property {boolean} rawBackslash Backslashes written single where JSON needs `\\` (`C:\Users`).
 */

/**
 * @typedef {object} Token
 * @property {'open' | 'close' | 'comma' | 'colon' | 'ws' | 'key' | 'string' | 'number' | 'literal' | 'trivia'} kind
 * @property {string} text For every kind but key and string, the text written.
 * @property {string} [value] For key and string, the content.
 * @property {QuoteStyle} [style] For key and string.
 */

/** @type {QuoteStyle} */
export const JSON_QUOTES = Object.freeze({ delim: '"', unquoted: false, rawInner: false, rawControl: false, rawBackslash: false });

/** The layouts models write: compact, `json.dumps`-like, and pretty-printed. */
export const LAYOUTS = Object.freeze(/** @type {const} */ (['compact', 'spaced', 'pretty']));

/**
 * @param {JsonValue} value
 * @param {'compact' | 'spaced' | 'pretty'} layout
 * @returns {Token[]}
 */
export function tokenize(value, layout) {
  /** @type {Token[]} */
  const tokens = [];
  const ws = (/** @type {string} */ text) => {
    if (text !== '') tokens.push({ kind: 'ws', text });
  };
  const newline = (/** @type {number} */ depth) => (layout === 'pretty' ? `\n${'  '.repeat(depth)}` : '');
  /** @param {JsonValue} node @param {number} depth */
  const write = (node, depth) => {
    if (node === null || typeof node === 'boolean') tokens.push({ kind: 'literal', text: String(node) });
    else if (typeof node === 'number') tokens.push({ kind: 'number', text: JSON.stringify(node) });
    else if (typeof node === 'string') tokens.push({ kind: 'string', text: '', value: node, style: JSON_QUOTES });
    else if (Array.isArray(node)) {
      tokens.push({ kind: 'open', text: '[' });
      node.forEach((item, i) => {
        if (i > 0) {
          tokens.push({ kind: 'comma', text: ',' });
          ws(layout === 'spaced' ? ' ' : '');
        }
        ws(newline(depth + 1));
        write(item, depth + 1);
      });
      if (node.length > 0) ws(newline(depth));
      tokens.push({ kind: 'close', text: ']' });
    } else {
      tokens.push({ kind: 'open', text: '{' });
      Object.entries(node).forEach(([key, item], i) => {
        if (i > 0) {
          tokens.push({ kind: 'comma', text: ',' });
          ws(layout === 'spaced' ? ' ' : '');
        }
        ws(newline(depth + 1));
        tokens.push({ kind: 'key', text: '', value: key, style: JSON_QUOTES });
        tokens.push({ kind: 'colon', text: ':' });
        ws(layout === 'compact' ? '' : ' ');
        write(item, depth + 1);
      });
      if (Object.keys(node).length > 0) ws(newline(depth));
      tokens.push({ kind: 'close', text: '}' });
    }
  };
  write(value, 0);
  return tokens;
}

/**
 * @param {readonly Token[]} tokens
 * @returns {string}
 */
export function render(tokens) {
  return tokens.map((token) => (token.kind === 'key' || token.kind === 'string' ? quote(token.value ?? '', token.style ?? JSON_QUOTES) : token.text)).join('');
}

/** Characters a backslash may precede in JSON, plus those that would make a single backslash read differently. */
const ESCAPE_FOLLOWERS = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u', "'", '\u201c', '\u201d']);

const WORD = /[\p{L}\p{N}]/u;

/**
 * Whether the character at `i` has a letter or digit on at least one side.
 *
 * @param {string} content
 * @param {number} i
 */
function touchesWord(content, i) {
  return WORD.test(content[i - 1] ?? '') || WORD.test(content[i + 1] ?? '');
}

/**
 * Writes `content` as a string (or bare key) in `style`.
 *
 * @param {string} content
 * @param {QuoteStyle} style
 * @returns {string}
 */
export function quote(content, style) {
  if (style.unquoted) return content;
  const open = style.delim === 'curly' ? '\u201c' : style.delim;
  const close = style.delim === 'curly' ? '\u201d' : style.delim;
  let out = open;
  for (let i = 0; i < content.length; i++) {
    const c = content[i] ?? '';
    const code = c.charCodeAt(0);
    if (c === '\\') {
      const next = content[i + 1];
      // A single backslash only where it cannot read as another escape: JSON's own, `\'`, or `\“`.
      // ...and only before a character written as itself (a control character is written as an escape).
      const single = style.rawBackslash && next !== undefined && !ESCAPE_FOLLOWERS.has(next) && next >= ' ';
      out += single ? '\\' : '\\\\';
    } else if (c === '"') {
      out += style.delim === '"' && !(style.rawInner && touchesWord(content, i)) ? '\\"' : '"';
    } else if (c === "'" && style.delim === "'") {
      out += style.rawInner && touchesWord(content, i) ? "'" : "\\'";
    } else if (code < 0x20) {
      if (style.rawControl && (c === '\n' || c === '\t')) out += c;
      else out += JSON.stringify(c).slice(1, -1);
    } else {
      out += c;
    }
  }
  return out + close;
}
