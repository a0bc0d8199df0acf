import type { ChatTool } from '@acode/domain';
import { toOpenAiTool, type OpenAiFunctionTool } from '../provider-schemas/openai-tool.js';

/** A tool as both Ollama and OpenAI-compatible servers take it. */
export type WireTool = OpenAiFunctionTool;

/**
 * Converts registry tools to the `{type: 'function', function: {...}}` form both wire formats
 * use: the provider-schema module's `openai` format (one implementation), which sends the schema
 * as registered minus its root `$schema`.
 */
export function toWireTools(tools: readonly ChatTool[]): WireTool[] {
  return tools.map(toOpenAiTool);
}
