import type { ContentSpan } from './content-span.js';

const FENCE = '```';

/**
 * A fenced block tagged `json` (any case) holding `{"name": ..., "arguments": ...}` (or
 * `parameters`, `params`), an array of them or a `{"tool_calls": [...]}` wrapper, one at least
 * naming a declared tool (see `areUnmarkedCalls`). Blocks with another language tag are
 * skipped whole, so their closing fence is never taken for an opening one. Whether a block is a
 * call is decided by its body: see {@link ContentSpan.marked}. A json block never closed is marked
 * incomplete; it is read only when the output was cut (see `extractContentToolCalls`).
 *
 * Only the blocks that end the message count (issue 12): a fenced example followed by more prose
 * ("...but I will not do that now") is an example, not a call. Blocks separated by nothing but
 * whitespace at the end of the message are all calls.
 */
export function extractFencedJson(content: string): ContentSpan[] {
  const blocks: Array<ContentSpan & { readonly json: boolean }> = [];
  let from = 0;
  for (let open = content.indexOf(FENCE, from); open !== -1; open = content.indexOf(FENCE, from)) {
    const infoStart = open + FENCE.length;
    const lineEnd = content.indexOf('\n', infoStart);
    if (lineEnd === -1) break;
    const close = content.indexOf(FENCE, lineEnd + 1);
    const json = content.slice(infoStart, lineEnd).trim().toLowerCase() === 'json';
    if (close === -1) {
      // A block never closed runs to the end: a call only when the output was cut inside it.
      blocks.push({ start: open, end: content.length, body: content.slice(lineEnd + 1), source: 'content_fenced_json', marked: false, incomplete: true, json });
      break;
    }
    blocks.push({ start: open, end: close + FENCE.length, body: content.slice(lineEnd + 1, close), source: 'content_fenced_json', marked: false, json });
    from = close + FENCE.length;
  }
  // The run of blocks at the end of the message, separated by whitespace only.
  let first = blocks.length;
  let tail = content.length;
  while (first > 0) {
    const block = blocks[first - 1] as (typeof blocks)[number];
    if (content.slice(block.end, tail).trim() !== '') break;
    first--;
    tail = block.start;
  }
  return blocks.slice(first).filter((block) => block.json).map(({ json: _json, ...span }) => span);
}