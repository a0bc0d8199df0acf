import { skipWhitespace } from './content/find-json-end.js';
/** Where one object of an arguments text that holds several starts and ends (`end` exclusive). */
export interface ArgumentsPiece {
  readonly start: number;
  readonly end: number;
}

/**
 * What {@link splitConcatenatedArguments} found: `single` when the text is one value, or anything
 * but a run of top-level objects (it is decoded, or refused, as a whole); `several` with the
 * objects in order; `too_many` when the run goes past the limit.
 */
export type ConcatenatedArguments =
  | { readonly kind: 'single' }
  | { readonly kind: 'several'; readonly pieces: readonly ArgumentsPiece[] }
  | { readonly kind: 'too_many'; readonly limit: number };

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const LEFT_DOUBLE_CURLY = 0x201c;
const LEFT_SINGLE_CURLY = 0x2018;

/**
 * Finds calls a model ran together in one arguments string (`{"cmd":"ls"} {"cmd":"pwd"}`,
 * `{...}{...}`, `{...},{...}`): top-level objects separated by nothing, JSON whitespace or one
 * comma. One linear pass with a depth counter, no recursion and no regular expression.
 *
 * Strings are skipped with their escapes, so a `}{` inside a value never splits; single-quoted
 * strings and typographic “...” and ‘...’ are skipped too, because the repairer reads them as
 * strings (an unclosed quote leaves the text whole). The pieces need not be valid JSON (each is decoded and repaired on its own);
 * the last one may be cut off. Anything else at the top level (text before, between or after the
 * objects, a top-level array) is `single`: the text is not a run of calls, and guessing which part
 * the model meant is not this step's job.
 */
export function splitConcatenatedArguments(text: string, maxPieces: number): ConcatenatedArguments {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return { kind: 'single' };
  const pieces: ArgumentsPiece[] = [];
  while (i < text.length) {
    if (pieces.length >= maxPieces) return { kind: 'too_many', limit: maxPieces };
    const start = i;
    const end = objectEnd(text, start);
    if (end === undefined) return { kind: 'single' };
    pieces.push({ start, end });
    i = skipWhitespace(text, end);
    if (i >= text.length) break;
    if (text.charCodeAt(i) === COMMA) i = skipWhitespace(text, i + 1);
    if (text.charCodeAt(i) !== OPEN_BRACE) return { kind: 'single' };
  }
  return pieces.length < 2 ? { kind: 'single' } : { kind: 'several', pieces };
}

/**
 * The offset just past the `}` that closes the object opening at `start`; the text's length when
 * the text ends first (a cut-off last call); `undefined` when a `]` closes the outer level.
 */
function objectEnd(text: string, start: number): number | undefined {
  let depth = 0;
  let quote = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === BACKSLASH) i++;
      else if (c === quote) quote = 0;
    } else if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      quote = c;
    } else if (c === LEFT_DOUBLE_CURLY || c === LEFT_SINGLE_CURLY) {
      // Typographic quotes delimit strings for the repairer too (curly_quotes): “ closes with ”.
      quote = c + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return c === CLOSE_BRACE ? i + 1 : undefined;
    }
  }
  return text.length;
}

