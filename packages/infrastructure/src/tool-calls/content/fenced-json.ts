import type { ContentSpan } from './content-span.js';

const FENCE = '```';

/**
 * A fenced block tagged `json` (any case) holding `{"name": ..., "arguments": ...}` (or
 * `parameters`), or an array of them. Blocks with another language tag are skipped whole, so
 * their closing fence is never taken for an opening one. Whether a block is a call is decided
 * by its body: see {@link ContentSpan.marked}.
 */
export function extractFencedJson(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(FENCE, from); open !== -1; open = content.indexOf(FENCE, from)) {
    const infoStart = open + FENCE.length;
    const lineEnd = content.indexOf('\n', infoStart);
    if (lineEnd === -1) break;
    const close = content.indexOf(FENCE, lineEnd + 1);
    if (close === -1) break;
    if (content.slice(infoStart, lineEnd).trim().toLowerCase() === 'json') {
      spans.push({ start: open, end: close + FENCE.length, body: content.slice(lineEnd + 1, close), source: 'content_fenced_json', marked: false });
    }
    from = close + FENCE.length;
  }
  return spans;
}
