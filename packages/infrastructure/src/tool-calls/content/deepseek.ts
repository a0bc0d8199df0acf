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
/** Kimi K2's call token, which is also DeepSeek's written in ASCII. */
const KIMI_CALL_BEGIN = '<|tool_call_begin|>';
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
 * The tokens are also read as models and servers write them without their special characters:
 * ASCII `|` for `｜`, and `_` or a space for `▁` (`<|tool_calls_begin|><|tool_call_begin|>NAME<|tool_sep|>{...}<|tool_call_end|><|tool_calls_end|>`).
 * Each such spelling has the length of the real token, so the scan reads a copy with the tokens
 * rewritten ({@link normalizeDeepSeekTokens}) and its offsets stay the content's.
 *
 * The scan is {@link extractSectionedCalls}'s; a call without `<｜tool▁sep｜>` is a failed call,
 * except one whose begin token is spelled `<|tool_call_begin|>`: that is Kimi K2's token too, and
 * such a call is left to `kimi.ts`.
 */
export function extractDeepSeek(content: string): ContentSpan[] {
  const normalized = normalizeDeepSeekTokens(content);
  return extractSectionedCalls(normalized, TOKENS, (text, start, end, incomplete) => readCall(text, start, end, incomplete, !content.startsWith(KIMI_CALL_BEGIN, start)));
}

/** The words of each DeepSeek token, the canonical spelling being `<｜` + words joined by `▁` + `｜>`. */
const TOKEN_WORDS = Object.freeze([
  ['tool', 'calls', 'begin'],
  ['tool', 'calls', 'end'],
  ['tool', 'call', 'begin'],
  ['tool', 'call', 'end'],
  ['tool', 'sep'],
  ['tool', 'calls'],
]);
const BARS = new Set(['\uff5c', '|']);
const JOINERS = new Set(['\u2581', '_', ' ']);

/**
 * `content` with every DeepSeek token written with ASCII bars or `_` / space joiners rewritten
 * to its canonical spelling, which has the same length (each replaced character is one UTF-16
 * unit), so offsets into the copy are offsets into `content`. Only text from `<` to `>` that
 * spells a token is touched; the same object is returned when nothing was.
 */
export function normalizeDeepSeekTokens(content: string): string {
  let out: string[] | undefined;
  let copied = 0;
  for (let at = content.indexOf('<', 0); at !== -1; at = content.indexOf('<', at + 1)) {
    if (!BARS.has(content[at + 1] ?? '')) continue;
    for (const words of TOKEN_WORDS) {
      const length = spells(content, at, words);
      if (length === 0) continue;
      const canonical = `<\uff5c${words.join('\u2581')}\uff5c>`;
      if (content.slice(at, at + length) !== canonical) {
        out ??= [];
        out.push(content.slice(copied, at), canonical);
        copied = at + length;
      }
      break;
    }
  }
  if (out === undefined) return content;
  out.push(content.slice(copied));
  return out.join('');
}

/** The length of the token `words` spells at `at` (any bar, any joiner), or 0. */
function spells(content: string, at: number, words: readonly string[]): number {
  let i = at + 2;
  for (let w = 0; w < words.length; w++) {
    if (w > 0) {
      if (!JOINERS.has(content[i] ?? '')) return 0;
      i++;
    }
    const word = words[w] as string;
    if (!content.startsWith(word, i)) return 0;
    i += word.length;
  }
  return BARS.has(content[i] ?? '') && content[i + 1] === '>' ? i + 2 - at : 0;
}

/**
 * True when a call's text holds DeepSeek's separator in any spelling: `kimi.ts` leaves a call
 * written with `<|tool_call_begin|>` and no `<|tool_call_argument_begin|>` to this extractor then.
 */
export function hasDeepSeekSeparator(text: string): boolean {
  return normalizeDeepSeekTokens(text).includes(SEP);
}

/** One call's text between `<｜tool▁call▁begin｜>` and `<｜tool▁call▁end｜>`; `canonical` unless its begin token was spelled as Kimi K2's. */
function readCall(text: string, start: number, end: number, incomplete: boolean, canonical: boolean): ContentSpan | undefined {
  const cut = incomplete ? { incomplete: true } : {};
  const sep = text.indexOf(SEP);
  if (sep === -1) {
    if (!canonical) return undefined;
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
