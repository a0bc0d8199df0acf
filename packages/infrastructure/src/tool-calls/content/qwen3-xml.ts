import type { ContentCall, ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { readOpenTag } from './function-tag.js';
import { nextOccurrence } from './next-occurrence.js';

const WRAPPERS = Object.freeze([
  { open: '<tool_call>', close: '</tool_call>' },
  { open: '<seed:tool_call>', close: '</seed:tool_call>' },
]);
const FUNCTION = '<function=';
const FUNCTION_CLOSE = '</function>';
const PARAMETER = '<parameter=';
const PARAMETER_CLOSE = '</parameter>';
/** Longest `<parameter=KEY>` tag read. */
const MAX_PARAMETER_TAG_LENGTH = 160;

type Find = (marker: string, from: number) => number;
type FunctionsRead = { readonly calls: ContentCall[]; readonly end: number; readonly unclosed: boolean } | { readonly failure: string; readonly name?: string };

/**
 * Qwen3-Coder and Seed-OSS XML calls (vLLM `qwen3coder_tool_parser.py` and
 * `seed_oss_tool_parser.py`, the Qwen3-Coder chat template):
 *
 * ```
 * <tool_call>
 * <function=NAME>
 * <parameter=KEY>
 * VALUE
 * </parameter>
 * </function>
 * </tool_call>
 * ```
 *
 * Seed-OSS writes `<seed:tool_call>` instead; a bare `<function=NAME>` followed by
 * `<parameter=` (Qwen3-Coder sometimes drops the wrapper) is read too, but only at the tail of
 * the message (an example in prose or in a fence stays text). Each value is raw text,
 * its single leading and trailing newline removed, typed later by the tool's schema
 * (`parameterText`). A missing `</parameter>` ends the value at the next parameter or
 * `</function>`, as vLLM does. A function whose body is JSON (`<function=NAME>{...}`) inside the
 * wrapper gives JSON arguments. A `<tool_call>` whose body does not start with `<function=` is
 * left to the Hermes and GLM extractors. A wrapped body that cannot be read is a failed call; one
 * cut off by the end of the content is incomplete.
 */
export function extractQwen3Xml(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const wrapper = nextWrapper(find, from);
    const bare = find(FUNCTION, from);
    if (wrapper === undefined && bare === -1) break;
    if (wrapper !== undefined && (bare === -1 || wrapper.at < bare)) {
      const bodyStart = skipWhitespace(content, wrapper.at + wrapper.open.length);
      if (!content.startsWith(FUNCTION, bodyStart)) {
        from = wrapper.at + wrapper.open.length;
        continue;
      }
      const close = find(wrapper.close, bodyStart);
      const bodyEnd = close === -1 ? content.length : close;
      const end = close === -1 ? content.length : close + wrapper.close.length;
      const read = readFunctions(content, bodyStart, bodyEnd, find, false);
      spans.push(toSpan(content, wrapper.at, end, bodyStart, bodyEnd, read, close === -1));
      if (close === -1) break;
      from = end;
      continue;
    }
    // A bare `<function=NAME>` only counts when XML parameters (or its end) follow the tag.
    const tag = readOpenTag(content, bare);
    const next = tag === undefined ? -1 : skipWhitespace(content, tag.end);
    if (tag === undefined || !(content.startsWith(PARAMETER, next) || content.startsWith(FUNCTION_CLOSE, next))) {
      from = bare + FUNCTION.length;
      continue;
    }
    const read = readFunctions(content, bare, content.length, find, true);
    const end = 'calls' in read ? read.end : content.length;
    spans.push({ ...toSpan(content, bare, end, bare, end, read, 'calls' in read ? read.unclosed : false), ...BARE });
    from = end;
    if (end === content.length) break;
  }
  return keepBareAtTail(content, spans);
}

/** Tags bare functions until {@link keepBareAtTail} has checked them (removed from the result). */
const BARE = Object.freeze({ bare: true });

/**
 * Bare functions have no wrapper to say "call": they count only at the tail of the message (only
 * whitespace, or more calls, after them), so a template example in prose or a fence stays text.
 */
function keepBareAtTail(content: string, spans: readonly ContentSpan[]): ContentSpan[] {
  const kept: ContentSpan[] = [];
  let next = content.length;
  for (let i = spans.length - 1; i >= 0; i--) {
    const { bare, ...span } = spans[i] as ContentSpan & { bare?: boolean };
    if (bare === true && skipWhitespace(content, span.end) < next) continue;
    kept.push(span);
    next = span.start;
  }
  return kept.reverse();
}

