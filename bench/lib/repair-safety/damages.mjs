// @ts-check
/**
 * The damage kinds of issue 11's safety contract, each a small function in one table (in the
 * manner of the repair heuristics): a token damage rewrites some tokens of the serialised
 * arguments, a text damage wraps or re-encodes the whole text. A damage answers `undefined` where
 * it does not apply (no comma to remove, no string with a quote inside).
 *
 * Each is written the way models produce it. Where a damage would turn the text into *another
 * valid JSON text* it is not applied, because then no repairer can see it: a backslash before a
 * character that makes a valid escape (`C:\new` is a line break) stays doubled; a removed comma
 * leaves the separating space (`[1 2]`, not `[12]`).
 */
import { JSON_QUOTES } from './json-tokens.mjs';

/** @typedef {import('./json-tokens.mjs').Token} Token */
/** @typedef {import('./json-tokens.mjs').QuoteStyle} QuoteStyle */
/** @typedef {import('./random.mjs').Random} Random */

/**
 * @typedef {object} TokenDamage
 * @property {string} name
 * @property {'tokens'} acts
 * @property {(tokens: Token[], random: Random) => Token[] | undefined} apply
 */

/**
 * @typedef {object} TextDamage
 * @property {string} name
 * @property {'text'} acts
 * @property {(text: string, random: Random) => string} apply
 */

/** @typedef {TokenDamage | TextDamage} Damage */

/**
 * Indexes of tokens matching `test`.
 *
 * @param {readonly Token[]} tokens
 * @param {(token: Token, index: number) => boolean} test
 */
function positions(tokens, test) {
  /** @type {number[]} */
  const found = [];
  tokens.forEach((token, index) => {
    if (test(token, index)) found.push(index);
  });
  return found;
}

/**
 * Restyles the quoted tokens `test` picks; `undefined` when none is picked.
 *
 * @param {Token[]} tokens
 * @param {(token: Token) => boolean} test
 * @param {(style: QuoteStyle, token: Token) => QuoteStyle} restyle
 */
