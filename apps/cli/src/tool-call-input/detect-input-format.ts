import { scanJsonText } from '@acode/infrastructure/validate';
import type { StreamFormat } from '../runtime.js';

/** What `--input` holds: one JSON document (a response or a bare message) or a stream. */
export type InputFormat = StreamFormat | 'json';

/** Deepest nesting accepted when checking whether a line is a whole JSON value. */
const LINE_DEPTH = 512;

/**
 * Tells a stream from a document (one pass, no backtracking): the first non-blank line starting
 * with `data:`, `event:` or `:` (an SSE comment) is an SSE stream; a first line that is a whole
 * JSON value followed by more non-blank lines is NDJSON; anything else is one JSON document
 * (which may be pretty-printed over many lines).
 */
export function detectInputFormat(text: string): InputFormat {
  const first = nextNonBlankLine(text, 0);
  if (first === undefined) return 'json';
  const line = text.slice(first.start, first.end).trim();
  if (line.startsWith('data:') || line.startsWith('event:') || line.startsWith(':')) return 'sse';
  if (nextNonBlankLine(text, first.end) === undefined) return 'json';
  return scanJsonText(line, LINE_DEPTH).ok ? 'ndjson' : 'json';
}

/** The first line at or after `from` holding something other than whitespace. */
function nextNonBlankLine(text: string, from: number): { start: number; end: number } | undefined {
  let start = from;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (text.slice(start, end).trim() !== '') return { start, end };
    start = end + 1;
  }
  return undefined;
}
