import { isDeclaredCallEnvelope } from './call-envelope.js';
import type { ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';
import { sniffCallName } from './sniff-call-name.js';

/** Candidate starts whose JSON never closes before the tail is given up: bounds the work on hostile text. */
const MAX_UNCLOSED_CANDIDATES = 16;
const FENCE = '```';
/** An `arguments` or `parameters` key, quoted either way, in JSON that needs repair. */
const ARGUMENTS_KEY = /(?:arguments|parameters)["']\s*:/;

/**
 * Unmarked JSON calls (Llama 3.x JSON tool calling; vLLM `llama_tool_parser.py`, llama.cpp
 * `common/chat.cpp` "Llama 3.x"): `{"name": ..., "arguments" | "parameters": {...}}`, several
 * such objects separated by whitespace or `;`, or an array of them. Nothing marks them, so they are
 * calls only when they make up the whole message or its tail after prose (nothing follows but
 * whitespace), and every name in them is a declared tool ({@link ExtractionContext.isKnownTool}).
 * JSON naming no tool, JSON followed by prose, and JSON in code are text. The dispatcher still
 * requires every decoded value to be a call envelope. Linear: each candidate opening bracket that
 * closes is skipped past whole, and at most {@link MAX_UNCLOSED_CANDIDATES} never close.
 */
export function extractBareJson(content: string, context: ExtractionContext): ContentSpan[] {
  let last = content.length;
  while (last > 0 && /\s/.test(content[last - 1] as string)) last--;
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
      // The calls are the values at the end that all name tools (`[note] {...}` keeps `[note]` as text).
      let first = values.length;
      while (first > 0 && namesDeclaredTools((values[first - 1] as JsonText).text, context)) first--;
      const calls = values.slice(first);
      if (calls.length === 0) return [];
      const body = calls.length === 1 ? (calls[0] as JsonText).text : `[${calls.map((value) => value.text).join(',')}]`;
      return [{ start: (calls[0] as JsonText).start, end: last, body, source: 'content_bare_json', marked: false }];
    }
    if (values.unclosed && ++unclosed > MAX_UNCLOSED_CANDIDATES) return [];
    candidate = nextOpening(content, values.next, last);
  }
  return [];
}

interface JsonText {
  readonly start: number;
  readonly text: string;
}

/** The next `{` or `[` at or after `from` that starts a line or follows a space or a colon. */
function nextOpening(content: string, from: number, last: number): number {
  for (let i = from; i < last; i++) {
    const c = content[i];
    if (c !== '{' && c !== '[') continue;
    if (i === 0 || /^[\s:;]$/.test(content[i - 1] as string)) return i;
  }
  return -1;
}

/**
 * The texts of the JSON values from `start` when they run, separated by whitespace or `;`, to
 * exactly `last`. Otherwise where to look for the tail next: after the last value that closed
 * (a tail cannot start inside the values just walked, nor at one of them, which would lead to the
 * same text), or just after a value that never closes (`unclosed`).
 */
function valuesToTail(content: string, start: number, last: number): JsonText[] | { readonly next: number; readonly unclosed: boolean } {
  const values: JsonText[] = [];
  let pos = start;
  for (;;) {
    const end = findJsonEnd(content, pos);
    if (end === -1) return { next: pos + 1, unclosed: true };
    values.push({ start: pos, text: content.slice(pos, end) });
    if (end >= last) return values;
    let next = skipWhitespace(content, end);
    if (content[next] === ';') next = skipWhitespace(content, next + 1);
    if (content[next] !== '{' && content[next] !== '[') return { next: end, unclosed: false };
    pos = next;
  }
}

/**
 * True when the value text is a call envelope, or an array of them, each naming a declared tool:
 * read as JSON, or, when it needs repair, by its first name and an `arguments`/`parameters` key.
 */
function namesDeclaredTools(text: string, context: ExtractionContext): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Code in braces (`{ return {...}; }`) is not a call that needs repair: its first key must be quoted.
    const first = text[skipWhitespace(text, text[0] === '[' ? skipWhitespace(text, 1) + 1 : 1)];
    if (first !== '"' && first !== "'") return false;
    const name = sniffCallName(text);
    return name !== undefined && context.isKnownTool(name) && ARGUMENTS_KEY.test(text);
  }
  const items = Array.isArray(value) ? value : [value];
  return (
    items.length > 0 &&
    items.every((item) => isDeclaredCallEnvelope(item, context))
  );
}
