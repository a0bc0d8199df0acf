/**
 * Whether a closing delimiter at `at - 1` plausibly ends its string: what follows it (after spaces
 * and tabs) is a `,` `}` `]` `:`, a comment, the end of the text, or a line break. A raw line
 * break cannot be part of a JSON string, so a quote at the end of a line always ends one.
 * Scans only the whitespace run after the quote, so the pass stays linear.
 */
export function looksLikeStringEnd(text: string, at: number): boolean {
  let i = at;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return true;
    if (code !== 0x20 && code !== 0x09) break;
  }
  if (i >= text.length) return true;
  const code = text.charCodeAt(i);
  if (code === 0x2c || code === 0x7d || code === 0x5d || code === 0x3a) return true;
  if (code === 0x2f) {
    const next = text.charCodeAt(i + 1);
    return next === 0x2f || next === 0x2a;
  }
  return false;
}