function restyleTokens(tokens, test, restyle) {
  let changed = false;
  const result = tokens.map((token) => {
    if ((token.kind !== 'string' && token.kind !== 'key') || !test(token)) return token;
    changed = true;
    return { ...token, style: restyle(token.style ?? JSON_QUOTES, token) };
  });
  return changed ? result : undefined;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const LONE_BACKSLASH = /\\[^"\\/bfnrtu'\u201c\u201d\u0000-\u001f]/;
const QUOTE_TOUCHING_WORD = /[\p{L}\p{N}]"|"[\p{L}\p{N}]/u;
const SENTENCES_BEFORE = ['Sure! Here are the arguments:\n', 'I will call the tool now. ', 'Here is the call:\n\n', 'Okay, calling it with:'];
const SENTENCES_AFTER = ['\nLet me know if you need anything else.', ' Hope this helps!', '\n\nThis reads the file.', ' (done)'];
const COMMENTS = ['/* note */', '// the value\n', '# why\n', '/* TODO: check */'];
const MARKUP_AFTER = ['</tool_call>', '</parameter>', '</function>', '""', '"', '\n</tool_call>', '<|eot_id|>'];

/** @type {readonly Damage[]} */
export const DAMAGES = Object.freeze([
  {
    name: 'missing_comma',
    acts: 'tokens',
    apply: (tokens, random) => {
      const commas = positions(tokens, (token) => token.kind === 'comma');
      if (commas.length === 0) return undefined;
      const at = random.pick(commas);
      const next = tokens[at + 1];
      const copy = [...tokens];
      // The separating space stays: without one, `1,2` would merge into the valid `12`.
      copy.splice(at, 1, ...(next?.kind === 'ws' ? [] : [{ kind: /** @type {const} */ ('ws'), text: random.pick([' ', '\n']) }]));
      return copy;
    },
  },
  {
    name: 'trailing_comma',
    acts: 'tokens',
    apply: (tokens, random) => {
      const closers = positions(tokens, (token, i) => token.kind === 'close' && tokens[i - 1]?.kind !== 'open' && !(tokens[i - 1]?.kind === 'ws' && tokens[i - 2]?.kind === 'open'));
      if (closers.length === 0) return undefined;
      let at = random.pick(closers);
      if (tokens[at - 1]?.kind === 'ws') at--;
      const copy = [...tokens];
      copy.splice(at, 0, { kind: 'comma', text: ',' });
      return copy;
    },
  },
  {
    name: 'single_quotes',
    acts: 'tokens',
    apply: (tokens, random) => {
      const all = random.chance(0.7);
      const rawInner = random.chance(0.4);
      let picked = false;
      return restyleTokens(
        tokens,
        () => {
          if (all) return true;
          if (picked || !random.chance(0.3)) return false;
          picked = true;
          return true;
        },
        (style) => ({ ...style, delim: "'", rawInner }),
      );
    },
  },
  {
    name: 'unquoted_keys',
    acts: 'tokens',
    apply: (tokens) => restyleTokens(tokens, (token) => token.kind === 'key' && IDENTIFIER.test(token.value ?? ''), (style) => ({ ...style, unquoted: true })),
  },
  {
    name: 'python_literals',
    acts: 'tokens',
    apply: (tokens) => {
      const names = /** @type {Record<string, string>} */ ({ true: 'True', false: 'False', null: 'None' });
      if (!tokens.some((token) => token.kind === 'literal')) return undefined;
      return tokens.map((token) => (token.kind === 'literal' ? { ...token, text: names[token.text] ?? token.text } : token));
    },
  },
  {
    name: 'unescaped_inner_quotes',
    acts: 'tokens',
    // Only strings where a quote touches a letter or digit: see QuoteStyle.rawInner.
    apply: (tokens) => restyleTokens(tokens, (token) => token.kind === 'string' && QUOTE_TOUCHING_WORD.test(token.value ?? ''), (style) => ({ ...style, rawInner: true })),
  },
  {
    name: 'raw_control_character',
    acts: 'tokens',
    apply: (tokens) => restyleTokens(tokens, (token) => token.kind === 'string' && /[\n\t]/.test(token.value ?? ''), (style) => ({ ...style, rawControl: true })),
  },
  {
    name: 'invalid_escape',
    acts: 'tokens',
    // Only strings with a backslash before a character that makes no escape: see QuoteStyle.rawBackslash.
    apply: (tokens) => restyleTokens(tokens, (token) => token.kind === 'string' && LONE_BACKSLASH.test(token.value ?? ''), (style) => ({ ...style, rawBackslash: true })),
  },
  {
    name: 'comments',
    acts: 'tokens',
    apply: (tokens, random) => {
      const after = positions(tokens, (token) => token.kind === 'open' || token.kind === 'comma' || token.kind === 'string' || token.kind === 'number');
      if (after.length === 0) return undefined;
      const at = random.pick(after) + 1;
      const copy = [...tokens];
      copy.splice(at, 0, { kind: 'ws', text: ' ' }, { kind: 'trivia', text: random.pick(COMMENTS) }, { kind: 'ws', text: ' ' });
      return copy;
    },
  },
  {
    name: 'curly_quotes',
    acts: 'tokens',
    apply: (tokens) => restyleTokens(tokens, () => true, (style) => ({ ...style, delim: 'curly' })),
  },
  {
    name: 'stray_closing_bracket',
    acts: 'tokens',
    apply: (tokens, random) => {
      const copy = [...tokens];
      if (random.chance(0.6)) {
        copy.push({ kind: 'trivia', text: random.pick(['}', ']', '}}']) });
        return copy;
      }
      const closers = positions(tokens, (token) => token.kind === 'close');
      const at = random.pick(closers);
      copy.splice(at + 1, 0, { kind: 'trivia', text: tokens[at]?.text ?? '}' });
      return copy;
    },
  },
  {
    name: 'literal_escape_whitespace',
    acts: 'tokens',
    apply: (tokens, random) => {
      const spots = positions(tokens, (token) => token.kind === 'comma' || token.kind === 'open');
      if (spots.length === 0) return undefined;
      const copy = [...tokens];
      const at = random.pick(spots) + 1;
      const existing = copy[at];
      const literal = { kind: /** @type {const} */ ('trivia'), text: random.pick(['\\n', '\\n  ', '\\n\\t']) };
      if (existing?.kind === 'ws') copy.splice(at, 1, literal);
      else copy.splice(at, 0, literal);
      return copy;
    },
  },
  {
    name: 'markdown_fence',
    acts: 'text',
    apply: (text, random) => `${random.pick(['```json\n', '```\n', '```JSON\n'])}${text}${random.pick(['\n```', '```', '\n```\n'])}`,
  },
  {
    name: 'prose_before',
    acts: 'text',
    apply: (text, random) => random.pick(SENTENCES_BEFORE) + text,
  },
  {
    name: 'prose_after',
    acts: 'text',
    apply: (text, random) => text + random.pick(SENTENCES_AFTER),
  },
  {
    name: 'trailing_markup',
    acts: 'text',
    apply: (text, random) => text + random.pick(MARKUP_AFTER),
  },
  {
    name: 'double_encoding',
    acts: 'text',
    apply: (text) => JSON.stringify(text),
  },
]);

/** The names of {@link DAMAGES}, in order. */
export const DAMAGE_NAMES = Object.freeze(DAMAGES.map((damage) => damage.name));
