import { isCallName, MAX_CALL_NAME_LENGTH } from './call-name.js';
import type { ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { glmNameEnd } from './glm.js';
import { nextOccurrence } from './next-occurrence.js';
import { sniffCallName } from './sniff-call-name.js';

/** The Hermes tag, and the wrappers Qwen 2.5 and Hermes fine-tunes sometimes write instead. */
const TAGS = Object.freeze([
  { open: '<tool_call>', close: '</tool_call>', marked: true },
  { open: '<tools>', close: '</tools>', marked: false },
  { open: '<tool>', close: '</tool>', marked: false },
  { open: '<response>', close: '</response>', marked: false },
  // llama.cpp's Hermes 2 Pro parser also accepts these around the same JSON (`tests/test-chat.cpp`).
  { open: '<function_call>', close: '</function_call>', marked: false },
  { open: '<json>', close: '</json>', marked: false },
  { open: '<JSON>', close: '</JSON>', marked: false },
  { open: '<xml>', close: '</xml>', marked: false },
]);
/** Fence tags whose block may hold a bare call object (llama.cpp's Hermes 2 Pro parser); `json` is `fenced-json.ts`'s. */
const CALL_FENCE_TAGS = new Set(['', 'xml']);
const FENCE = '```';
const FUNCTION_OPEN = '<function>';
const FUNCTION_CLOSE = '</function>';
const TOOL_CALL_CLOSE = '</tool_call>';

type Find = (marker: string, from: number) => number;

/**
 * `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (Hermes, Qwen 2.5; vLLM
 * `hermes_tool_parser.py`, the Hermes 2 Pro and Qwen 2.5 chat templates), any number of them.
 *
 * - An opening tag never closed, followed by `{` or `[`, is a call the model was cut off in; any
 *   other unclosed tag is left as text.
 * - `<tool_call><function>NAME</function>{...}</tool_call>`: the name in its own tag, then the JSON
 *   arguments, read here as one call.
 * - A `<tool_call>` whose body opens with `<function=` (Qwen3-Coder XML, `qwen3-xml.ts`) or with a
 *   bare name (GLM, `glm.ts`) is left to those extractors.
 * - `<tools>`, `<tool>`, `<response>`, `<function_call>`, `<json>` and `<xml>` holding the same
 *   JSON are read too, but unmarked: only when the body opens with `{` or `[`, names a declared
 *   tool and decodes to call envelopes. So is a ```` ``` ```` or ```` ```xml ```` block holding
 *   only such JSON, when it ends the message (llama.cpp `common/chat.cpp`, Hermes 2 Pro).
 * - Inside a fenced block (```` ```xml ````, ```` ``` ````...) the tags are calls only when the block
 *   holds nothing else and ends the message; the fences are removed with them. A fenced example
 *   followed by more prose is text.
 */
export function extractToolCallTags(content: string, context?: ExtractionContext): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const tag = nextTag(find, from);
    if (tag === undefined) break;
    const bodyStart = tag.at + tag.open.length;
    const first = skipWhitespace(content, bodyStart);
    from = bodyStart;
    if (tag.marked && content.startsWith(FUNCTION_OPEN, first)) {
      const span = functionNameCall(content, tag.at, first, find);
      if (span !== undefined) {
        spans.push(span);
        if (span.incomplete === true) break;
        from = span.end;
      }
      continue;
    }
    if (tag.marked && (content.startsWith('<function', first) || glmNameEnd(content, bodyStart) !== -1)) continue;
    const opensJson = content[first] === '{' || content[first] === '[';
    const close = find(tag.close, bodyStart);
    if (close === -1) {
      if (tag.marked && opensJson) {
        spans.push({ start: tag.at, end: content.length, body: content.slice(bodyStart), source: 'content_tool_call_tag', marked: true, incomplete: true });
        break;
      }
      continue;
    }
    const body = content.slice(bodyStart, close);
    if (!tag.marked && !(opensJson && namesDeclaredTool(body, context))) continue;
    spans.push({ start: tag.at, end: close + tag.close.length, body, source: 'content_tool_call_tag', marked: tag.marked });
    from = close + tag.close.length;
  }
  const fences = fencedBlocks(content, spans);
  const kept = spans.length === 0 ? spans : resolveFences(content, spans, fences);
  const tail = fencedCallAtTail(content, fences, kept, context);
  if (tail !== undefined) kept.push(tail);
  return kept;
}

/**
 * `<tool_call><function>NAME</function>{...}</tool_call>` from the tag at `open` (`first` is the
 * `<function>`): the name in its own tag, the JSON arguments after it. `undefined` when the name
 * tag does not close on a tool name (left as text). Arguments that are not one JSON object, or
 * text after them, make a failed call; JSON never closed runs to the end, incomplete.
 */
