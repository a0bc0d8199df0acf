import type { ContentSpan, ExtractionContext } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { parsePythonCalls, type PythonCall, type PythonCallsParse } from './python-call-syntax.js';

const START = '<|python_start|>';
const END = '<|python_end|>';
const FENCE = '```';
/** Candidate lists that fail to parse before the tail is given up: bounds the work on hostile text. */
const MAX_FAILED_CANDIDATES = 16;
/** Fence tags whose block may hold calls: Python, and Gemma's `tool_code`; untagged too. */
const CALL_FENCE_TAGS = new Set(['', 'python', 'py', 'python3', 'tool_code']);

/**
 * Pythonic tool calls (Llama 3.2 and Llama 4; vLLM `pythonic_tool_parser.py` and
 * `llama4_pythonic_tool_parser.py`, the `tool_chat_template_llama3.2_pythonic.jinja` and
 * `tool_chat_template_llama4_pythonic.jinja` templates): `[f(a=1, b="x"), g()]`, read by
 * {@link parsePythonCalls}, never evaluated.
 *
 * - Inside `<|python_start|>...<|python_end|>` (Llama 4) the calls are marked: any name is a
 *   call, and a syntax error is a failed call. An unclosed start runs to the end, incomplete.
 * - Unmarked, calls count only when at least one names a declared tool (the others are calls to
 *   unknown tools, refused as such: a `no_function` beside a real call does not hide it), and when
 *   they are one of: a list that is the whole message or its tail after prose; a list that opens
 *   the message and ends its line, prose following (`[f(a=1)]\n\nThe above code...`); a
 *   ```` ```python ```` (or `py`, `tool_code`, untagged) block ending the message and holding only
 *   calls; calls without brackets (`f(a=1)` lines, or separated by `,` or `;`) that are the whole
 *   message, the first naming a declared tool (the Berkeley Function Calling Leaderboard's
 *   prompted models: gorilla `bfcl_eval/model_handler/utils.py`). Quoted calls and
 *   `[name, {args}]` pairs count only as the whole message. `[x(1)]` in prose, code, a call
 *   mid-sentence, or calls naming no tool are text.
 * - Calls without brackets have nothing closing them: when the output was cut (finish reason
 *   `length`), the last one is refused as cut. Nothing unmarked is read when the message ends
 *   inside a code block left open.
 */
