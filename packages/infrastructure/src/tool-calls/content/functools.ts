import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const MARKER = 'functools[';

/**
 * Phi-4-mini and FireFunction v2 calls, as their chat templates write them (microsoft
 * Phi-4-mini-instruct and fireworks-ai llama-3-firefunction-v2 `tokenizer_config.json`; vLLM
 * `phi4mini_tool_parser.py`, llama.cpp `common/chat.cpp` FireFunction v2):
 * `functools[{"name": ..., "arguments": {...}}, ...]`.
 *
 * The `[` is part of the marker, so prose about Python's `functools` module (`functools.partial`)
 * is never read; the array must open with a call object (or be empty). An array never closed runs
 * to the end of the content and is marked incomplete.
 */
export function extractFunctools(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let marker = content.indexOf(MARKER, from); marker !== -1; marker = content.indexOf(MARKER, from)) {
    const arrayStart = marker + MARKER.length - 1;
    const next = content[skipWhitespace(content, arrayStart + 1)];
    // `functools` must start a word: `my_functools[...]` is someone's code.
    const before = marker === 0 ? '' : (content[marker - 1] as string);
    if ((next !== '{' && next !== ']') || /[A-Za-z0-9_.]/.test(before)) {
      from = marker + MARKER.length;
      continue;
    }
    const end = findJsonEnd(content, arrayStart);
    if (end === -1) {
      spans.push({ start: marker, end: content.length, body: content.slice(arrayStart), source: 'content_functools', marked: true, incomplete: true });
      break;
    }
    spans.push({ start: marker, end, body: content.slice(arrayStart, end), source: 'content_functools', marked: true });
    from = end;
  }
  return spans;
}
