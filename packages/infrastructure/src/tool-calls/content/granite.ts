import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = '<|tool_call|>';
const FUNCTION_CALL = '<function_call>';
const FUNCTION_CALL_CLOSE = '</function_call>';

/**
 * Granite calls, as its chat templates write them:
 *
 * - Granite 3.x (ibm-granite granite-3.x-instruct `tokenizer_config.json`; vLLM
 *   `granite_tool_parser.py`): `<|tool_call|>` followed by a JSON array of `{"name": ...,
 *   "arguments": {...}}` (a single object is read too). A marker followed by anything else stays
 *   text; an array never closed runs to the end of the content and is marked incomplete.
 * - Granite 20B function calling (gorilla `bfcl_eval/model_handler/local_inference/granite.py`):
 *   `<function_call> {...}` once per call, never closed, several in one answer. A run of them is
 *   one span, so every call is read (a `no_function` among them is refused as unknown, not a
 *   reason to drop the others). Unmarked, like the closed `<function_call>...</function_call>` of
 *   `tool-call-tag.ts` (which keeps those): a call only when one name in the run is declared.
 *   Nothing closes a run, so with finish reason `length` its last call is refused as cut; an
 *   object never closed runs to the end, incomplete.
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
  return [...spans, ...functionCallRuns(content)].sort((a, b) => a.start - b.start);
}

/** The runs of `<function_call> {...}` (Granite 20B), each one span; closed tags are left to `tool-call-tag.ts`. */
function functionCallRuns(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let marker = content.indexOf(FUNCTION_CALL, from); marker !== -1; marker = content.indexOf(FUNCTION_CALL, from)) {
    const bodies: string[] = [];
    let runEnd = marker;
    let at = marker;
    let cut: ContentSpan | undefined;
    // Past a closed tag's body (tool-call-tag.ts reads it): markers inside it are never scanned again.
    let skip = marker + FUNCTION_CALL.length;
    while (content.startsWith(FUNCTION_CALL, at)) {
      const bodyStart = skipWhitespace(content, at + FUNCTION_CALL.length);
      if (content[bodyStart] !== '{' && content[bodyStart] !== '[') break;
      const end = findJsonEnd(content, bodyStart);
      if (end === -1) {
        cut = { start: at, end: content.length, body: content.slice(bodyStart), source: 'content_granite', marked: false, incomplete: true };
        break;
      }
      if (content.startsWith(FUNCTION_CALL_CLOSE, skipWhitespace(content, end))) {
        skip = end;
        break;
      }
      bodies.push(content.slice(bodyStart, end));
      runEnd = end;
      at = skipWhitespace(content, end);
    }
    if (bodies.length > 0) {
      const body = bodies.length === 1 ? (bodies[0] as string) : `[${bodies.join(',')}]`;
      // Nothing closes a run: when the output was cut, its last call may be the one cut.
      spans.push({ start: marker, end: runEnd, body, source: 'content_granite', marked: false, open: true });
    }
    if (cut !== undefined) {
      spans.push(cut);
      break;
    }
    from = Math.max(runEnd, skip);
  }
  return spans;
}
