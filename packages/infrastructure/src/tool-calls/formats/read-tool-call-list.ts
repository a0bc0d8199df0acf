import type { RawToolCall, ToolCallSource } from '@acode/domain';
import { describeType, isArrayLike, readProperty } from './read-property.js';
import { MAX_TOOL_CALLS_PER_RESPONSE, type ResponseReading } from './response-reading.js';

/**
 * Reads a `message` object's `tool_calls` (both servers use the same shape:
 * `{id?, type?, function: {name, arguments, index?}}`) and its `content`. `sourceOf` picks each
 * call's source from its arguments (a string is the OpenAI style, anything else Ollama's).
 *
 * A missing or `null` `tool_calls` is no calls (002 FR-003). Indexes: when every call carries a
 * distinct non-negative integer index (`function.index`, or `index` beside `function`), those
 * order the calls, stably; otherwise each call's position is its index, so indexes stay unique.
 */
export function readToolCallList(
  message: object,
  format: 'ollama' | 'openai' | 'assistant_message',
  sourceOf: (args: unknown) => ToolCallSource,
): ResponseReading {
  const content = readContent(readProperty(message, 'content'));
  const list = readProperty(message, 'tool_calls');
  if (list === undefined || list === null) return { ok: true, format, calls: [], content, overflow: 0 };
  if (!isArrayLike(list)) return { ok: false, message: `The response's tool_calls must be an array, got ${describeType(list)}` };

  const length = readLength(list);
  const count = Math.min(length, MAX_TOOL_CALLS_PER_RESPONSE);
  const entries: Array<{ id: unknown; name: unknown; args: unknown; claimed: unknown }> = [];
  for (let position = 0; position < count; position++) {
    const entry = readProperty(list, String(position));
    const fn = readProperty(entry, 'function');
    entries.push({
      id: readProperty(entry, 'id'),
      name: readProperty(fn, 'name'),
      args: readProperty(fn, 'arguments'),
      claimed: readProperty(fn, 'index') ?? readProperty(entry, 'index'),
    });
  }

  const useClaimed = usesClaimedIndexes(entries.map((entry) => entry.claimed));
  const calls = entries.map(
    (entry, position): RawToolCall => ({
      index: useClaimed ? (entry.claimed as number) : position,
      ...(typeof entry.id === 'string' ? { id: entry.id } : {}),
      name: entry.name,
      arguments: entry.args,
      source: sourceOf(entry.args),
    }),
  );
  // Array.prototype.sort is stable; positions break no ties because claimed indexes are distinct.
  calls.sort((a, b) => a.index - b.index);
  return { ok: true, format, calls, content, overflow: length - count };
}

/** True when every claimed index is a distinct non-negative integer, so the indexes can order the calls. */
export function usesClaimedIndexes(claimed: readonly unknown[]): boolean {
  const seen = new Set<number>();
  for (const index of claimed) {
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || seen.has(index)) return false;
    seen.add(index);
  }
  return true;
}

function readLength(list: readonly unknown[]): number {
  const length = readProperty(list, 'length');
  return typeof length === 'number' && Number.isSafeInteger(length) && length > 0 ? length : 0;
}

/** The assistant's text: a string, or the text parts of OpenAI's content-part array. */
function readContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!isArrayLike(content)) return '';
  const parts: string[] = [];
  const length = Math.min(readLength(content), MAX_CONTENT_PARTS);
  for (let i = 0; i < length; i++) {
    const part = readProperty(content, String(i));
    const text = readProperty(part, 'text');
    if (readProperty(part, 'type') === 'text' && typeof text === 'string') parts.push(text);
  }
  return parts.join('');
}

/** Most content parts joined; a message has one or two. */
const MAX_CONTENT_PARTS = 64;