function nextWrapper(find: Find, from: number): { at: number; open: string; close: string } | undefined {
  let best: { at: number; open: string; close: string } | undefined;
  for (const wrapper of WRAPPERS) {
    const at = find(wrapper.open, from);
    if (at !== -1 && (best === undefined || at < best.at)) best = { at, ...wrapper };
  }
  return best;
}

function toSpan(content: string, start: number, end: number, bodyStart: number, bodyEnd: number, read: FunctionsRead, cut: boolean): ContentSpan {
  const incomplete = cut ? { incomplete: true } : {};
  if ('calls' in read) return { start, end, calls: read.calls, source: 'content_qwen3_xml', marked: true, ...incomplete };
  const failure = { message: read.failure, raw: content.slice(bodyStart, bodyEnd), ...(read.name === undefined ? {} : { name: read.name }) };
  return { start, end, failure, source: 'content_qwen3_xml', marked: true, ...incomplete };
}

/** The `<function=...>` blocks from `start` up to `limit` (one only when `single`). */
function readFunctions(content: string, start: number, limit: number, find: Find, single: boolean): FunctionsRead {
  const calls: ContentCall[] = [];
  let pos = start;
  let unclosed = false;
  for (;;) {
    pos = skipWhitespace(content, pos);
    if (pos >= limit || (single && calls.length === 1)) break;
    if (!content.startsWith(FUNCTION, pos)) return { failure: 'unexpected text between the functions of a tool call' };
    const tag = readOpenTag(content, pos);
    if (tag === undefined) return { failure: 'a <function=...> tag without a valid tool name' };
    const name = tag.name;
    const bodyStart = skipWhitespace(content, tag.end);
    const close = within(find(FUNCTION_CLOSE, bodyStart), limit);
    if (content[bodyStart] === '{') {
      // JSON arguments in the XML wrapper: decoded (and repaired) like any arguments.
      const jsonEnd = findJsonEnd(content, bodyStart);
      const argsEnd = close !== -1 ? close : jsonEnd !== -1 && jsonEnd <= limit ? jsonEnd : limit;
      calls.push({ name, arguments: content.slice(bodyStart, argsEnd).trim() });
      unclosed = close === -1;
      pos = close === -1 ? argsEnd : close + FUNCTION_CLOSE.length;
      continue;
    }
    const parameterText: Record<string, string> = {};
    pos = bodyStart;
    for (;;) {
      pos = skipWhitespace(content, pos);
      if (pos >= limit) {
        unclosed = true;
        break;
      }
      if (content.startsWith(FUNCTION_CLOSE, pos)) {
        pos += FUNCTION_CLOSE.length;
        break;
      }
      if (!content.startsWith(PARAMETER, pos)) return { failure: `unexpected text in the parameters of '${name}'`, name };
      const keyEnd = content.slice(pos, pos + MAX_PARAMETER_TAG_LENGTH).indexOf('>');
      const key = keyEnd === -1 ? '' : content.slice(pos + PARAMETER.length, pos + keyEnd).trim();
      if (key.length === 0) return { failure: `a <parameter=...> tag without a name in '${name}'`, name };
      const valueStart = pos + keyEnd + 1;
      const valueEnd = earliest([within(find(PARAMETER_CLOSE, valueStart), limit), within(find(PARAMETER, valueStart), limit), within(find(FUNCTION_CLOSE, valueStart), limit)], limit);
      Object.defineProperty(parameterText, key, { value: stripOneNewline(content.slice(valueStart, valueEnd)), enumerable: true, writable: true, configurable: true });
      pos = content.startsWith(PARAMETER_CLOSE, valueEnd) ? valueEnd + PARAMETER_CLOSE.length : valueEnd;
    }
    calls.push({ name, parameterText });
  }
  if (calls.length === 0) return { failure: 'a tool call without a function' };
  return { calls, end: pos, unclosed };
}

/** `at` when it lies before `limit`, else -1. */
function within(at: number, limit: number): number {
  return at !== -1 && at < limit ? at : -1;
}

function earliest(offsets: readonly number[], otherwise: number): number {
  let best = otherwise;
  for (const at of offsets) if (at !== -1 && at < best) best = at;
  return best;
}

/** The value without the one newline the template writes after the tag and before the closing tag. */
export function stripOneNewline(value: string): string {
  let text = value.startsWith('\r\n') ? value.slice(2) : value.startsWith('\n') ? value.slice(1) : value;
  text = text.endsWith('\r\n') ? text.slice(0, -2) : text.endsWith('\n') ? text.slice(0, -1) : text;
  return text;
}
