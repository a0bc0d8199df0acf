import type { ContentSpan } from './content-span.js';

const FENCE = '```';

/**
 * A fenced block tagged `json` (any case) holding `{"name": ..., "arguments": ...}` (or
 * `parameters`), or an array of them. Blocks with another language tag are skipped whole, so
 * their closing fence is never taken for an opening one. Whether a block is a call is decided
 * by its body: see {@link ContentSpan.marked}. A json block never closed is marked incomplete;
 * it is read only when the output was cut (see `extractContentToolCalls`).
 */
export function extractFencedJson(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(FENCE, from); open !== -1; open = content.indexOf(FENCE, from)) {
    const infoStart = open + FENCE.length;
    const lineEnd = content.indexOf('\n', infoStart);
    if (lineEnd === -1) break;
    const close = content.indexOf(FENCE, lineEnd + 1);
    const isJson = content.slice(infoStart, lineEnd).trim().toLowerCase() === 'json';
    if (close === -1) {
      // A block never closed runs to the end: a call only when the output was cut inside it.
      if (isJson) spans.push({ start: open, end: content.length, body: content.slice(lineEnd + 1), source: 'content_fenced_json', marked: false, incomplete: true });
      break;
    }
    if (isJson) {
      spans.push({ start: open, end: close + FENCE.length, body: content.slice(lineEnd + 1, close), source: 'content_fenced_json', marked: false });
    }
    from = close + FENCE.length;
  }
  return spans;
}
