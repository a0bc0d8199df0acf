import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * `{"a": 1 // why}` and `/* ... *\/` and `# ...` comments between tokens are dropped. A line
 * comment ends before its line break (which stays as whitespace); a block comment the text cuts
 * off runs to the end of the text.
 */
export const comments: RepairHeuristic = {
  name: 'comments',
  skip: (text, at) => {
    const first = text.charCodeAt(at);
    const second = text.charCodeAt(at + 1);
    if (first === 0x23 || (first === 0x2f && second === 0x2f)) return lineEnd(text, at);
    if (first === 0x2f && second === 0x2a) {
      const close = text.indexOf('*/', at + 2);
      return close === -1 ? text.length : close + 2;
    }
    return undefined;
  },
};

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return i;
  }
  return text.length;
}
