import type { ToolCallSettings } from '@acode/domain';
import { createToolCallParser } from '@acode/infrastructure';
import { registryOf, type ToolsSource } from '../shared/tools-source.js';

/** Options of {@link createRepairToolCall}. */
export interface CreateRepairToolCallOptions extends ToolsSource {
  /** Parse settings over the defaults (`repairTimeoutMs`, `maxArgumentSize`, `maxNestingDepth`, `strictSchemas`). */
  readonly settings?: Partial<ToolCallSettings>;
}

/** The part of a failed tool call the repair function reads (the AI SDK's `LanguageModelV4ToolCall`). */
export interface RepairableToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The JSON text of the arguments, as the model sent it. */
  readonly input: string;
}

/**
 * A function to pass as the AI SDK's `experimental_repairToolCall` (or `repairToolCall`) to
 * `generateText`, `streamText` or an agent. The SDK calls it when a tool call's input did not
 * parse or match the tool's schema, or named no tool it knows; it answers with our parser's
 * reading of the call, or `null`:
 *
 * - the input is decoded with the size and nesting limits, repaired only where the damage has
 *   one reading (trailing commas, single quotes, Python literals, a missing closing brace...),
 *   unwrapped (`{"name":..,"arguments":{..}}` envelopes, double-encoded JSON) and validated by
 *   the registry; the returned call carries the validated arguments as JSON (defaults applied)
 *   and the canonical tool name (a different case or an alias is resolved);
 * - `null` (the SDK then reports the original error) for a tool the registry does not hold, JSON
 *   our repairer refuses because it has two readings (a duplicated key, two objects that differ)
 *   or none, arguments the schema refuses, or a text holding several distinct calls (one call
 *   cannot answer for several; the middleware splits them).
 *
 * The function never asks a model anything, so it is cheap and deterministic. It cannot see the
 * finish reason, so a call cut by the length limit whose JSON a repair can close is repaired
 * here; `acodeToolCallMiddleware` refuses those. Build it once: building compiles the schemas.
 *
 * @example
 * const repair = createRepairToolCall({ tools: [getWeather] });
 * await generateText({ model, tools, prompt, experimental_repairToolCall: repair });
 */
export function createRepairToolCall(options: CreateRepairToolCallOptions): <T extends RepairableToolCall>(failure: { readonly toolCall: T }) => Promise<T | null> {
  const registry = registryOf(options, 'createRepairToolCall');
  const parser = createToolCallParser({ registry, ...(options.settings === undefined ? {} : { settings: options.settings }) });
  return async ({ toolCall }) => {
    if (registry.findTool(toolCall.toolName) === undefined) return null;
    const input = typeof toolCall.input === 'string' && toolCall.input.trim() !== '' ? toolCall.input : '{}';
    const result = parser.parseRawToolCalls([{ index: 0, id: toolCall.toolCallId, name: toolCall.toolName, arguments: input, source: 'openai' }], '');
    const [call] = result.toolCalls;
    if (call === undefined || result.toolCalls.length !== 1 || result.errors.length > 0) return null;
    return { ...toolCall, toolName: call.name, input: JSON.stringify(call.arguments) };
  };
}
