import { isCallName, MAX_CALL_NAME_LENGTH } from './call-name.js';
import type { ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';
const KEY = '<arg_key>';
const KEY_CLOSE = '</arg_key>';
const VALUE = '<arg_value>';
const VALUE_CLOSE = '</arg_value>';

/**
 * GLM-4.5 / GLM-4.6 calls (vLLM `glm4_moe_tool_parser.py`, the GLM-4.5 chat template):
 * `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n...</tool_call>`. The values
 * are raw text kept exactly (the template writes strings as they are and other values as JSON),
 * typed later by the tool's schema (`parameterText`). A value whose `<arg_value>` opener was left
 * out (`<arg_key>city</arg_key>\nParis</arg_value>`) is read when only one reading exists. A call without arguments is
 * `<tool_call>NAME</tool_call>`. Only a `<tool_call>` whose body opens with a bare name (see
 * {@link glmNameEnd}) is GLM; a JSON body is Hermes (`tool-call-tag.ts`). A malformed pair list is
 * a failed call; a call cut by the end of the content is incomplete.
 */
export function extractGlm(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = find(OPEN, from); open !== -1; open = find(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const nameEnd = glmNameEnd(content, bodyStart);
    if (nameEnd === -1) {
      from = bodyStart;
      continue;
    }
    const name = content.slice(bodyStart, nameEnd).trim();
    const close = find(CLOSE, nameEnd);
    const bodyEnd = close === -1 ? content.length : close;
    const end = close === -1 ? content.length : close + CLOSE.length;
    const incomplete = close === -1 ? { incomplete: true } : {};
    const pairs = readPairs(content, nameEnd, bodyEnd, find);
    if (typeof pairs === 'string') {
      spans.push({ start: open, end, failure: { message: pairs, raw: content.slice(bodyStart, bodyEnd), name }, source: 'content_glm', marked: true, ...incomplete });
    } else spans.push({ start: open, end, calls: [{ name, parameterText: pairs }], source: 'content_glm', marked: true, ...incomplete });
    if (close === -1) break;
    from = end;
  }
  return spans;
}

/**
 * The end of the tool name a GLM call opens with at `bodyStart` (just after `<tool_call>`), or -1
 * when the body is not GLM: the name must be followed, after whitespace, by `<arg_key>`,
 * `</tool_call>`, or a newline and the end of the content. The Hermes extractor uses it to leave these bodies here.
 */
export function glmNameEnd(content: string, bodyStart: number): number {
  const nameStart = skipWhitespace(content, bodyStart);
  let i = nameStart;
  while (i < content.length && i - nameStart <= MAX_CALL_NAME_LENGTH && content[i] !== '<' && !/^\s$/.test(content[i] as string)) i++;
  if (!isCallName(content.slice(nameStart, i))) return -1;
  const next = skipWhitespace(content, i);
  // Cut off after the name: only the template's newline after it says a call began.
  if (next >= content.length) return content.slice(i).includes('\n') ? i : -1;
  return content.startsWith(KEY, next) || content.startsWith(CLOSE, next) ? i : -1;
}

/** The `<arg_key>`/`<arg_value>` pairs from `pos` to `limit`, or why they cannot be read. */
function readPairs(content: string, start: number, limit: number, find: (marker: string, from: number) => number): Record<string, string> | string {
  const pairs: Record<string, string> = {};
  let pos = start;
  for (;;) {
    pos = skipWhitespace(content, pos);
    if (pos >= limit) return pairs;
    if (!content.startsWith(KEY, pos)) return 'expected <arg_key> in a GLM tool call';
    const keyClose = find(KEY_CLOSE, pos);
    if (keyClose === -1 || keyClose >= limit) return 'an <arg_key> that never closes';
    const key = content.slice(pos + KEY.length, keyClose).trim();
    pos = skipWhitespace(content, keyClose + KEY_CLOSE.length);
    const opened = content.startsWith(VALUE, pos);
    const valueClose = find(VALUE_CLOSE, pos);
    if (!opened && !openerLost(content, pos, valueClose, limit, find)) return `no <arg_value> after <arg_key>${key}</arg_key>`;
    if (valueClose === -1 || valueClose >= limit) return `the <arg_value> of '${key}' never closes`;
    if (key.length === 0) return 'an empty <arg_key>';
    Object.defineProperty(pairs, key, { value: content.slice(opened ? pos + VALUE.length : pos, valueClose), enumerable: true, writable: true, configurable: true });
    pos = valueClose + VALUE_CLOSE.length;
  }
}

/**
 * True when the value at `pos` lost its `<arg_value>` opener and still has one reading: its
 * `</arg_value>` comes before the call ends, and no `<arg_key>` or `<arg_value>` lies between
 * (either would leave two ways to split the text). The whitespace where the opener belonged is
 * the template's layout, not part of the value.
 */
function openerLost(content: string, pos: number, valueClose: number, limit: number, find: (marker: string, from: number) => number): boolean {
  if (valueClose === -1 || valueClose >= limit) return false;
  const key = find(KEY, pos);
  const value = find(VALUE, pos);
  return (key === -1 || key > valueClose) && (value === -1 || value > valueClose);
}
