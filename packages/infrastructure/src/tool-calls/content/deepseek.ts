import type { ContentCall, ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

// DeepSeek's special tokens use U+FF5C (fullwidth vertical bar) and U+2581 (lower one eighth block).
const SECTION_BEGIN = '<\uff5ctool\u2581calls\u2581begin\uff5c>';
const SECTION_END = '<\uff5ctool\u2581calls\u2581end\uff5c>';
const CALL_BEGIN = '<\uff5ctool\u2581call\u2581begin\uff5c>';
const CALL_END = '<\uff5ctool\u2581call\u2581end\uff5c>';
const SEP = '<\uff5ctool\u2581sep\uff5c>';
/** R1-distill models open the section and the first call with one token (llama.cpp `test-chat.cpp`). */
const DISTILL_BEGIN = '<\uff5ctool\u2581calls\uff5c>';
const SOURCE = 'content_deepseek';

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
 * One span per call (so one unreadable call does not take its neighbours with it), plus empty
 * spans that remove the section markers. A call begun and never ended runs to the end of the
 * content and is marked incomplete; a call without `<｜tool▁sep｜>` is a failed call.
 */
export function extractDeepSeek(content: string): ContentSpan[] {
  if (!content.includes(CALL_BEGIN) && !content.includes(SECTION_BEGIN) && !content.includes(DISTILL_BEGIN)) return [];
  const next = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const section = next(SECTION_BEGIN, from);
    const begun = next(CALL_BEGIN, from);
    const distilled = next(DISTILL_BEGIN, from);
    // Whichever opens a call first: `<｜tool▁call▁begin｜>`, or the distill models' `<｜tool▁calls｜>`.
    const useDistilled = distilled !== -1 && (begun === -1 || distilled < begun);
    const call = useDistilled ? distilled : begun;
    const opener = useDistilled ? DISTILL_BEGIN : CALL_BEGIN;
    if (call === -1 && section === -1) break;
    if (section !== -1 && (call === -1 || section < call)) {
      spans.push(marker(section, section + SECTION_BEGIN.length));
      from = section + SECTION_BEGIN.length;
      continue;
    }
    const bodyStart = call + opener.length;
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

/** An empty span: a section marker removed from the content. */
function marker(start: number, end: number): ContentSpan {
  return { start, end, calls: [], source: SOURCE, marked: true };
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
