import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = '[TOOL_CALLS]';

/**
 * `[TOOL_CALLS][{"name": ..., "arguments": {...}}, ...]` (Mistral): the marker, then a JSON array
 * of call objects (or one call object); a marker followed by anything else stays text. A body never closed runs to the end of the content and is
 * marked incomplete.
 */
export function extractToolCallsMarkers(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let marker = content.indexOf(MARKER, from); marker !== -1; marker = content.indexOf(MARKER, from)) {
    const bodyStart = skipWhitespace(content, marker + MARKER.length);
    const first = content[bodyStart];
    // An array must open with a call object (or be empty): `[TOOL_CALLS][TOOL_CALLS]` is text.
    const second = content[skipWhitespace(content, bodyStart + 1)];
    if (first !== '{' && !(first === '[' && (second === '{' || second === ']'))) {
      from = marker + MARKER.length;
      continue;
    }
    const end = findJsonEnd(content, bodyStart);
    if (end === -1) {
      spans.push({ start: marker, end: content.length, body: content.slice(bodyStart), source: 'content_tool_calls_marker', marked: true, incomplete: true });
      break;
    }
    spans.push({ start: marker, end, body: content.slice(bodyStart, end), source: 'content_tool_calls_marker', marked: true });
    from = end;
  }
  return spans;
}
