import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `Sure! Here it is: {"a": 1} Hope this helps.` → `{"a": 1}`: prose before the JSON is dropped up
 * to the first `{`, `[` or code fence; anything after the JSON value is dropped. Only consulted
 * where the text cannot start (or continue) JSON, so prose is never searched inside a value.
 */
export const surroundingText: RepairHeuristic = {
  name: 'surrounding_text',
  skip: (text, at, place) => {
    if (place === 'trailing') return text.length;
    if (place === 'inner') return undefined;
    for (let i = at + 1; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x7b || code === 0x5b) return i;
      if (code === 0x60 && text.startsWith('```', i)) return i;
    }
    return text.length;
  },
};
