import { isCallName, MAX_CALL_NAME_LENGTH } from './call-name.js';
import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = '[TOOL_CALLS]';
const ARGS = '[ARGS]';
const CALL_ID = '[CALL_ID]';
/** Longest call id read after `[CALL_ID]` (Mistral's are 9 characters). */
const MAX_CALL_ID_LENGTH = 64;

/**
 * Mistral calls (vLLM `mistral_tool_parser.py`, llama.cpp `common/chat.cpp` Mistral Nemo and
 * Magistral / Devstral):
 * - `[TOOL_CALLS][{"name": ..., "arguments": {...}}, ...]` (or one call object): a JSON body;
 * - `[TOOL_CALLS]NAME[ARGS]{...}` (tokenizer v11+), with an optional `[CALL_ID]ID` before
 *   `[ARGS]` (Magistral, Devstral), or `[TOOL_CALLS]NAME{...}` / `[TOOL_CALLS]NAME[CALL_ID]ID{...}`
 *   (text without the `[ARGS]` token, as in vLLM's tests; a space may come before the `{`): the
 *   name, id and JSON arguments read here.
 *
 * Several calls repeat the marker. A marker followed by anything else stays text. JSON never
 * closed runs to the end of the content and is marked incomplete; `[ARGS]` followed by something
 * other than a JSON object is a failed call.
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
      const span = namedCall(content, marker, bodyStart);
      from = span === undefined ? marker + MARKER.length : span.end;
      if (span !== undefined) spans.push(span);
      if (span?.incomplete === true) break;
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

/** `NAME[CALL_ID]ID[ARGS]{...}` (the id optional) after the marker at `marker`; `undefined` when the text is not that. */
function namedCall(content: string, marker: number, nameStart: number): ContentSpan | undefined {
  const nameEnd = scanUntil(content, nameStart, MAX_CALL_NAME_LENGTH);
  if (nameEnd === -1) return undefined;
  // `NAME {...}`: whitespace before the arguments is layout.
  const name = content.slice(nameStart, nameEnd).trimEnd();
  if (!isCallName(name)) return undefined;
  let argsTag = nameEnd;
  let id: string | undefined;
  if (content.startsWith(CALL_ID, nameEnd)) {
    const idStart = nameEnd + CALL_ID.length;
    const idEnd = scanUntil(content, idStart, MAX_CALL_ID_LENGTH);
    if (idEnd === -1) return undefined;
    id = content.slice(idStart, idEnd).trim();
    if (!/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
    argsTag = idEnd;
  }
  // `NAME{...}` and `NAME[CALL_ID]ID{...}`: v11+ calls once the [ARGS] token is dropped (vLLM's
  // tests show the first); the id ends at the `{`, so the call still has one reading.
  const bare = content[argsTag] === '{';
  if (!bare && !content.startsWith(ARGS, argsTag)) return undefined;
  const argsStart = bare ? argsTag : skipWhitespace(content, argsTag + ARGS.length);
  const withId = id === undefined ? {} : { id };
  if (content[argsStart] !== '{') {
    // The marker said "call": arguments that are not an object make a failed call, up to the next marker.
    const next = content.indexOf(MARKER, argsStart);
    const end = next === -1 ? content.length : next;
    const cut = argsStart >= content.length ? { incomplete: true } : {};
    return { start: marker, end, failure: { message: 'the arguments after [ARGS] are not a JSON object', raw: content.slice(argsStart, end), name }, source: 'content_tool_calls_marker', marked: true, ...cut };
  }
  const argsEnd = findJsonEnd(content, argsStart);
  if (argsEnd === -1) {
    return { start: marker, end: content.length, calls: [{ name, arguments: content.slice(argsStart), ...withId }], source: 'content_tool_calls_marker', marked: true, incomplete: true };
  }
  return { start: marker, end: argsEnd, calls: [{ name, arguments: content.slice(argsStart, argsEnd), ...withId }], source: 'content_tool_calls_marker', marked: true };
}

/** The offset of the first `[` or `{` within `limit` characters of `from` (never past a line break), or -1. */
function scanUntil(content: string, from: number, limit: number): number {
  for (let i = from; i < content.length && i - from <= limit; i++) {
    const c = content[i];
    if (c === '[' || c === '{') return i;
    if (c === '\n') return -1;
  }
  return -1;
}
