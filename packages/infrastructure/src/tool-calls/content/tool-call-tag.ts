import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

/**
 * `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (Hermes, Qwen), any number of them.
 * An opening tag never closed, followed by `{`, is a call the model was cut off in; any other
 * unclosed tag is left as text.
 */
export function extractToolCallTags(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(OPEN, from); open !== -1; open = content.indexOf(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const close = content.indexOf(CLOSE, bodyStart);
    if (close === -1) {
      if (content[skipWhitespace(content, bodyStart)] === '{') {
        spans.push({ start: open, end: content.length, body: content.slice(bodyStart), source: 'content_tool_call_tag', marked: true, incomplete: true });
      }
      break;
    }
    spans.push({ start: open, end: close + CLOSE.length, body: content.slice(bodyStart, close), source: 'content_tool_call_tag', marked: true });
    from = close + CLOSE.length;
  }
  return spans;
}
