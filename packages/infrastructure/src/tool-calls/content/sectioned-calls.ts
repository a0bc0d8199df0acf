import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

/** The special tokens of a template that writes calls as `SECTION_BEGIN (CALL_BEGIN ... CALL_END)+ SECTION_END`. */
export interface SectionTokens {
  readonly sectionBegin: string;
  readonly sectionEnd: string;
  /** The tokens that open a call; the first found wins (DeepSeek's R1-distill models have a second one). */
  readonly callBegins: readonly string[];
  readonly callEnd: string;
  readonly source: ContentSpan['source'];
}

/**
 * Reads one call's text (between its begin and end tokens) into a span from `start` to `end`;
 * `undefined` when the call is another format's (DeepSeek and Kimi share ASCII token spellings).
 */
export type SectionCallReader = (text: string, start: number, end: number, incomplete: boolean) => ContentSpan | undefined;

/**
 * Scans the sectioned call format DeepSeek and Kimi K2 share: one span per call (so one
 * unreadable call does not take its neighbours with it), plus empty spans removing the section
 * markers; the section end right after a call goes with it. A call begun and never ended runs to
 * the end of the content and is marked incomplete, unless the next call begins first and the
 * begun call's arguments are complete JSON: its end token was left out, and it ends where the next
 * begins (llama.cpp reads Kimi K2 calls so). Linear: every token is searched forward once
 * ({@link nextOccurrence}).
 */
export function extractSectionedCalls(content: string, tokens: SectionTokens, readCall: SectionCallReader): ContentSpan[] {
  const { sectionBegin, sectionEnd, callBegins, callEnd, source } = tokens;
  if (!content.includes(sectionBegin) && !callBegins.some((token) => content.includes(token))) return [];
  const next = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const section = next(sectionBegin, from);
    let call = -1;
    let opener = '';
    for (const token of callBegins) {
      const at = next(token, from);
      if (at !== -1 && (call === -1 || at < call)) {
        call = at;
        opener = token;
      }
    }
    if (call === -1 && section === -1) break;
    if (section !== -1 && (call === -1 || section < call)) {
      spans.push({ start: section, end: section + sectionBegin.length, calls: [], source, marked: true });
      from = section + sectionBegin.length;
      continue;
    }
    const bodyStart = call + opener.length;
    const close = next(callEnd, bodyStart);
    const following = nextBegin(next, callBegins, bodyStart);
    if (following !== -1 && (close === -1 || following < close)) {
      const runOn = readCall(content.slice(bodyStart, following), call, following, false);
      if (runOn !== undefined && hasCompleteArguments(runOn)) {
        spans.push(runOn);
        from = following;
        continue;
      }
    }
    if (close === -1) {
      const cut = readCall(content.slice(bodyStart), call, content.length, true);
      if (cut !== undefined) spans.push(cut);
      break;
    }
    let end = close + callEnd.length;
    const after = skipWhitespace(content, end);
    if (content.startsWith(sectionEnd, after)) end = after + sectionEnd.length;
    const read = readCall(content.slice(bodyStart, close), call, end, false);
    if (read !== undefined) spans.push(read);
    from = end;
  }
  return spans;
}

/** The first of the begin tokens at or after `from`, or -1. */
function nextBegin(next: (token: string, from: number) => number, tokens: readonly string[], from: number): number {
  let found = -1;
  for (const token of tokens) {
    const at = next(token, from);
    if (at !== -1 && (found === -1 || at < found)) found = at;
  }
  return found;
}

/** True when the span is one call whose arguments text is one complete JSON object or array. */
function hasCompleteArguments(span: ContentSpan): boolean {
  const args = span.calls?.length === 1 ? span.calls[0]?.arguments : undefined;
  if (typeof args !== 'string') return false;
  const text = args.trim();
  return (text.startsWith('{') || text.startsWith('[')) && findJsonEnd(text, 0) === text.length;
}
