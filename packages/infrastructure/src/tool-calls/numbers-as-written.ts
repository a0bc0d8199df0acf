/** A JSON number lexeme (RFC 8259). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * True when JSON text holds a number that `JSON.stringify(JSON.parse(text))` would write
 * differently: `1.0`, `1e3`, `-0`, `0.10`, an integer beyond 2^53. Such arguments, handed back
 * re-serialised, would no longer say what the model wrote, so the caller keeps the text itself.
 * Strings are skipped (a number inside one is text). Linear; never throws on any input.
 */
export function hasRewrittenNumbers(text: string): boolean {
  let at = 0;
  while (at < text.length) {
    const ch = text.charCodeAt(at);
    if (ch === 0x22 /* " */) {
      at++;
      while (at < text.length) {
        const inner = text.charCodeAt(at);
        if (inner === 0x5c /* \ */) at += 2;
        else if (inner === 0x22) break;
        else at++;
      }
      at++;
      continue;
    }
    if (ch === 0x2d /* - */ || (ch >= 0x30 && ch <= 0x39)) {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(text);
      if (match === null) return false;
      const lexeme = match[0];
      if (JSON.stringify(Number(lexeme)) !== lexeme) return true;
      at += lexeme.length;
      continue;
    }
    at++;
  }
  return false;
}
