import { displayLength, escapeControlCharacters } from './text.js';

/** Characters shown on each side of the one at the position. */
const CONTEXT = 40;

/**
 * Two lines: the text around `position` (escaped, cut to a window so a 1 MiB argument stays one
 * short line) and a caret under the character at `position`. Never splits a surrogate pair.
 */
export function caretExcerpt(text: string, position: number): [string, string] {
  const at = Math.max(0, Math.min(position, text.length));
  let start = Math.max(0, at - CONTEXT);
  if (isLowSurrogate(text.charCodeAt(start))) start++;
  let end = Math.min(text.length, at + 1 + CONTEXT);
  if (isLowSurrogate(text.charCodeAt(end))) end++;
  const before = (start > 0 ? '…' : '') + escapeControlCharacters(text.slice(start, at));
  const after = escapeControlCharacters(text.slice(at, end)) + (end < text.length ? '…' : '');
  return [before + after, `${' '.repeat(displayLength(before))}^`];
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
