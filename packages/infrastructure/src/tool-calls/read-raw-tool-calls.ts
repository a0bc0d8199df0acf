import type { RawToolCall, ToolCallSource } from '@acode/domain';
import { TOOL_CALL_SOURCES } from '@acode/domain';
import { isArrayLike, readProperty } from './formats/read-property.js';
import { usesClaimedIndexes } from './formats/read-tool-call-list.js';
import { MAX_TOOL_CALLS_PER_RESPONSE } from './formats/response-reading.js';

/** Raw calls checked and ordered, with how many past the cap were left out. */
export interface RawToolCallReading {
  readonly calls: readonly RawToolCall[];
  readonly overflow: number;
}

/**
 * Copies calls handed to `parseRawToolCalls` (a stream accumulator's output, or a caller's) into
 * fresh objects read through {@link readProperty}, ordered by index with the same rule as
 * responses: claimed indexes when they are distinct non-negative integers, positions otherwise.
 * A non-array reads as no calls.
 */
export function readRawToolCalls(calls: unknown): RawToolCallReading {
  if (!isArrayLike(calls)) return { calls: [], overflow: 0 };
  const lengthValue = readProperty(calls, 'length');
  const length = typeof lengthValue === 'number' && Number.isSafeInteger(lengthValue) && lengthValue > 0 ? lengthValue : 0;
  const count = Math.min(length, MAX_TOOL_CALLS_PER_RESPONSE);
  const entries: Array<Omit<RawToolCall, 'index'> & { claimed: unknown }> = [];
  for (let position = 0; position < count; position++) {
    const entry = readProperty(calls, String(position));
    const id = readProperty(entry, 'id');
    const source = readProperty(entry, 'source');
    entries.push({
      claimed: readProperty(entry, 'index'),
      ...(typeof id === 'string' ? { id } : {}),
      name: readProperty(entry, 'name'),
      arguments: readProperty(entry, 'arguments'),
      source: (TOOL_CALL_SOURCES as readonly unknown[]).includes(source) ? (source as ToolCallSource) : 'openai_stream',
      ...(readProperty(entry, 'incomplete') === true ? { incomplete: true } : {}),
    });
  }
  const useClaimed = usesClaimedIndexes(entries.map((entry) => entry.claimed));
  const ordered = entries.map(({ claimed, ...call }, position): RawToolCall => ({ ...call, index: useClaimed ? (claimed as number) : position }));
  ordered.sort((a, b) => a.index - b.index);
  return { calls: ordered, overflow: length - count };
}
