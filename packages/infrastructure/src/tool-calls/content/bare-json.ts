import { callEnvelopes, isCallEnvelope, isDeclaredCallEnvelope } from './call-envelope.js';
import type { ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { sniffCallName } from './sniff-call-name.js';

/** Candidate starts whose JSON never closes before the tail is given up: bounds the work on hostile text. */
const MAX_UNCLOSED_CANDIDATES = 16;
const FENCE = '```';
/** An `arguments`, `parameters` or `params` key, quoted either way, in JSON that needs repair. */
const ARGUMENTS_KEY = /(?:arguments|parameters|params)["']\s*:/;
/**
 * Chat-template framing a model sometimes writes around its JSON (ChatML's `<|im_start|>assistant`
 * line and `<|im_end|>`, Llama 3's header and `<|eot_id|>`...): taken out with the calls, never
 * read as part of them.
 */
const FRAME_OPENINGS = Object.freeze(['<|im_start|>assistant', '<|start_header_id|>assistant<|end_header_id|>', '<|assistant|>', '<|im_start|>']);
const FRAME_CLOSINGS = Object.freeze(['<|im_end|>', '<|eot_id|>', '<|endoftext|>', '<|end|>', '</s>']);
const FRAMING = Object.freeze([...FRAME_OPENINGS, ...FRAME_CLOSINGS]);
/** A whole-message `{"tool_calls": [...]}` wrapper. */
const WRAPPER = /^\{\s*"tool_calls"\s*:/;

/**
 * Unmarked JSON calls (Llama 3.x JSON tool calling; vLLM `llama_tool_parser.py`, llama.cpp
 * `common/chat.cpp` "Llama 3.x"): `{"name": ..., "arguments" | "parameters" | "params": {...}}`,
 * several such objects separated by whitespace, `;` or leaked chat-template framing
 * (`<|im_start|>assistant` ... `<|im_end|>`), an array of them, or a wrapper
 * `{"tool_calls": [...]}`. Nothing marks them, so they are calls only when they make up the whole
 * message or its tail after prose (nothing follows but whitespace, framing, or stray closing
 * brackets, as in `[{...}]]`, dropped as the repair `trailing_markup`), and one name at
 * least is a declared tool ({@link ExtractionContext.isKnownTool}); the other objects of the tail
 * must still be calls (a `no_function` beside a real call is refused as unknown, not dropped).
 * Separate objects are `open`: when the output hit its length limit, the last is refused as cut.
 * A value that opens the message and never closes holds the rest, so nothing after it is a call.
 * JSON naming no tool, JSON followed by prose, and JSON in code are text. Linear: each candidate
 * opening bracket that closes is skipped past whole, and at most {@link MAX_UNCLOSED_CANDIDATES}
 * never close.
 */
export function extractBareJson(content: string, context: ExtractionContext): ContentSpan[] {
  const last = tailEnd(content);
  const lastChar = content[last - 1];
  if (lastChar !== '}' && lastChar !== ']') return [];
  let unclosed = 0;
  // Fences seen before the candidate: an odd count means it lies in a fenced block left open,
  // which is the fenced-json extractor's (a call only when the output was cut there).
  let fences = 0;
  let nextFence = content.indexOf(FENCE);
  let candidate = nextOpening(content, 0, last);
  while (candidate !== -1) {
    while (nextFence !== -1 && nextFence < candidate) {
      fences++;
      nextFence = content.indexOf(FENCE, nextFence + FENCE.length);
    }
    if (fences % 2 === 1) return [];
    const values = valuesToTail(content, candidate, last);
    if (Array.isArray(values)) {
      // The calls are the values at the end that are all calls (`[note] {...}` keeps `[note]` as text).
      // Each value of the tail read once, from the end: whether it is a call, and to a declared tool.
      let first = values.length;
      let declared = false;
      while (first > 0) {
        const reading = readsAsCalls((values[first - 1] as JsonText).text, context);
        if (reading === 'no') break;
        declared ||= reading === 'declared';
        first--;
      }
      const calls = values.slice(first);
      if (!declared) return [];
      const body = calls.length === 1 ? (calls[0] as JsonText).text : `[${calls.map((value) => value.text).join(',')}]`;
      const stray = calls.some((value) => value.stray !== '');
      const end = content.length - trailingSpace(content);
      // Only one array or wrapper is closed by the model's own bracket; after separate objects,
      // more may have been cut away (see ContentSpan.open).
      const only = (calls[0] as JsonText).text;
      const closed = calls.length === 1 && (only.startsWith('[') || WRAPPER.test(only));
      return [
        {
          start: framedStart(content, (calls[0] as JsonText).start),
          end,
          body,
          source: 'content_bare_json',
          marked: false,
          ...(closed ? {} : { open: true }),
          ...(stray ? { repairs: ['trailing_markup'] } : {}),
        },
      ];
    }
    // A value opening the message and never closed holds the rest: a tail in it is part of a cut value.
    if (values.unclosed && candidate === skipSeparators(content, 0)) return [];
    if (values.unclosed && ++unclosed > MAX_UNCLOSED_CANDIDATES) return [];
    candidate = nextOpening(content, values.next, last);
  }
  return [];
}

interface JsonText {
  readonly start: number;
  /** The value as written. */
  readonly text: string;
  /** Stray closing brackets after it, at the end of the message (`]` of `[{...}]]`). */
  readonly stray: string;
}

/** The number of whitespace characters that end the content. */
function trailingSpace(content: string): number {
  let last = content.length;
  while (last > 0 && /\s/.test(content[last - 1] as string)) last--;
  return content.length - last;
}

/** Where the calls may end: the end of the content without trailing whitespace and closing framing. */
function tailEnd(content: string): number {
  let last = content.length;
  for (;;) {
    while (last > 0 && /\s/.test(content[last - 1] as string)) last--;
    const closing = FRAME_CLOSINGS.find((token) => content.endsWith(token, last));
    if (closing === undefined) return last;
    last -= closing.length;
  }
}

/** `at`, or the start of the framing (`<|im_start|>assistant\n`) written just before it. */
function framedStart(content: string, at: number): number {
  let start = at;
  for (;;) {
    let before = start;
    while (before > 0 && /\s/.test(content[before - 1] as string)) before--;
    const opening = FRAME_OPENINGS.find((token) => content.endsWith(token, before));
    if (opening === undefined) return start;
    start = before - opening.length;
  }
}

/** The offset after whitespace, `;` and chat-template framing from `from`. */
function skipSeparators(content: string, from: number): number {
  let pos = skipWhitespace(content, from);
  if (content[pos] === ';') pos = skipWhitespace(content, pos + 1);
  for (;;) {
    const token = FRAMING.find((framing) => content.startsWith(framing, pos));
    if (token === undefined) return pos;
    pos = skipWhitespace(content, pos + token.length);
  }
}

/** The next `{` or `[` at or after `from` that starts a line or follows a space, a colon, a `;` or framing. */
function nextOpening(content: string, from: number, last: number): number {
  for (let i = from; i < last; i++) {
    const c = content[i];
    if (c !== '{' && c !== '[') continue;
    if (i === 0 || /^[\s:;]$/.test(content[i - 1] as string)) return i;
    if (content[i - 1] === '>' && FRAMING.some((token) => content.endsWith(token, i))) return i;
  }
  return -1;
}

/**
 * The texts of the JSON values from `start` when they run, separated by whitespace, `;` or
 * framing, to exactly `last` (or to stray closing brackets that end the message). Otherwise where
 * to look for the tail next: after the last value that closed (a tail cannot start inside the
 * values just walked, nor at one of them, which would lead to the same text), or just after a
 * value that never closes (`unclosed`).
 */
function valuesToTail(content: string, start: number, last: number): JsonText[] | { readonly next: number; readonly unclosed: boolean } {
  const values: JsonText[] = [];
  let pos = start;
  for (;;) {
    const end = findJsonEnd(content, pos);
    if (end === -1) return { next: pos + 1, unclosed: true };
    if (end >= last) {
      values.push({ start: pos, text: content.slice(pos, end), stray: '' });
      return values;
    }
    const next = skipSeparators(content, end);
    if (onlyClosers(content, next, last)) {
      values.push({ start: pos, text: content.slice(pos, end), stray: content.slice(end, last) });
      return values;
    }
    values.push({ start: pos, text: content.slice(pos, end), stray: '' });
    if (content[next] !== '{' && content[next] !== '[') return { next: end, unclosed: false };
    pos = next;
  }
}

/** True when only closing brackets and whitespace lie from `from` to `last` (and there is one). */
function onlyClosers(content: string, from: number, last: number): boolean {
  if (from >= last) return false;
  for (let i = from; i < last; i++) {
    const c = content[i] as string;
    if (c !== ']' && c !== '}' && !/\s/.test(c)) return false;
  }
  return true;
}

/**
 * How the value text reads: `declared` when it is a call envelope naming a declared tool, or
 * holds such calls (an array, a `{"tool_calls": [...]}` wrapper) beside other calls only;
 * `call` when it holds calls naming no declared tool; `no` otherwise. Read as JSON, or, when it
 * needs repair, by its first name and an `arguments`/`parameters`/`params` key.
 */
function readsAsCalls(text: string, context: ExtractionContext): 'declared' | 'call' | 'no' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Code in braces (`{ return {...}; }`) is not a call that needs repair: its first key must be quoted.
    const first = text[skipWhitespace(text, text[0] === '[' ? skipWhitespace(text, 1) + 1 : 1)];
    if (first !== '"' && first !== "'") return 'no';
    const name = sniffCallName(text);
    if (name === undefined || !ARGUMENTS_KEY.test(text)) return 'no';
    return context.isKnownTool(name) ? 'declared' : 'call';
  }
  const envelopes = callEnvelopes(value);
  if (envelopes.length === 0 || !envelopes.every(isCallEnvelope)) return 'no';
  return envelopes.some((envelope) => isDeclaredCallEnvelope(envelope, context)) ? 'declared' : 'call';
}
