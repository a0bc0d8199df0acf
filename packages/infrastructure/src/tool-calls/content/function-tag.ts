import { isCallName } from './call-name.js';
import type { ContentSpan } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const OPEN = '<function';
const CLOSE = '</function>';
/** Longest opening tag read (`<function name="...">`); a longer one is prose. */
const MAX_OPEN_TAG_LENGTH = 160;

/**
 * `<function=NAME>{...}</function>` (Llama 3.1 custom tools, Functionary v3.1; llama.cpp
 * `common/chat.cpp` "Llama 3.1 / Functionary v3.1" and the Llama 3.1 model card) and
 * `<function name="NAME">{...}</function>`: the name in the tag, the JSON arguments as its body.
 * Only a body that opens with `{` is this format: `<function=NAME>` followed by `<parameter=`
 * is Qwen3-Coder XML (`qwen3-xml.ts`), and a tag followed by prose stays text. `</function>` may
 * be missing when the JSON closes; JSON never closed runs to the end of the content, incomplete.
 * Any name that fits a tool name is a call (an unknown one is refused later).
 */
export function extractFunctionTags(content: string): ContentSpan[] {
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = content.indexOf(OPEN, from); open !== -1; open = content.indexOf(OPEN, from)) {
    from = open + OPEN.length;
    const tag = readOpenTag(content, open);
    if (tag === undefined) continue;
    const bodyStart = skipWhitespace(content, tag.end);
    if (content[bodyStart] !== '{') continue;
    const jsonEnd = findJsonEnd(content, bodyStart);
    if (jsonEnd === -1) {
      spans.push({ start: open, end: content.length, calls: [{ name: tag.name, arguments: content.slice(bodyStart) }], source: 'content_function_tag', marked: true, incomplete: true });
      break;
    }
    const after = skipWhitespace(content, jsonEnd);
    const end = content.startsWith(CLOSE, after) ? after + CLOSE.length : jsonEnd;
    spans.push({ start: open, end, calls: [{ name: tag.name, arguments: content.slice(bodyStart, jsonEnd) }], source: 'content_function_tag', marked: true });
    from = end;
  }
  return spans;
}

/** The name in `<function=NAME>` or `<function name="NAME">` at `open`, and the offset after `>`. */
export function readOpenTag(content: string, open: number): { name: string; end: number } | undefined {
  // Looked for in a bounded window, so many `<function` without `>` stay linear.
  const found = content.slice(open, open + MAX_OPEN_TAG_LENGTH).indexOf('>', OPEN.length);
  if (found === -1) return undefined;
  const close = open + found;
  const inside = content.slice(open + OPEN.length, close);
  let name: string;
  if (inside.startsWith('=')) name = inside.slice(1).trim();
  else {
    const attribute = inside.trim();
    if (!attribute.startsWith('name=') || inside[0] !== ' ') return undefined;
    const quoted = attribute.slice('name='.length);
    const quote = quoted[0];
    if ((quote !== '"' && quote !== "'") || !quoted.endsWith(quote) || quoted.length < 2) return undefined;
    name = quoted.slice(1, -1);
  }
  return isCallName(name) ? { name, end: close + 1 } : undefined;
}
