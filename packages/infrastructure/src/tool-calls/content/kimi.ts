import type { ContentSpan } from './content-span.js';
import { hasDeepSeekSeparator } from './deepseek.js';
import { extractSectionedCalls, type SectionTokens } from './sectioned-calls.js';

const SECTION_BEGIN = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';
const CALL_BEGIN = '<|tool_call_begin|>';
const ARGUMENT_BEGIN = '<|tool_call_argument_begin|>';
const CALL_END = '<|tool_call_end|>';
const SOURCE = 'content_kimi';
const FUNCTIONS_PREFIX = 'functions.';
const TOKENS: SectionTokens = { sectionBegin: SECTION_BEGIN, sectionEnd: SECTION_END, callBegins: [CALL_BEGIN], callEnd: CALL_END, source: SOURCE };

/**
 * Kimi K2 calls, as its chat template writes them (moonshotai Kimi-K2-Instruct
 * `chat_template.jinja`; vLLM `kimi_k2_tool_parser.py`):
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{...}<|tool_call_end|>...<|tool_calls_section_end|>`.
 *
 * The call id is `functions.NAME:IDX` as written (the template sends it back with the tool
 * result); the name is what lies between `functions.` and the last `:`. The scan is
 * {@link extractSectionedCalls}'s: calls whose section opener was lost (the text starts with
 * `<|tool_call_begin|>`) are read, and so are calls whose `<|tool_call_end|>` was left out before
 * the next call. A call without `<|tool_call_argument_begin|>` is a failed call, unless it holds
 * DeepSeek's `<|tool_sep|>` (DeepSeek's tokens written in ASCII, read by `deepseek.ts`).
 */
export function extractKimi(content: string): ContentSpan[] {
  return extractSectionedCalls(content, TOKENS, readCall);
}

/** One call's text between `<|tool_call_begin|>` and `<|tool_call_end|>`. */
function readCall(text: string, start: number, end: number, incomplete: boolean): ContentSpan | undefined {
  const cut = incomplete ? { incomplete: true } : {};
  const argsAt = text.indexOf(ARGUMENT_BEGIN);
  // DeepSeek written in ASCII shares these tokens: a call with its separator is `deepseek.ts`'s.
  if (argsAt === -1 && hasDeepSeekSeparator(text)) return undefined;
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
