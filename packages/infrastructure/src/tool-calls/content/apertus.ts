import type { ContentCall, ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const PREFIX = '<|tools_prefix|>';
const SUFFIX = '<|tools_suffix|>';
const SOURCE = 'content_apertus';

/**
 * Apertus calls (swiss-ai Apertus-8B-Instruct chat template; vLLM `apertus_tool_parser.py`,
 * llama.cpp `tests/test-chat.cpp` "FUNC_NAME_AS_KEY"):
 * `<|tools_prefix|>[{"NAME": {...arguments...}}, ...]<|tools_suffix|>`. Each object of the list
 * has exactly one key, the tool name, whose value is the arguments; the arguments text is kept as
 * written (decoded and repaired like any arguments).
 *
 * - `<|tools_suffix|>` may be missing when the list closes (vLLM reads it so): the list is the call.
 * - A list never closed runs to the end of the content and is incomplete.
 * - After the prefix the calls are marked: an object with no key or several keys (two readings of
 *   which key is the tool), or a list that is not a list of objects, is a failed call. A prefix
 *   followed by anything but `[` or `{` stays text.
 */
export function extractApertus(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(PREFIX, from); open !== -1; open = content.indexOf(PREFIX, from)) {
    const bodyStart = skipWhitespace(content, open + PREFIX.length);
    from = open + PREFIX.length;
    const first = content[bodyStart];
    if (first !== '[' && first !== '{') continue;
    const bodyEnd = findJsonEnd(content, bodyStart);
    if (bodyEnd === -1) {
      const raw = content.slice(bodyStart);
      const suffix = content.indexOf(SUFFIX, bodyStart);
      // The suffix inside unclosed JSON: the list is broken, not cut off.
      if (suffix !== -1) {
        spans.push({ start: open, end: suffix + SUFFIX.length, failure: { message: 'an Apertus call list that never closes before <|tools_suffix|>', raw: content.slice(bodyStart, suffix) }, source: SOURCE, marked: true });
        from = suffix + SUFFIX.length;
        continue;
      }
      const name = readCalls(raw, 0).name;
      spans.push({ start: open, end: content.length, failure: { message: 'an Apertus call list cut off', raw, ...(name === undefined ? {} : { name }) }, source: SOURCE, marked: true, incomplete: true });
      break;
    }
    const after = skipWhitespace(content, bodyEnd);
    const end = content.startsWith(SUFFIX, after) ? after + SUFFIX.length : bodyEnd;
    const body = content.slice(bodyStart, bodyEnd);
    const read = readCalls(body, 0);
    if (read.calls !== undefined) spans.push({ start: open, end, calls: read.calls, source: SOURCE, marked: true });
    else spans.push({ start: open, end, failure: { message: read.error ?? 'an unreadable Apertus call list', raw: body, ...(read.name === undefined ? {} : { name: read.name }) }, source: SOURCE, marked: true });
    from = end;
  }
  return spans;
}

interface ListReading {
  readonly calls?: ContentCall[];
  readonly error?: string;
  /** The first tool name read, for the error of a list that fails after it. */
  readonly name?: string;
}

/** The `{"NAME": ARGS}` objects of the list (or the one object) at `at` in `text`. */
function readCalls(text: string, at: number): ListReading {
  const calls: ContentCall[] = [];
  let name: string | undefined;
  const fail = (error: string): ListReading => ({ error, ...(name === undefined ? {} : { name }) });
  const list = text[at] === '[';
  let pos = list ? skipWhitespace(text, at + 1) : at;
  if (list && text[pos] === ']') return { calls };
  for (;;) {
    if (text[pos] !== '{') return fail('each Apertus call must be an object {"NAME": {...arguments...}}');
    pos = skipWhitespace(text, pos + 1);
    const keyEnd = text[pos] === '"' ? stringEnd(text, pos) : -1;
    if (keyEnd === -1) return fail('an Apertus call object without a tool name as its key');
    const key = decodeKey(text.slice(pos, keyEnd));
    if (key === undefined || key.length === 0) return fail('an Apertus call object whose key is not a tool name');
    name ??= key;
    pos = skipWhitespace(text, keyEnd);
    if (text[pos] !== ':') return fail(`no ':' after the tool name '${key}'`);
    const valueStart = skipWhitespace(text, pos + 1);
    const valueEnd = text[valueStart] === '{' || text[valueStart] === '[' ? findJsonEnd(text, valueStart) : text[valueStart] === '"' ? stringEnd(text, valueStart) : -1;
    if (valueEnd === -1) return fail(`the arguments of '${key}' are not a JSON object`);
    calls.push({ name: key, arguments: text.slice(valueStart, valueEnd) });
    pos = skipWhitespace(text, valueEnd);
    // A second key would be a second tool in one object: which one the model meant is not known.
    if (text[pos] === ',') return fail(`an Apertus call object with more than one key (after '${key}')`);
    if (text[pos] !== '}') return fail(`an Apertus call object for '${key}' that does not close after its arguments`);
    pos = skipWhitespace(text, pos + 1);
    if (!list) return pos >= text.length ? { calls } : fail('text after the Apertus call object');
    if (text[pos] === ']') return { calls };
    if (text[pos] !== ',') return fail("expected ',' or ']' after an Apertus call");
    pos = skipWhitespace(text, pos + 1);
  }
}

/** The offset after the JSON string opening at `at`, or -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
  }
  return -1;
}

function decodeKey(literal: string): string | undefined {
  try {
    const key: unknown = JSON.parse(literal);
    return typeof key === 'string' ? key.trim() : undefined;
  } catch {
    return undefined;
  }
}
