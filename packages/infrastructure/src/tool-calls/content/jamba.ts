import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';

const OPEN = '<tool_calls>';
const CLOSE = '</tool_calls>';

/**
 * AI21 Jamba calls, as its chat template writes them (ai21labs AI21-Jamba-1.5 / Jamba-Mini-1.6
 * `chat_template.jinja`; vLLM `jamba_tool_parser.py`): `<tool_calls>[{"name": ..., "arguments":
 * {...}}, ...]</tool_calls>`. A tag whose body is not JSON stays text; a tag never closed, followed
 * by `[` or `{`, runs to the end of the content and is marked incomplete.
 */
export function extractJamba(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(OPEN, from); open !== -1; open = content.indexOf(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const first = content[skipWhitespace(content, bodyStart)];
    const json = first === '[' || first === '{';
    const close = content.indexOf(CLOSE, bodyStart);
    if (close === -1) {
      if (json) spans.push({ start: open, end: content.length, body: content.slice(bodyStart), source: 'content_jamba', marked: true, incomplete: true });
      break;
    }
    // `<tool_calls>` written in prose ("wrap them in <tool_calls>...</tool_calls>") is not JSON.
    if (json) spans.push({ start: open, end: close + CLOSE.length, body: content.slice(bodyStart, close), source: 'content_jamba', marked: true });
    from = close + CLOSE.length;
  }
  return spans;
}
