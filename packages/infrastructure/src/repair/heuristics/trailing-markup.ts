import { skipJsonWhitespace } from '../json-lexemes.js';
import type { RepairHeuristic } from '../repair-heuristic.js';

/** Longest tag or special token recognised after the value. */
const MAX_MARKUP_LENGTH = 64;

/**
 * `{"a": 1}</tool_call>` → `{"a": 1}`: after the complete value, a chat template's closing tag
 * (`</tool_call>`, `</parameter>`, `</function>`), a special token (`<|eot_id|>`, `<|im_end|>`),
 * a stray quote (`""`) or a stray closing bracket (`}}`) is dropped, one at a time; a quote next
 * to a closer (`'}`) is not, because a string cut short leaves exactly that. Only after
 * the value: inside it the same characters are structure. What follows them is judged again, so
 * a second object after `</tool_call>` is still refused (see `surrounding-text.ts`).
 */
export const trailingMarkup: RepairHeuristic = {
  name: 'trailing_markup',
  skip: (text, at, place) => {
    if (place !== 'trailing') return undefined;
    const code = text.charCodeAt(at);
    const quote = code === 0x22 || code === 0x27;
    if (quote || code === 0x7d || code === 0x5d) {
      // A quote, then a closer (`'}`), is what a string that ended too early leaves: not debris.
      const next = text.charCodeAt(skipJsonWhitespace(text, at + 1));
      const mixes = quote ? next === 0x7d || next === 0x5d : next === 0x22 || next === 0x27;
      return mixes ? undefined : at + 1;
    }
    if (code !== 0x3c) return undefined;
    const limit = Math.min(text.length, at + MAX_MARKUP_LENGTH);
    if (text.charCodeAt(at + 1) === 0x7c) {
      const close = text.indexOf('|>', at + 2);
      return close !== -1 && close + 2 <= limit ? close + 2 : undefined;
    }
    if (text.charCodeAt(at + 1) !== 0x2f) return undefined;
    let i = at + 2;
    if (!isTagStart(text.charCodeAt(i))) return undefined;
    while (i < limit && isTagChar(text.charCodeAt(i))) i++;
    return i < limit && text.charCodeAt(i) === 0x3e ? i + 1 : undefined;
  },
};


function isTagStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isTagChar(code: number): boolean {
  return isTagStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code === 0x3a;
}
