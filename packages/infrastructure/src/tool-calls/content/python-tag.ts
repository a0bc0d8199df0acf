import type { ContentCall, ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { parsePythonCalls } from './python-call-syntax.js';

const TAG = '<|python_tag|>';
const END_TOKENS = ['<|eom_id|>', '<|eot_id|>'];

/**
 * `<|python_tag|>` (Llama 3.1; its chat template and llama.cpp `common/chat.cpp`), followed by
 * either JSON `{"name": ..., "parameters": {...}}` or pythonic calls `f(a=1)` / `[f(a=1), g()]`
 * (read by {@link parsePythonCalls}, never evaluated), optionally followed by `<|eom_id|>` or
 * `<|eot_id|>`, removed with it. Llama 3.1 calls its built-in tools as `NAME.call(...)`
 * (`brave_search.call(query="x")`, `python.call(code="...")`, `code_interpreter.call(...)`; the
 * Llama 3.1 model card, llama.cpp `tests/test-chat.cpp`): such a call names the tool `NAME`
 * unless a tool is declared under the dotted name itself, so an undeclared `NAME` is refused as an
 * unknown tool like any other. After the
 * tag the calls are marked: pythonic text that does not parse is a failed call. A tag followed by
 * anything else stays text. A JSON object never closed runs to the next end token or the end of
 * the content and is marked incomplete, as is a pythonic call cut by the end of the content.
 */
export function extractPythonTags(content: string, context?: ExtractionContext): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let tag = content.indexOf(TAG, from); tag !== -1; tag = content.indexOf(TAG, from)) {
    const bodyStart = skipWhitespace(content, tag + TAG.length);
    const first = content[bodyStart] ?? '';
    if (first !== '{') {
      const span = /^[A-Za-z_[]$/.test(first) ? pythonicSpan(content, tag, bodyStart, context) : undefined;
      if (span === undefined) {
        from = tag + TAG.length;
        continue;
      }
      spans.push(span);
      if (span.incomplete === true) break;
      from = span.end;
      continue;
    }
    const end = findJsonEnd(content, bodyStart);
    if (end === -1) {
      const stop = firstEndToken(content, bodyStart);
      spans.push({ start: tag, end: stop?.end ?? content.length, body: content.slice(bodyStart, stop?.start ?? content.length), source: 'content_python_tag', marked: true, incomplete: true });
      break;
    }
    spans.push({ start: tag, end: afterEndToken(content, end), body: content.slice(bodyStart, end), source: 'content_python_tag', marked: true });
    from = end;
  }
  return spans;
}

/** Pythonic calls after the tag; `undefined` when the text does not open with `name(` or `[name(` (prose stays text). */
function pythonicSpan(content: string, tag: number, bodyStart: number, context: ExtractionContext | undefined): ContentSpan | undefined {
  const nameStart = content[bodyStart] === '[' ? skipWhitespace(content, bodyStart + 1) : bodyStart;
  if (!opensCall(content, nameStart)) return undefined;
  const parsed = parsePythonCalls(content, bodyStart);
  if (parsed.ok) {
    const repairs = parsed.repairs === undefined ? {} : { repairs: parsed.repairs };
    return { start: tag, end: afterEndToken(content, parsed.end), calls: parsed.calls.map((call) => builtinCall(call, context)), source: 'content_python_tag', marked: true, ...repairs };
  }
  const stop = firstEndToken(content, bodyStart);
  const bodyEnd = stop?.start ?? content.length;
  const raw = content.slice(bodyStart, bodyEnd);
  const message = `pythonic call syntax error at offset ${parsed.position - bodyStart}: ${parsed.message}`;
  return {
    start: tag,
    end: stop?.end ?? content.length,
    failure: { message, raw, ...(parsed.name === undefined ? {} : { name: parsed.name }) },
    source: 'content_python_tag',
    marked: true,
    ...(parsed.atEnd ? { incomplete: true } : {}),
  };
}

const BUILTIN_SUFFIX = '.call';

/** `NAME.call(...)` as a call of `NAME`, unless the dotted name itself is a declared tool. */
function builtinCall<T extends ContentCall & { readonly name: string }>(call: T, context: ExtractionContext | undefined): T {
  const { name } = call;
  if (!name.endsWith(BUILTIN_SUFFIX) || name.length === BUILTIN_SUFFIX.length || context?.isKnownTool(name) === true) return call;
  return { ...call, name: name.slice(0, -BUILTIN_SUFFIX.length) };
}

/** True when a (dotted) name of at most 128 characters and `(` start at `at`. */
function opensCall(content: string, at: number): boolean {
  if (!/^[A-Za-z_]$/.test(content[at] ?? '')) return false;
  for (let i = at + 1; i < content.length && i - at <= 128; i++) {
    const c = content[i] as string;
    if (c === '(') return true;
    if (!/^[A-Za-z0-9_.]$/.test(c)) return false;
  }
  return false;
}

/** `end`, or the end of an end token that follows it (after whitespace). */
function afterEndToken(content: string, end: number): number {
  const after = skipWhitespace(content, end);
  const token = END_TOKENS.find((candidate) => content.startsWith(candidate, after));
  return token === undefined ? end : after + token.length;
}

function firstEndToken(content: string, from: number): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  for (const token of END_TOKENS) {
    const at = content.indexOf(token, from);
    if (at !== -1 && (found === undefined || at < found.start)) found = { start: at, end: at + token.length };
  }
  return found;
}
