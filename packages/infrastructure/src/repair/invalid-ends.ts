import { isJsonWhitespace } from './json-lexemes.js';

/**
 * True when `text` cannot be JSON judging by its first and last tokens alone: it starts with a
 * character no JSON value starts with, ends with one no JSON value ends with, or ends with a
 * comma before its last closer (a trailing comma, 002's most frequent damage), or opens a
 * container or string that its last character does not close (output cut off mid-value). Reads only the
 * ends of the text, so valid input pays next to nothing for it, while the most common damage
 * (cut-off output, a final trailing comma, fences, prose) skips the cost of a failing `JSON.parse`,
 * which builds an error message and a stack trace.
 */
export function hasInvalidEnds(text: string): boolean {
  let first = 0;
  while (first < text.length && isJsonWhitespace(text.charCodeAt(first))) first++;
  let last = text.length - 1;
  while (last > first && isJsonWhitespace(text.charCodeAt(last))) last--;
  if (first >= text.length) return true;
  if (!startsValue(text.charCodeAt(first)) || !endsValue(text.charCodeAt(last))) return true;
  // A text that opens a container or a string must close it last: catches output cut off mid-value.
  const opener = text.charCodeAt(first);
  const closer = text.charCodeAt(last);
  if (opener === 0x7b && closer !== 0x7d) return true;
  if (opener === 0x5b && closer !== 0x5d) return true;
  if (opener === 0x22 && (closer !== 0x22 || last === first)) return true;
  if (closer !== 0x7d && closer !== 0x5d) return false;
  let before = last - 1;
  while (before > first && isJsonWhitespace(text.charCodeAt(before))) before--;
  return text.charCodeAt(before) === 0x2c;
}

/** `{` `[` `"` `-` digits and the first letters of `true`, `false`, `null`. */
function startsValue(code: number): boolean {
  return code === 0x7b || code === 0x5b || code === 0x22 || code === 0x2d || (code >= 0x30 && code <= 0x39) || code === 0x74 || code === 0x66 || code === 0x6e;
}

/** `}` `]` `"` digits and the last letters of `true`, `false`, `null`. */
function endsValue(code: number): boolean {
  return code === 0x7d || code === 0x5d || code === 0x22 || (code >= 0x30 && code <= 0x39) || code === 0x65 || code === 0x6c;
}
