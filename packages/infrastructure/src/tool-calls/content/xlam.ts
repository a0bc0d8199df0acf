import { isDeclaredCallEnvelope } from './call-envelope.js';
import type { ContentSpan, ExtractionContext } from './content-span.js';
import { findJsonEnd, skipWhitespace } from './find-json-end.js';

const FENCE = '```';
const SOURCE = 'content_xlam';

/**
 * Salesforce xLAM calls, as its chat template asks for them (Salesforce xLAM-2 `chat_template.jinja`;
 * vLLM `xlam_tool_parser.py`): the whole message is a JSON array `[{"name": ..., "arguments":
 * {...}}, ...]`, possibly inside one ```json fence. Nothing marks it, so it counts only when the
 * array is the entire message, is valid JSON, is not empty, and every element names a declared
 * tool (`context.isKnownTool`) and has `arguments` (or `parameters`): an array of data, or one
 * naming an unknown tool, stays text. Single objects are `bare_json`'s.
 */
export function extractXlam(content: string, context: ExtractionContext): ContentSpan[] {
  // The whole output is the list: after text that went out already, bare JSON's tail rule reads it.
  if (context.afterText === true) return [];
  const start = skipWhitespace(content, 0);
  let bodyStart = start;
  let fenced = false;
  if (content.startsWith(FENCE, start)) {
    const lineEnd = content.indexOf('\n', start + FENCE.length);
    const info = lineEnd === -1 ? '' : content.slice(start + FENCE.length, lineEnd).trim().toLowerCase();
    if (info !== 'json' && info !== '') return [];
    bodyStart = skipWhitespace(content, lineEnd + 1);
    fenced = true;
  }
  if (content[bodyStart] !== '[') return [];
  const bodyEnd = findJsonEnd(content, bodyStart);
  if (bodyEnd === -1) return [];
  let end = skipWhitespace(content, bodyEnd);
  if (fenced) {
    if (!content.startsWith(FENCE, end)) return [];
    end = skipWhitespace(content, end + FENCE.length);
  }
  if (end < content.length) return [];
  const body = content.slice(bodyStart, bodyEnd);
  if (!namesDeclaredTools(body, context)) return [];
  return [{ start, end: content.length, body, source: SOURCE, marked: false }];
}

/** True when `body` is a non-empty JSON array of call objects, each naming a declared tool. */
function namesDeclaredTools(body: string, context: ExtractionContext): boolean {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return false;
  }
  return Array.isArray(value) && value.length > 0 && value.every((item: unknown) => isDeclaredCallEnvelope(item, context));
}
