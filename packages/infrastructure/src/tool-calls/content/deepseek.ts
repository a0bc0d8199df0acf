import type { ContentCall, ContentSpan } from './content-span.js';
import { extractSectionedCalls, type SectionTokens } from './sectioned-calls.js';

// DeepSeek's special tokens use U+FF5C (fullwidth vertical bar) and U+2581 (lower one eighth block).
const SECTION_BEGIN = '<\uff5ctool\u2581calls\u2581begin\uff5c>';
const SECTION_END = '<\uff5ctool\u2581calls\u2581end\uff5c>';
const CALL_BEGIN = '<\uff5ctool\u2581call\u2581begin\uff5c>';
const CALL_END = '<\uff5ctool\u2581call\u2581end\uff5c>';
const SEP = '<\uff5ctool\u2581sep\uff5c>';
/** R1-distill models open the section and the first call with one token (llama.cpp `test-chat.cpp`). */
const DISTILL_BEGIN = '<\uff5ctool\u2581calls\uff5c>';
const SOURCE = 'content_deepseek';
const TOKENS: SectionTokens = { sectionBegin: SECTION_BEGIN, sectionEnd: SECTION_END, callBegins: [CALL_BEGIN, DISTILL_BEGIN], callEnd: CALL_END, source: SOURCE };

/**
 * DeepSeek V3 / R1 and V3.1 calls, as their chat templates write them (deepseek-ai
 * DeepSeek-V3 / DeepSeek-R1 / DeepSeek-V3.1 `tokenizer_config.json`; vLLM `deepseekv3_tool_parser.py`
 * and `deepseekv31_tool_parser.py`, llama.cpp `common/chat.cpp`):
 *
 * - V3 / R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{...}\n```<｜tool▁call▁end｜>...<｜tool▁calls▁end｜>`
 * - V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{...}<｜tool▁call▁end｜>...<｜tool▁calls▁end｜>`
 * - R1-distill: `<｜tool▁calls｜>function<｜tool▁sep｜>NAME\n```json\n{...}\n```<｜tool▁call▁end｜>`, one token
 *   opening the section and the first call.
 *
 * The scan is {@link extractSectionedCalls}'s; a call without `<｜tool▁sep｜>` is a failed call.
 */
export function extractDeepSeek(content: string): ContentSpan[] {
  return extractSectionedCalls(content, TOKENS, readCall);
}

/** One call's text between `<｜tool▁call▁begin｜>` and `<｜tool▁call▁end｜>`. */
function readCall(text: string, start: number, end: number, incomplete: boolean): ContentSpan {
  const cut = incomplete ? { incomplete: true } : {};
  const sep = text.indexOf(SEP);
  if (sep === -1) {
    return { start, end, failure: { message: 'A DeepSeek tool call has no <\uff5ctool\u2581sep\uff5c> between its name and its arguments', raw: text }, source: SOURCE, marked: true, ...cut };
  }
  const head = text.slice(0, sep).trim();
  const rest = text.slice(sep + SEP.length);
  const found: ContentCall =
    // V3 / R1 put the type first and the name after the separator; V3.1 puts the name first.
    head === 'function' && !rest.trimStart().startsWith('{') ? v3Call(rest) : { name: head, arguments: rest.trim() };
  return { start, end, calls: [found], source: SOURCE, marked: true, ...cut };
}

/** `NAME\n```json\n{...}\n```` (the fence may be missing or cut off). */
function v3Call(rest: string): ContentCall {
  const lineEnd = rest.indexOf('\n');
  const name = (lineEnd === -1 ? rest : rest.slice(0, lineEnd)).trim();
  let args = lineEnd === -1 ? '' : rest.slice(lineEnd + 1).trim();
  if (args.startsWith('```')) {
    const infoEnd = args.indexOf('\n');
    args = infoEnd === -1 ? '' : args.slice(infoEnd + 1);
    const fence = args.lastIndexOf('```');
    if (fence !== -1) args = args.slice(0, fence);
    args = args.trim();
  }
  return { name, arguments: args };
}