export function extractPythonic(content: string, context: ExtractionContext): ContentSpan[] {
  const spans = markedSpans(content);
  const from = spans.length === 0 ? 0 : (spans[spans.length - 1] as ContentSpan).end;
  // The message ends inside a code block left open (an output cut there): nothing in it is a call.
  if (fenceCount(content, from) % 2 === 1) return spans;
  const unmarked = tailSpan(content, context, from) ?? fencedSpan(content, context, from) ?? (from === 0 && context.afterText !== true ? leadingSpan(content, context) : undefined);
  if (unmarked !== undefined) spans.push(unmarked);
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
      const repairs = parsed.repairs === undefined ? {} : { repairs: parsed.repairs };
      spans.push({ start: open, end, calls: parsed.calls, source: 'content_pythonic', marked: true, ...incomplete, ...repairs });
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

function fenceCount(content: string, from: number): number {
  let count = 0;
  for (let at = content.indexOf(FENCE, from); at !== -1; at = content.indexOf(FENCE, at + FENCE.length)) count++;
  return count;
}

/** True when the calls may count unmarked: one at least names a declared tool (the others are refused later as unknown). */
function namesDeclaredTool(calls: readonly PythonCall[], context: ExtractionContext): boolean {
  return calls.some((call) => context.isKnownTool(call.name));
}

/** The unmarked span of calls read from `parsed` (its repairs carried). */
function unmarkedSpan(start: number, end: number, parsed: Extract<PythonCallsParse, { ok: true }>, open: boolean): ContentSpan {
  return {
    start,
    end,
    calls: parsed.calls,
    source: 'content_pythonic',
    marked: false,
    ...(open ? { open: true } : {}),
    ...(parsed.repairs === undefined ? {} : { repairs: parsed.repairs }),
  };
}

/** The end of the content without trailing whitespace, not before `from`. */
function trimmedEnd(content: string, from: number): number {
  let last = content.length;
  while (last > from && /\s/.test(content[last - 1] as string)) last--;
  return last;
}

/** The list of calls that ends the message (after trailing whitespace), if there is one. */
function tailSpan(content: string, context: ExtractionContext, from: number): ContentSpan | undefined {
  const last = trimmedEnd(content, from);
  if (content[last - 1] !== ']') return undefined;
  const first = skipWhitespace(content, from);
  let failures = 0;
  for (let open = content.indexOf('[', from); open !== -1 && open < last; open = content.indexOf('[', open + 1)) {
    // Only `[name(` after a space, a colon or the start can open a call list (`x[f(1)]` is code).
    if (open > 0 && !/^[\s:]$/.test(content[open - 1] as string)) continue;
    const inner = content[skipWhitespace(content, open + 1)] ?? '';
    // Quoted calls and pairs look like data: only the whole message is read as them.
    if (!/^[A-Za-z_]$/.test(inner) && !(open === first && context.afterText !== true && (inner === '"' || inner === "'" || inner === '['))) continue;
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
    if (!namesDeclaredTool(parsed.calls, context)) return undefined;
    return unmarkedSpan(open, last, parsed, false);
  }
  return undefined;
}

/** A fenced block of calls (```` ```python ````, ```` ```tool_code ````, untagged) that ends the message. */
function fencedSpan(content: string, context: ExtractionContext, from: number): ContentSpan | undefined {
  const last = trimmedEnd(content, from);
  if (last - from < 2 * FENCE.length || !content.startsWith(FENCE, last - FENCE.length)) return undefined;
  // Pair the fences from the start: the last block is the one closing at the end.
  let block: { readonly open: number; readonly bodyStart: number; readonly close: number } | undefined;
  for (let open = content.indexOf(FENCE, from); open !== -1; ) {
    const lineEnd = content.indexOf('\n', open + FENCE.length);
    if (lineEnd === -1) return undefined;
    const close = content.indexOf(FENCE, lineEnd + 1);
    if (close === -1) return undefined;
    block = { open, bodyStart: lineEnd + 1, close };
    open = content.indexOf(FENCE, close + FENCE.length);
  }
  if (block === undefined || block.close + FENCE.length !== last) return undefined;
  if (!CALL_FENCE_TAGS.has(content.slice(block.open + FENCE.length, block.bodyStart - 1).trim().toLowerCase())) return undefined;
  const start = skipWhitespace(content, block.bodyStart);
  // Quoted calls and pairs look like data: only a block that is the whole message is read as them.
  const inner = content[skipWhitespace(content, start + 1)] ?? '';
  if (content[start] === '[' && (inner === '"' || inner === "'" || inner === '[') && (block.open !== skipWhitespace(content, from) || context.afterText === true)) return undefined;
  const parsed = parsePythonCalls(content, start);
  if (!parsed.ok || skipWhitespace(content, parsed.end) !== block.close) return undefined;
  const bare = content[start] !== '[';
  if (bare ? !context.isKnownTool((parsed.calls[0] as PythonCall).name) : !namesDeclaredTool(parsed.calls, context)) return undefined;
  return unmarkedSpan(block.open, last, parsed, false);
}

/**
 * Calls opening the message: a list ending its line with prose after it, or calls without
 * brackets making up the whole message, the first naming a declared tool (the stream holds the
 * text back while it may become one, see `leadingNameState`).
 */
function leadingSpan(content: string, context: ExtractionContext): ContentSpan | undefined {
  const start = skipWhitespace(content, 0);
  const first = content[start] ?? '';
  if (first === '[') {
    if (!/^[A-Za-z_]$/.test(content[skipWhitespace(content, start + 1)] ?? '')) return undefined;
    const parsed = parsePythonCalls(content, start);
    if (!parsed.ok || !namesDeclaredTool(parsed.calls, context)) return undefined;
    let after = parsed.end;
    while (content[after] === ' ' || content[after] === '\t' || content[after] === '\r') after++;
    // Prose must start on a line of its own: `[f(a=1)] is how...` is an example, not a call.
    return content[after] === '\n' ? unmarkedSpan(start, parsed.end, parsed, false) : undefined;
  }
  if (!/^[A-Za-z_]$/.test(first)) return undefined;
  const parsed = parsePythonCalls(content, start);
  if (!parsed.ok || !context.isKnownTool((parsed.calls[0] as PythonCall).name)) return undefined;
  const last = trimmedEnd(content, 0);
  if (skipWhitespace(content, parsed.end) < last || parsed.end > last) return undefined;
  return unmarkedSpan(start, last, parsed, true);
}
