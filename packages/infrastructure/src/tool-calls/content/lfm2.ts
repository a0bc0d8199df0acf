import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';
import { parsePythonCalls } from './python-call-syntax.js';

const START = '<|tool_call_start|>';
const END = '<|tool_call_end|>';
const SOURCE = 'content_lfm2';

/**
 * Liquid AI LFM2 / LFM2.5 calls (LFM2 chat templates; vLLM `lfm2` tool parser, llama.cpp
 * `tests/test-chat.cpp` "LFM2-8B-A1B"): `<|tool_call_start|>[f(a=1, b="x"), g()]<|tool_call_end|>`,
 * pythonic calls read by {@link parsePythonCalls} (never evaluated), or the JSON list
 * `[{"name": ..., "arguments": {...}}]` the LFM2 model card allows when the system prompt asks for
 * JSON (decoded like any call envelope).
 *
 * Between the markers the calls are marked: text that does not read is a failed call, and an
 * empty list `[]` is no call. A start never ended runs to the end of the content, incomplete.
 */
export function extractLfm2(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = find(START, from); open !== -1; open = find(START, from)) {
    const bodyStart = open + START.length;
    const close = find(END, bodyStart);
    const bodyEnd = close === -1 ? content.length : close;
    const end = close === -1 ? content.length : close + END.length;
    spans.push(readBody(content.slice(bodyStart, bodyEnd), open, end, close === -1));
    if (close === -1) break;
    from = end;
  }
  return spans;
}

function readBody(body: string, start: number, end: number, cut: boolean): ContentSpan {
  const incomplete = cut ? { incomplete: true } : {};
  const first = skipWhitespace(body, 0);
  const second = body[skipWhitespace(body, first + 1)];
  if (body[first] === '{' || (body[first] === '[' && second === '{')) return { start, end, body, source: SOURCE, marked: true, ...incomplete };
  // `[]`: the model called nothing (vLLM reads it so); the markers are removed.
  if (body[first] === '[' && second === ']' && skipWhitespace(body, skipWhitespace(body, first + 1) + 1) >= body.length) return { start, end, calls: [], source: SOURCE, marked: true, ...incomplete };
  const parsed = parsePythonCalls(body, first);
  if (parsed.ok && skipWhitespace(body, parsed.end) >= body.length) {
    // The repairs the reading took (an apostrophe inside a quoted string) are the call's, as in the pythonic format.
    return { start, end, calls: parsed.calls, source: SOURCE, marked: true, ...incomplete, ...(parsed.repairs === undefined ? {} : { repairs: parsed.repairs }) };
  }
  const message = parsed.ok ? 'unexpected text after the calls' : `pythonic call syntax error at offset ${parsed.position}: ${parsed.message}`;
  const name = parsed.ok ? undefined : parsed.name;
  return { start, end, failure: { message, raw: body, ...(name === undefined ? {} : { name }) }, source: SOURCE, marked: true, ...incomplete };
}
