import type { ContentSpan } from './content-span.js';
import { nextOccurrence } from './next-occurrence.js';

const START = '<|start|>';
const CHANNEL = '<|channel|>';
const MESSAGE = '<|message|>';
/** What ends a message: a call, a turn's end, the final answer's end. */
const TERMINATORS = ['<|call|>', '<|end|>', '<|return|>'];
const FUNCTIONS_PREFIX = 'functions.';
const RECIPIENT = 'to=';
const SOURCE = 'content_harmony';
/** Longest header (`<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json`) read. */
const MAX_HEADER_LENGTH = 512;

/**
 * gpt-oss calls in the harmony format (openai/harmony "Harmony response format" guide, gpt-oss
 * `chat_template.jinja`; vLLM `openai_tool_parser.py`, llama.cpp `common/chat.cpp` GPT-OSS):
 *
 * - `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{...}<|call|>`
 * - the recipient may come before the channel: `<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>{...}<|call|>`
 * - `<|start|>assistant` is often in the prompt, so a header may start at `<|channel|>` (or at
 *   ` to=functions.NAME` just before it); `<|constrain|>` is optional.
 *
 * A message with a recipient is a call (a recipient other than `functions.*`, such as gpt-oss's
 * built-in `browser.search`, is kept as written, so the parser reports it as unknown). A message
 * without one is text: its header and terminator are removed and its text stays in the content
 * (the `final` channel, commentary preambles), except the `analysis` channel, which is reasoning
 * (`split-reasoning.ts` removes the usual form) and is removed whole. A call whose message never
 * ends (no `<|call|>`: the output was cut, or the server dropped its stop token) runs to the end of
 * the content and is marked incomplete.
 */
export function extractHarmony(content: string): ContentSpan[] {
  if (!content.includes(MESSAGE)) return [];
  const next = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (;;) {
    const start = next(START, from);
    const channel = next(CHANNEL, from);
    if (start === -1 && channel === -1) break;
    let headerStart = start !== -1 && (channel === -1 || start < channel) ? start : channel;
    const message = next(MESSAGE, headerStart);
    if (message === -1) break;
    const opening = headerStart === start ? START : CHANNEL;
    const header = content.slice(headerStart, message);
    if (message - headerStart > MAX_HEADER_LENGTH || header.includes(START, opening.length) || TERMINATORS.some((token) => header.includes(token))) {
      // A stray opening: text, or a header too long to be one.
      from = headerStart + opening.length;
      continue;
    }
    let recipient = readRecipient(header);
    if (recipient === undefined && opening === CHANNEL) {
      const before = recipientBefore(content, from, headerStart);
      if (before !== undefined) {
        headerStart = before.start;
        recipient = before.name;
      }
    }
    const bodyStart = message + MESSAGE.length;
    const stop = messageEnd(content, bodyStart, next);
    const body = content.slice(bodyStart, stop.bodyEnd);
    if (recipient !== undefined) {
      const name = recipient.startsWith(FUNCTIONS_PREFIX) ? recipient.slice(FUNCTIONS_PREFIX.length) : recipient;
      const cut = stop.bodyEnd === content.length ? { incomplete: true } : {};
      spans.push({ start: headerStart, end: stop.end, calls: [{ name, arguments: body.trim() }], source: SOURCE, marked: true, ...cut });
    } else if (readChannel(header) === 'analysis') {
      spans.push({ start: headerStart, end: stop.end, calls: [], source: SOURCE, marked: true });
    } else {
      spans.push({ start: headerStart, end: bodyStart, calls: [], source: SOURCE, marked: true });
      if (stop.end > stop.bodyEnd) spans.push({ start: stop.bodyEnd, end: stop.end, calls: [], source: SOURCE, marked: true });
    }
    if (stop.end === content.length) break;
    from = stop.end;
  }
  return spans;
}

/** Where a message's text ends (`bodyEnd`) and where its terminator, if any, ends (`end`). */
function messageEnd(content: string, bodyStart: number, next: (token: string, from: number) => number): { readonly bodyEnd: number; readonly end: number } {
  let bodyEnd = content.length;
  let end = content.length;
  for (const token of TERMINATORS) {
    const at = next(token, bodyStart);
    if (at !== -1 && at < bodyEnd) {
      bodyEnd = at;
      end = at + token.length;
    }
  }
  // A new header without a terminator before it ends the message too; it is not consumed.
  for (const token of [START, CHANNEL]) {
    const at = next(token, bodyStart);
    if (at !== -1 && at < bodyEnd) {
      bodyEnd = at;
      end = at;
    }
  }
  return { bodyEnd, end };
}

/** The word after `to=` in a header, if any. */
function readRecipient(header: string): string | undefined {
  const at = header.indexOf(RECIPIENT);
  if (at === -1 || (at > 0 && !isSpaceOrMarker(header[at - 1] as string))) return undefined;
  const name = readWord(header, at + RECIPIENT.length);
  return name.length === 0 ? undefined : name;
}

/** The channel name of a header (`analysis`, `commentary`, `final`), or `''`. */
function readChannel(header: string): string {
  const at = header.indexOf(CHANNEL);
  return at === -1 ? '' : readWord(header, at + CHANNEL.length);
}

/** ` to=functions.NAME` right before a `<|channel|>` (the prompt ended with `<|start|>assistant`). */
function recipientBefore(content: string, from: number, channel: number): { readonly start: number; readonly name: string } | undefined {
  // Searched within a bounded window, so that many headers cannot make the scan quadratic.
  const windowStart = Math.max(from, channel - MAX_HEADER_LENGTH);
  const found = content.slice(windowStart, channel).lastIndexOf(RECIPIENT);
  if (found === -1) return undefined;
  const at = windowStart + found;
  if (at > from && !isSpaceOrMarker(content[at - 1] as string)) return undefined;
  const name = readWord(content, at + RECIPIENT.length);
  if (name.length === 0 || content.slice(at + RECIPIENT.length + name.length, channel).trim() !== '') return undefined;
  return { start: at, name };
}

/** The characters from `at` up to whitespace or `<`. */
function readWord(text: string, at: number): string {
  let end = at;
  while (end < text.length && !isSpaceOrMarker(text[end] as string)) end++;
  return text.slice(at, end);
}

function isSpaceOrMarker(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '>' || c === '<';
}
