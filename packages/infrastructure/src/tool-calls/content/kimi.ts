import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

const SECTION_BEGIN = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';
const CALL_BEGIN = '<|tool_call_begin|>';
const ARGUMENT_BEGIN = '<|tool_call_argument_begin|>';
const CALL_END = '<|tool_call_end|>';
const SOURCE = 'content_kimi';
const FUNCTIONS_PREFIX = 'functions.';

/**
 * Kimi K2 calls, as its chat template writes them (moonshotai Kimi-K2-Instruct
 * `chat_template.jinja`; vLLM `kimi_k2_tool_parser.py`):
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{...}<|tool_call_end|>...<|tool_calls_section_end|>`.
 *
 * The call id is `functions.NAME:IDX` as written (the template sends it back with the tool
 * result); the name is what lies between `functions.` and the last `:`. One span per call, plus
 * empty spans removing the section markers. A call begun and never ended runs to the end of the
 * content and is marked incomplete; one without `<|tool_call_argument_begin|>` is a failed call.
 */
export function extractKimi(content: string): ContentSpan[] {
  if (!content.includes(CALL_BEGIN) && !content.includes(SECTION_BEGIN)) return [];
  const next = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const section = next(SECTION_BEGIN, from);
    const call = next(CALL_BEGIN, from);
    if (call === -1 && section === -1) break;
    if (section !== -1 && (call === -1 || section < call)) {
      spans.push({ start: section, end: section + SECTION_BEGIN.length, calls: [], source: SOURCE, marked: true });
      from = section + SECTION_BEGIN.length;
      continue;
    }
    const bodyStart = call + CALL_BEGIN.length;
    const close = content.indexOf(CALL_END, bodyStart);
    if (close === -1) {
      spans.push(readCall(content.slice(bodyStart), call, content.length, true));
      break;
    }
    let end = close + CALL_END.length;
    // The section end right after the last call goes with it.
    const after = skipWhitespace(content, end);
    if (content.startsWith(SECTION_END, after)) end = after + SECTION_END.length;
    spans.push(readCall(content.slice(bodyStart, close), call, end, false));
    from = end;
  }
  return spans;
}

/** One call's text between `<|tool_call_begin|>` and `<|tool_call_end|>`. */
function readCall(text: string, start: number, end: number, incomplete: boolean): ContentSpan {
  const cut = incomplete ? { incomplete: true } : {};
  const argsAt = text.indexOf(ARGUMENT_BEGIN);
  if (argsAt === -1) {
    return { start, end, failure: { message: 'A Kimi tool call has no <|tool_call_argument_begin|> after its id', raw: text }, source: SOURCE, marked: true, ...cut };
  }
  const id = text.slice(0, argsAt).trim();
  return { start, end, calls: [{ name: nameOf(id), id, arguments: text.slice(argsAt + ARGUMENT_BEGIN.length).trim() }], source: SOURCE, marked: true, ...cut };
}

/** `functions.NAME:IDX` → `NAME`; the prefix and the index are each optional. */
function nameOf(id: string): string {
  const named = id.startsWith(FUNCTIONS_PREFIX) ? id.slice(FUNCTIONS_PREFIX.length) : id;
  const colon = named.lastIndexOf(':');
  return colon !== -1 && /^\d+$/.test(named.slice(colon + 1)) ? named.slice(0, colon) : named;
}
