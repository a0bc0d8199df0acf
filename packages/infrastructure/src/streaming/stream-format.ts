/** The stream formats the accumulator reads: OpenAI-compatible server-sent events, or Ollama's NDJSON. */
export type StreamFormat = 'sse' | 'ndjson';

/** SSE lines start with a field name and a colon, or a colon alone (a comment). */
const SSE_FIELD_PREFIXES = ['data:', 'event:', 'id:', 'retry:', ':'] as const;

/**
 * Names the format of a stream from its first non-blank line: `data:`, `event:`, `id:`,
 * `retry:` or a `:` comment is SSE, `{` is NDJSON. Returns `undefined` for anything else (and
 * for text that is all whitespace). Reads only up to the first non-blank character and the
 * few after it, whatever the length of `text`.
 */
export function detectStreamFormat(text: string): StreamFormat | undefined {
  let start = 0;
  // A byte order mark and blank lines may precede the first line that says anything.
  while (start < text.length && isBlankOrBom(text.charCodeAt(start))) start++;
  if (start === text.length) return undefined;
  if (text.charCodeAt(start) === 0x7b /* { */) return 'ndjson';
  return SSE_FIELD_PREFIXES.some((prefix) => text.startsWith(prefix, start)) ? 'sse' : undefined;
}

function isBlankOrBom(unit: number): boolean {
  return unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d || unit === 0xfeff;
}
