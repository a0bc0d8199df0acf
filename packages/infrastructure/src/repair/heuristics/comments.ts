import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"a": 1 // why}` and `/* ... *\/` and `# ...` comments between tokens are dropped. A line
 * comment ends before its line break (which stays as whitespace). Inside the value, a comment that
 * never ends (a `/*` never closed, a `//` with no line break after it) is refused: it would take
 * the rest of the text with it, and the rest of the text is where a `/*` inside a string shows
 * that the string was misread. After the value it runs to the end of the text. A comment holding a
 * quote is refused everywhere, for the same reason (`"a": "x",#1"/{"` is a string, not a comment).
 */
export const comments: RepairHeuristic = {
  name: 'comments',
  skip: (text, at, place) => {
    const first = text.charCodeAt(at);
    const second = text.charCodeAt(at + 1);
    let end: number;
    if (first === 0x23 || (first === 0x2f && second === 0x2f)) {
      end = lineEnd(text, at);
      // Inside the value, a comment that runs to the end of the text would hide all of it.
      if (end === text.length && place === 'inner') return undefined;
    } else if (first === 0x2f && second === 0x2a) {
      const close = text.indexOf('*/', at + 2);
      if (close === -1 && place === 'inner') return undefined;
      end = close === -1 ? text.length : close + 2;
    } else {
      return undefined;
    }
    return holdsQuote(text, at, end) ? undefined : end;
  },
};

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return i;
  }
  return text.length;
}

/** A quote in what would be a comment: the `#` or `//` is more likely text of a string misread. */
function holdsQuote(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x27) return true;
  }
  return false;
}
