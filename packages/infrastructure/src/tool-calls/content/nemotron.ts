import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

const OPEN = '<TOOLCALL>';
const CLOSE = '</TOOLCALL>';
const SOURCE = 'content_nemotron';

/**
 * NVIDIA Nemotron calls (Nemotron Nano v2 chat template; vLLM `nemotron_json` tool parser,
 * llama.cpp `tests/test-chat.cpp`): `<TOOLCALL>[{"name": ..., "arguments": {...}}, ...]</TOOLCALL>`,
 * or one call object between the tags. The body is decoded like any call envelope.
 *
 * - `</TOOLCALL>` may be missing when the JSON closes: the JSON alone is the call (one reading).
 * - JSON never closed runs to the end of the content and is marked incomplete.
 * - A closed tag holding something other than JSON is a failed call: the tag said "call".
 *   An unclosed tag followed by prose, or an empty pair of tags, stays text.
 */
export function extractNemotron(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = find(OPEN, from); open !== -1; open = find(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const first = skipWhitespace(content, bodyStart);
    const close = find(CLOSE, bodyStart);
    from = bodyStart;
    if (content[first] !== '[' && content[first] !== '{') {
      if (close === -1) continue;
      const raw = content.slice(bodyStart, close);
      from = close + CLOSE.length;
      if (raw.trim().length === 0) continue;
      spans.push({ start: open, end: from, failure: { message: 'a <TOOLCALL> block that does not hold a JSON list of calls', raw }, source: SOURCE, marked: true });
      continue;
    }
    if (close !== -1) {
      spans.push({ start: open, end: close + CLOSE.length, body: content.slice(bodyStart, close), source: SOURCE, marked: true });
      from = close + CLOSE.length;
      continue;
    }
    const jsonEnd = findJsonEnd(content, first);
    if (jsonEnd === -1) {
      spans.push({ start: open, end: content.length, body: content.slice(bodyStart), source: SOURCE, marked: true, incomplete: true });
      break;
    }
    spans.push({ start: open, end: jsonEnd, body: content.slice(bodyStart, jsonEnd), source: SOURCE, marked: true });
    from = jsonEnd;
  }
  return spans;
}
