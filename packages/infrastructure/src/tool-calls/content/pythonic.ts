import type { ContentSpan, ExtractionContext } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { parsePythonCalls } from './python-call-syntax.js';

const START = '<|python_start|>';
const END = '<|python_end|>';
/** Candidate lists that fail to parse before the tail is given up: bounds the work on hostile text. */
const MAX_FAILED_CANDIDATES = 16;

/**
 * Pythonic tool calls (Llama 3.2 and Llama 4; vLLM `pythonic_tool_parser.py` and
 * `llama4_pythonic_tool_parser.py`, the `tool_chat_template_llama3.2_pythonic.jinja` and
 * `tool_chat_template_llama4_pythonic.jinja` templates): `[f(a=1, b="x"), g()]`, read by
 * {@link parsePythonCalls}, never evaluated.
 *
 * - Inside `<|python_start|>...<|python_end|>` (Llama 4) the calls are marked: any name is a
 *   call, and a syntax error is a failed call. An unclosed start runs to the end, incomplete.
 * - Unmarked, a list is a call only when it is the whole message or its tail after prose, and
 *   every name in it is a declared tool: `[x(1)]` in prose, code, or a list naming no tool is text.
 */
export function extractPythonic(content: string, context: ExtractionContext): ContentSpan[] {
  const spans = markedSpans(content);
  const tail = tailSpan(content, context, spans.length === 0 ? 0 : (spans[spans.length - 1] as ContentSpan).end);
  if (tail !== undefined) spans.push(tail);
  return spans;
}

function markedSpans(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(START, from); open !== -1; open = content.indexOf(START, from)) {
    const bodyStart = open + START.length;
    const close = content.indexOf(END, bodyStart);
    const bodyEnd = close === -1 ? content.length : close;
    const end = close === -1 ? content.length : close + END.length;
    const body = content.slice(bodyStart, bodyEnd);
    const parsed = parsePythonCalls(body, 0);
    const incomplete = close === -1 ? { incomplete: true } : {};
    if (parsed.ok && skipWhitespace(body, parsed.end) === body.length) {
      spans.push({ start: open, end, calls: parsed.calls, source: 'content_pythonic', marked: true, ...incomplete });
    } else {
      const message = parsed.ok ? 'unexpected text after the calls' : `pythonic call syntax error at offset ${parsed.position}: ${parsed.message}`;
      const name = parsed.ok ? undefined : parsed.name;
      spans.push({ start: open, end, failure: { message, raw: body, ...(name === undefined ? {} : { name }) }, source: 'content_pythonic', marked: true, ...incomplete });
    }
    if (close === -1) break;
    from = end;
  }
  return spans;
}

/** The list of declared calls that ends the message (after trailing whitespace), if there is one. */
function tailSpan(content: string, context: ExtractionContext, from: number): ContentSpan | undefined {
  let last = content.length;
  while (last > from && /\s/.test(content[last - 1] as string)) last--;
  if (content[last - 1] !== ']') return undefined;
  let failures = 0;
  for (let open = content.indexOf('[', from); open !== -1 && open < last; open = content.indexOf('[', open + 1)) {
    // Only `[name(` after a space, a colon or the start can open a call list (`x[f(1)]` is code).
    if (open > 0 && !/^[\s:]$/.test(content[open - 1] as string)) continue;
    if (!/^[A-Za-z_]$/.test(content[skipWhitespace(content, open + 1)] ?? '')) continue;
    const parsed = parsePythonCalls(content, open);
    if (!parsed.ok) {
      if (++failures > MAX_FAILED_CANDIDATES) return undefined;
      continue;
    }
    if (parsed.end !== last) {
      // A list that parses but ends early is prose's; the tail, if any, starts after it.
      open = parsed.end - 1;
      continue;
    }
    if (!parsed.calls.every((call) => context.isKnownTool(call.name))) return undefined;
    return { start: open, end: last, calls: parsed.calls, source: 'content_pythonic', marked: false };
  }
  return undefined;
}
