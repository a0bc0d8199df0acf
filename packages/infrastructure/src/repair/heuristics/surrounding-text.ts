import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `Sure! Here it is: {"a": 1} Hope this helps.` → `{"a": 1}`: prose before the JSON is dropped up
 * to the first `{`, `[` or code fence (not one right after a `"`: that is JSON inside a string, and
 * its escapes belong to the string); prose after the JSON value is dropped when it is only prose.
 * Only consulted where the text cannot start (or continue) JSON, so prose is never searched inside
 * a value.
 *
 * Text after the value that holds a bracket or a double quote is not prose: it is a second call
 * (`{"cmd":"ls"} {"cmd":"pwd"}`), or members cut off by a stray closer (`{"a": 1}}, "b": 2}`).
 * Dropping it would lose what the model meant, so it is refused instead.
 */
export const surroundingText: RepairHeuristic = {
  name: 'surrounding_text',
  skip: (text, at, place) => {
    if (place === 'inner') return undefined;
    if (place === 'trailing') return isProse(text, at) ? text.length : undefined;
    for (let i = at + 1; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // `"{...` is JSON inside a string (arguments encoded twice): its escapes would be read wrong.
      if (code === 0x7b || code === 0x5b) return text.charCodeAt(i - 1) === 0x22 ? undefined : i;
      if (code === 0x60 && text.startsWith('```', i)) return i;
    }
    return text.length;
  },
};

/** True when the text from `at` holds none of `{ } [ ] "`. */
function isProse(text: string, at: number): boolean {
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b || code === 0x7d || code === 0x5b || code === 0x5d || code === 0x22) return false;
  }
  return true;
}
