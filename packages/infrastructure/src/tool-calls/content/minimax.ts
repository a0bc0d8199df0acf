import { isCallName } from './call-name.js';
import type { ContentCall, ContentSpan } from './content-span.js';
import { skipWhitespace } from './find-json-end.js';
import { nextOccurrence } from './next-occurrence.js';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';
const INVOKE = '<invoke';
const INVOKE_CLOSE = '</invoke>';
const PARAMETER = '<parameter';
const PARAMETER_CLOSE = '</parameter>';
/** Longest `<invoke name="...">` or `<parameter name="...">` tag read. */
const MAX_TAG_LENGTH = 200;

type Find = (marker: string, from: number) => number;

/**
 * MiniMax-M2 calls (vLLM `minimax_m2_tool_parser.py`, the MiniMax-M2 chat template):
 *
 * ```
 * <minimax:tool_call>
 * <invoke name="NAME">
 * <parameter name="KEY">VALUE</parameter>
 * </invoke>
 * </minimax:tool_call>
 * ```
 *
 * with any number of invokes in one block. Values are raw text kept exactly (the template writes
 * strings as they are and other values as JSON), typed later by the tool's schema
 * (`parameterText`). A block that cannot be read is a failed call; one cut off by the end of the
 * content is incomplete (its invokes read so far are kept, the last one marked cut).
 */
export function extractMiniMax(content: string): ContentSpan[] {
  const find = nextOccurrence(content);
  const spans: ContentSpan[] = [];
  let from = 0;
  for (let open = find(OPEN, from); open !== -1; open = find(OPEN, from)) {
    const bodyStart = open + OPEN.length;
    const close = find(CLOSE, bodyStart);
    const bodyEnd = close === -1 ? content.length : close;
    const end = close === -1 ? content.length : close + CLOSE.length;
    const incomplete = close === -1 ? { incomplete: true } : {};
    const read = readInvokes(content, bodyStart, bodyEnd, find);
    if ('failure' in read) {
      const failure = { message: read.failure, raw: content.slice(bodyStart, bodyEnd), ...(read.name === undefined ? {} : { name: read.name }) };
      spans.push({ start: open, end, failure, source: 'content_minimax', marked: true, ...incomplete });
    } else spans.push({ start: open, end, calls: read.calls, source: 'content_minimax', marked: true, ...incomplete });
    if (close === -1) break;
    from = end;
  }
  return spans;
}

function readInvokes(content: string, start: number, limit: number, find: Find): { calls: ContentCall[] } | { failure: string; name?: string } {
  const calls: ContentCall[] = [];
  let pos = start;
  for (;;) {
    pos = skipWhitespace(content, pos);
    if (pos >= limit) break;
    if (!content.startsWith(INVOKE, pos)) return { failure: 'expected <invoke name="..."> in a MiniMax tool call' };
    const tag = readNameTag(content, pos, INVOKE);
    if (tag === undefined || !isCallName(tag.name)) return { failure: 'an <invoke> tag without a valid tool name' };
    const name = tag.name;
    const parameterText: Record<string, string> = {};
    pos = tag.end;
    for (;;) {
      pos = skipWhitespace(content, pos);
      // An invoke cut by the end of the block keeps the parameters read so far.
      if (pos >= limit) break;
      if (content.startsWith(INVOKE_CLOSE, pos)) {
        pos += INVOKE_CLOSE.length;
        break;
      }
      const parameter = content.startsWith(PARAMETER, pos) ? readNameTag(content, pos, PARAMETER) : undefined;
      if (parameter === undefined || parameter.name.length === 0) return { failure: `expected <parameter name="..."> in '${name}'`, name };
      const valueClose = find(PARAMETER_CLOSE, parameter.end);
      if (valueClose === -1 || valueClose >= limit) return { failure: `the parameter '${parameter.name}' of '${name}' never closes`, name };
      Object.defineProperty(parameterText, parameter.name, { value: content.slice(parameter.end, valueClose), enumerable: true, writable: true, configurable: true });
      pos = valueClose + PARAMETER_CLOSE.length;
    }
    calls.push({ name, parameterText });
  }
  if (calls.length === 0) return { failure: 'a MiniMax tool call without an <invoke>' };
  return { calls };
}

/** The quoted `name` of `<invoke name="...">` / `<parameter name="...">` at `at`, and the offset after `>`. */
function readNameTag(content: string, at: number, tagName: string): { name: string; end: number } | undefined {
  const found = content.slice(at, at + MAX_TAG_LENGTH).indexOf('>');
  if (found === -1) return undefined;
  const attribute = content.slice(at + tagName.length, at + found).trim();
  if (!attribute.startsWith('name=')) return undefined;
  const quoted = attribute.slice('name='.length).trim();
  const quote = quoted[0];
  if (quote === '"' || quote === "'") {
    if (quoted.length < 2 || !quoted.endsWith(quote)) return undefined;
    return { name: quoted.slice(1, -1).trim(), end: at + found + 1 };
  }
  return { name: quoted, end: at + found + 1 };
}
