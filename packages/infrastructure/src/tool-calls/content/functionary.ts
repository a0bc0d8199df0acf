import type { ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = '>>>';
/** The recipient of plain text: `>>>all\nTEXT` is an answer, not a call. */
const TEXT_RECIPIENT = 'all';
const SOURCE = 'content_functionary';
/** Longest name read after `>>>`; a longer run is not a name, and bounds the scan. */
const MAX_NAME_LENGTH = 128;

/**
 * Functionary v3.2 calls, as its chat template writes them (meetkai functionary-small-v3.2
 * `tokenizer_config.json`; llama.cpp `common/chat.cpp` Functionary v3.2): `>>>NAME\n{...}`, any
 * number of them, each starting where the previous ended; `>>>all\nTEXT` is text (its marker is
 * removed). The template ends the prompt with `>>>`, so the output may start with `NAME\n{...}`
 * or `all\n` with no marker: that first call counts only when NAME is a declared tool and its body
 * is valid JSON, since nothing else marks it.
 *
 * The name must follow `>>>` directly and end the line, and the body must be a JSON object: a
 * Python prompt (`>>> print(x)`), a quote (`>>>`), or `>>>python\n` code is text. An object never
 * closed runs to the end of the content and is marked incomplete.
 */
export function extractFunctionary(content: string, context: ExtractionContext): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let marker = content.indexOf(MARKER, from); marker !== -1; marker = content.indexOf(MARKER, from)) {
    from = marker + MARKER.length;
    const line = readNameLine(content, marker + MARKER.length);
    if (line === undefined) continue;
    if (line.name === TEXT_RECIPIENT) {
      spans.push({ start: marker, end: line.next, calls: [], source: SOURCE, marked: true });
      from = line.next;
      continue;
    }
    const span = readCall(content, marker, line, true);
    if (span === undefined) continue;
    spans.push(span);
    if (span.incomplete === true) break;
    from = span.end;
  }
  const first = leadingCall(content, context, spans[0]?.start ?? content.length, spans.length > 0);
  if (first !== undefined) spans.unshift(first);
  return spans;
}

/** `NAME\n` right after the marker: the name and the offset after the newline. */
function readNameLine(content: string, at: number): { readonly name: string; readonly next: number } | undefined {
  const limit = Math.min(content.length, at + MAX_NAME_LENGTH + 1);
  for (let i = at; i < limit; i++) {
    const c = content[i] as string;
    if (c === '\n') return i === at ? undefined : { name: content.slice(at, i), next: i + 1 };
    if (c === ' ' || c === '\t' || c === '\r' || c === '<' || c === '>' || c === '{' || c === '"') return undefined;
  }
  return undefined;
}

/** The call whose name line was read; `undefined` when the body is not a JSON object. */
function readCall(content: string, start: number, line: { readonly name: string; readonly next: number }, marked: boolean): ContentSpan | undefined {
  const bodyStart = skipWhitespace(content, line.next);
  if (content[bodyStart] !== '{') return undefined;
  const end = findJsonEnd(content, bodyStart);
  if (end === -1) return { start, end: content.length, calls: [{ name: line.name, arguments: content.slice(bodyStart) }], source: SOURCE, marked, incomplete: true };
  return { start, end, calls: [{ name: line.name, arguments: content.slice(bodyStart, end) }], source: SOURCE, marked };
}

/**
 * The unmarked start of the output (the prompt's `>>>` opened it): `all\n` is removed when marked
 * Functionary spans follow; `NAME\n{...}` is a call when NAME is declared, the object is complete
 * JSON, and nothing but whitespace separates it from the end or from the next `>>>`.
 */
function leadingCall(content: string, context: ExtractionContext, firstSpan: number, marked: boolean): ContentSpan | undefined {
  if (content.startsWith(MARKER) || context.afterText === true) return undefined;
  const line = readNameLine(content, 0);
  if (line === undefined) return undefined;
  if (line.name === TEXT_RECIPIENT) return marked ? { start: 0, end: line.next, calls: [], source: SOURCE, marked: true } : undefined;
  if (!context.isKnownTool(line.name)) return undefined;
  const span = readCall(content, 0, line, false);
  if (span === undefined || span.incomplete === true || span.end > firstSpan) return undefined;
  if (content.slice(span.end, firstSpan).trim() !== '') return undefined;
  try {
    JSON.parse(content.slice(skipWhitespace(content, line.next), span.end));
  } catch {
    return undefined;
  }
  return span;
}
