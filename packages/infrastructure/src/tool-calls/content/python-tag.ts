import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const TAG = '<|python_tag|>';
const END_TOKENS = ['<|eom_id|>', '<|eot_id|>'];

/**
 * `<|python_tag|>{"name": ..., "parameters": {...}}` (Llama 3.1), optionally followed by
 * `<|eom_id|>` or `<|eot_id|>`, which are removed with it. Python-call syntax after the tag
 * (`tool.call(query="...")`, Llama's built-in tools) is not JSON and stays text. An object never
 * closed runs to the next end token or the end of the content and is marked incomplete.
 */
export function extractPythonTags(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let tag = content.indexOf(TAG, from); tag !== -1; tag = content.indexOf(TAG, from)) {
    const bodyStart = skipWhitespace(content, tag + TAG.length);
    if (content[bodyStart] !== '{') {
      from = tag + TAG.length;
      continue;
    }
    const end = findJsonEnd(content, bodyStart);
    if (end === -1) {
      const stop = firstEndToken(content, bodyStart);
      spans.push({ start: tag, end: stop?.end ?? content.length, body: content.slice(bodyStart, stop?.start ?? content.length), source: 'content_python_tag', marked: true, incomplete: true });
      break;
    }
    const after = skipWhitespace(content, end);
    const token = END_TOKENS.find((candidate) => content.startsWith(candidate, after));
    spans.push({ start: tag, end: token === undefined ? end : after + token.length, body: content.slice(bodyStart, end), source: 'content_python_tag', marked: true });
    from = end;
  }
  return spans;
}

function firstEndToken(content: string, from: number): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  for (const token of END_TOKENS) {
    const at = content.indexOf(token, from);
    if (at !== -1 && (found === undefined || at < found.start)) found = { start: at, end: at + token.length };
  }
  return found;
}