function functionNameCall(content: string, open: number, first: number, find: Find): ContentSpan | undefined {
  const nameStart = first + FUNCTION_OPEN.length;
  const nameClose = content.slice(nameStart, nameStart + MAX_CALL_NAME_LENGTH + 2).indexOf(FUNCTION_CLOSE);
  if (nameClose === -1) return undefined;
  const name = content.slice(nameStart, nameStart + nameClose).trim();
  if (!isCallName(name)) return undefined;
  const argsStart = skipWhitespace(content, nameStart + nameClose + FUNCTION_CLOSE.length);
  const close = find(TOOL_CALL_CLOSE, argsStart);
  const bodyEnd = close === -1 ? content.length : close;
  const end = close === -1 ? content.length : close + TOOL_CALL_CLOSE.length;
  const jsonEnd = content[argsStart] === '{' ? findJsonEnd(content, argsStart) : -1;
  if (jsonEnd !== -1 && jsonEnd <= bodyEnd && skipWhitespace(content, jsonEnd) >= bodyEnd) {
    return { start: open, end, calls: [{ name, arguments: content.slice(argsStart, jsonEnd) }], source: 'content_tool_call_tag', marked: true, ...(close === -1 ? { incomplete: true } : {}) };
  }
  if (close === -1 && content[argsStart] === '{' && jsonEnd === -1) {
    return { start: open, end, calls: [{ name, arguments: content.slice(argsStart) }], source: 'content_tool_call_tag', marked: true, incomplete: true };
  }
  const message = content[argsStart] === '{' ? 'text after the JSON arguments of a <function>NAME</function> call' : 'the arguments after <function>NAME</function> are not a JSON object';
  return { start: open, end, failure: { message, raw: content.slice(argsStart, bodyEnd), name }, source: 'content_tool_call_tag', marked: true, ...(close === -1 ? { incomplete: true } : {}) };
}

/** The last fenced block, tagged `xml` or untagged, when it ends the message and holds only a call naming a declared tool. */
function fencedCallAtTail(content: string, fences: readonly Fence[], spans: readonly ContentSpan[], context: ExtractionContext | undefined): ContentSpan | undefined {
  const fence = fences[fences.length - 1];
  if (fence === undefined || fence.close === -1) return undefined;
  const end = fence.close + FENCE.length;
  if (skipWhitespace(content, end) < content.length) return undefined;
  const last = spans[spans.length - 1];
  if (last !== undefined && last.end > fence.open) return undefined;
  if (!CALL_FENCE_TAGS.has(content.slice(fence.open + FENCE.length, fence.bodyStart).trim().toLowerCase())) return undefined;
  const body = content.slice(fence.bodyStart, fence.close);
  const first = content[skipWhitespace(content, fence.bodyStart)];
  if ((first !== '{' && first !== '[') || !namesDeclaredTool(body, context)) return undefined;
  return { start: fence.open, end, body, source: 'content_tool_call_tag', marked: false };
}

function nextTag(find: Find, from: number): { at: number; open: string; close: string; marked: boolean } | undefined {
  let best: { at: number; open: string; close: string; marked: boolean } | undefined;
  for (const tag of TAGS) {
    const at = find(tag.open, from);
    if (at !== -1 && (best === undefined || at < best.at)) best = { at, ...tag };
  }
  return best;
}

function namesDeclaredTool(body: string, context: ExtractionContext | undefined): boolean {
  const name = sniffCallName(body);
  return context !== undefined && name !== undefined && context.isKnownTool(name);
}

interface Fence {
  readonly open: number;
  readonly bodyStart: number;
  /** The closing fence, or -1 when the block runs to the end of the content. */
  readonly close: number;
}

/**
 * Keeps the spans outside fenced blocks as they are; the spans of a block are kept, widened to
 * its fences, only when the block holds nothing but them and nothing but whitespace follows it.
 */
function resolveFences(content: string, spans: readonly ContentSpan[], fences: readonly Fence[]): ContentSpan[] {
  const kept: ContentSpan[] = [];
  let f = 0;
  for (let i = 0; i < spans.length; ) {
    const span = spans[i] as ContentSpan;
    while (f < fences.length && blockEnd(content, fences[f] as Fence) <= span.start) f++;
    const fence = fences[f];
    if (fence === undefined || span.start < fence.bodyStart) {
      kept.push(span);
      i++;
      continue;
    }
    const inside: ContentSpan[] = [];
    const limit = fence.close === -1 ? content.length : fence.close;
    while (i < spans.length && (spans[i] as ContentSpan).start < limit) inside.push(spans[i++] as ContentSpan);
    if (!onlySpans(content, fence.bodyStart, limit, inside)) continue;
    const end = blockEnd(content, fence);
    if (skipWhitespace(content, end) < content.length) continue;
    const firstSpan = inside[0] as ContentSpan;
    const lastSpan = inside[inside.length - 1] as ContentSpan;
    kept.push(...inside.map((one) => ({ ...one, ...(one === firstSpan ? { start: fence.open } : {}), ...(one === lastSpan ? { end } : {}) })));
  }
  return kept;
}

function blockEnd(content: string, fence: Fence): number {
  return fence.close === -1 ? content.length : fence.close + FENCE.length;
}

/** True when only whitespace lies between `from`, the spans and `limit`. */
function onlySpans(content: string, from: number, limit: number, spans: readonly ContentSpan[]): boolean {
  let pos = from;
  for (const span of spans) {
    if (skipWhitespace(content, pos) < span.start) return false;
    pos = span.end;
  }
  return pos >= limit || skipWhitespace(content, pos) >= limit;
}

/** The fenced blocks of the content, ignoring fences written inside the spans (a file's text in the arguments). */
function fencedBlocks(content: string, spans: readonly ContentSpan[]): Fence[] {
  const blocks: Fence[] = [];
  let s = 0;
  const nextFence = (from: number): number => {
    for (let at = content.indexOf(FENCE, from); at !== -1; at = content.indexOf(FENCE, from)) {
      while (s < spans.length && (spans[s] as ContentSpan).end <= at) s++;
      const span = spans[s];
      if (span === undefined || at < span.start) return at;
      from = span.end;
    }
    return -1;
  };
  for (let open = nextFence(0); open !== -1; ) {
    const lineEnd = content.indexOf('\n', open + FENCE.length);
    if (lineEnd === -1) break;
    const close = nextFence(lineEnd + 1);
    blocks.push({ open, bodyStart: lineEnd + 1, close });
    if (close === -1) break;
    open = nextFence(close + FENCE.length);
  }
  return blocks;
}
