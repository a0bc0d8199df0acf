import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';

const OPEN = '<|action_start|><|plugin|>';
const CLOSE = '<|action_end|>';

/**
 * InternLM2 / 2.5 calls, as its chat template writes them (internlm internlm2_5-7b-chat
 * `tokenizer_config.json`; vLLM `internlm2_tool_parser.py`): `<|action_start|><|plugin|>\n{"name":
 * ..., "parameters": {...}}<|action_end|>`. Only the `<|plugin|>` action is a function call: an
 * `<|interpreter|>` action is code for InternLM's own interpreter and stays text. A body that is
 * not a JSON object stays text; an action never closed runs to the end of the content and is
 * marked incomplete.
 */
export function extractInternLm(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(OPEN, from); open !== -1; open = content.indexOf(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const json = content[skipWhitespace(content, bodyStart)] === '{';
    const close = content.indexOf(CLOSE, bodyStart);
    if (close === -1) {
      if (json) spans.push({ start: open, end: content.length, body: content.slice(bodyStart), source: 'content_internlm', marked: true, incomplete: true });
      break;
    }
    if (json) spans.push({ start: open, end: close + CLOSE.length, body: content.slice(bodyStart, close), source: 'content_internlm', marked: true });
    from = close + CLOSE.length;
  }
  return spans;
}
