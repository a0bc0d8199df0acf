import type { ChatTool } from '@acode/domain';
import { toOpenAiStrictTool } from '../provider-schemas/openai-strict-tool.js';
import { toOpenAiTool, type OpenAiFunctionTool } from '../provider-schemas/openai-tool.js';

/** A tool as both Ollama and OpenAI-compatible servers take it. */
export type WireTool = OpenAiFunctionTool;

/**
 * Converts registry tools to the `{type: 'function', function: {...}}` form both wire formats
 * use: the provider-schema module's `openai` format (one implementation), which sends the schema
 * as registered minus its root `$schema`; a tool marked `strict` goes in its `openai-strict` form
 * (optional properties required and nullable, `strict: true`), or plain with `strict: false` when
 * strict mode cannot express its schema. The parser reads the `null`s of such a tool as absent.
 */
export function toWireTools(tools: readonly ChatTool[]): WireTool[] {
  return tools.map((tool) => (tool.strict === true ? toOpenAiStrictTool(tool) : toOpenAiTool(tool)));
}
