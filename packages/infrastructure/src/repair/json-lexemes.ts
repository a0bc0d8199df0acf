/**
 * Character classes and token scanners of the repair pass. Plain loops over char codes: linear,
 * no regular expressions, no recursion.
 */

/** True for JSON's four whitespace characters. */
export function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The offset of the first non-whitespace character at or after `from` (the length at the end). */
export function skipJsonWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** True for ASCII digits. */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const CURLY_QUOTES = new Set([0x2018, 0x2019, 0x201c, 0x201d]);

/**
 * True for a character of a bare word (an unquoted key or literal): ASCII letters and digits,
 * `_`, `$`, `-`, `.`, and any non-ASCII character except curly quotes and Unicode spaces.
 */
export function isWordChar(code: number): boolean {
  if (code < 0x80) {
    return (
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      isDigit(code) ||
      code === 0x5f ||
      code === 0x24 ||
      code === 0x2d ||
      code === 0x2e
    );
  }
  return !CURLY_QUOTES.has(code) && code !== 0xa0 && code !== 0xfeff && code !== 0x2028 && code !== 0x2029 && !(code >= 0x2000 && code <= 0x200a);
}

/** True where a bare word may start: a word character other than a digit, `-` or `.`. */
export function isWordStart(code: number): boolean {
  return isWordChar(code) && !isDigit(code) && code !== 0x2d && code !== 0x2e;
}

/** The offset after the bare word starting at `from`. */
export function scanWord(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
  return i;
}

/** A number scan: its end, the end of the text inside an unfinished number, or a grammar error. */
export type NumberScan =
  | { readonly kind: 'number'; readonly end: number }
  | { readonly kind: 'truncated' }
  | { readonly kind: 'invalid'; readonly position: number; readonly reason: string };

/** Scans RFC 8259's `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?` from `start`. */
export function scanNumber(text: string, start: number): NumberScan {
  const n = text.length;
  let i = start;
  if (text.charCodeAt(i) === 0x2d) i++;
  if (i >= n) return { kind: 'truncated' };
  if (text.charCodeAt(i) === 0x30) {
    i++;
    if (isDigit(text.charCodeAt(i))) return { kind: 'invalid', position: start, reason: 'numbers must not have leading zeros' };
  } else if (isDigit(text.charCodeAt(i))) {
    while (isDigit(text.charCodeAt(i))) i++;
  } else {
    return { kind: 'invalid', position: i, reason: `expected a digit but found ${describeChar(text, i)}` };
  }
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    if (i >= n) return { kind: 'truncated' };
    if (!isDigit(text.charCodeAt(i))) return { kind: 'invalid', position: i, reason: `expected a digit after the decimal point but found ${describeChar(text, i)}` };
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (i >= n) return { kind: 'truncated' };
    if (!isDigit(text.charCodeAt(i))) return { kind: 'invalid', position: i, reason: `expected a digit in the exponent but found ${describeChar(text, i)}` };
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return { kind: 'number', end: i };
}

/** True when `code` is an ASCII hex digit. */
export function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/**
 * Names the character at `index` for a message, without echoing control characters, quotes or
 * lone surrogates raw.
 */
export function describeChar(text: string, index: number): string {
  const code = text.codePointAt(index);
  if (code === undefined) return 'end of input';
  if (code === 0x27) return 'a single quote';
  if (code === 0x22) return 'a double quote';
  if (code === 0x5c) return 'a backslash';
  if (code >= 0x20 && code !== 0x7f && !(code >= 0xd800 && code <= 0xdfff) && code < 0xfff0 && code !== 0x2028 && code !== 0x2029) {
    return `'${String.fromCodePoint(code)}'`;
  }
  return `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
