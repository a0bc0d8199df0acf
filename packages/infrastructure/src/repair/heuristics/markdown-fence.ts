import type { RepairHeuristic } from '../repair-heuristic.js';

/**
 * ```` ```json\n{...}\n``` ```` → `{...}`: drops a Markdown code fence. An opening fence loses
 * its backticks and its info string (`json`, `javascript`...); a closing one its backticks.
 * Backticks never start a JSON token, so a fence is recognised anywhere between tokens.
 */
export const markdownFence: RepairHeuristic = {
  name: 'markdown_fence',
  skip: (text, at, place) => {
    let i = at;
    while (text.charCodeAt(i) === 0x60) i++;
    if (i - at < 3) return undefined;
    if (place === 'leading') {
      // The info string: one word, as in ```json or ```jsonc.
      while (i < text.length && isInfoChar(text.charCodeAt(i))) i++;
    }
    return i;
  },
};

function isInfoChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2b || code === 0x5f || code === 0x2e;
}
