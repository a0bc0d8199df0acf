import type { ToolCall } from '@acode/domain';

/**
 * The arguments text a call arrived with, for `--verbose` to show next to the repaired text:
 * looked up in the response's `tool_calls` (Ollama `message`, OpenAI `choices[0].message`, or a
 * bare message) by id, then by position. `undefined` for calls found in the content or sent as
 * an object (nothing to show: an object needs no repair).
 */
export function rawArgumentsInResponse(response: unknown, call: Pick<ToolCall, 'id' | 'index'>): string | undefined {
  const calls = toolCallsOf(response);
  if (calls === undefined) return undefined;
  const entry = calls.find((candidate) => field(candidate, 'id') === call.id) ?? calls[call.index];
  const args = field(field(entry, 'function'), 'arguments');
  return typeof args === 'string' ? args : undefined;
}

function toolCallsOf(response: unknown): readonly unknown[] | undefined {
  const choices = field(response, 'choices');
  const message = field(response, 'message') ?? (Array.isArray(choices) ? field(choices[0], 'message') : undefined) ?? response;
  const calls = field(message, 'tool_calls');
  return Array.isArray(calls) ? calls : undefined;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}
