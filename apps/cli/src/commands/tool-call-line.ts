import type { ToolCall } from '@acode/domain';
import { displayName, escapeControlCharacters, truncate } from '../render/text.js';

/** Longest arguments text shown on a call's line. */
const MAX_SHOWN_ARGUMENTS = 200;

/** `file_read (call_1) {"path":"README.md"}`, with the repairs applied: one bounded, escaped line. */
export function toolCallLine(call: ToolCall): string {
  const args = truncate(escapeControlCharacters(JSON.stringify(call.arguments)), MAX_SHOWN_ARGUMENTS);
  const repaired = call.repairs.length > 0 ? ` (repaired: ${call.repairs.join(', ')})` : '';
  return `${displayName(call.name)} (${displayName(call.id)}) ${args}${repaired}`;
}
