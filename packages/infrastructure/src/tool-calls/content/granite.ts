import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = '<|tool_call|>';

/**
 * Granite 3.x calls, as its chat template writes them (ibm-granite granite-3.x-instruct
 * `tokenizer_config.json`; vLLM `granite_tool_parser.py`): `<|tool_call|>` followed by a JSON array
 * of `{"name": ..., "arguments": {...}}` (a single object is read too). A marker followed by
 * anything else stays text; an array never closed runs to the end of the content and is marked
 * incomplete.
 */
export function extractGranite(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let marker = content.indexOf(MARKER, from); marker !== -1; marker = content.indexOf(MARKER, from)) {
    const bodyStart = skipWhitespace(content, marker + MARKER.length);
    const first = content[bodyStart];
    if (first !== '[' && first !== '{') {
      from = marker + MARKER.length;
      continue;
    }
    const end = findJsonEnd(content, bodyStart);
    if (end === -1) {
      spans.push({ start: marker, end: content.length, body: content.slice(bodyStart), source: 'content_granite', marked: true, incomplete: true });
      break;
    }
    spans.push({ start: marker, end, body: content.slice(bodyStart, end), source: 'content_granite', marked: true });
    from = end;
  }
  return spans;
}
