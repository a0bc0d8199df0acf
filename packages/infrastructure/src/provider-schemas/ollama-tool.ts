import { toOpenAiTool, type OpenAiFunctionTool } from './openai-tool.js';
import type { ProviderToolSource } from './provider-tool-source.js';

/**
 * The Ollama `/api/chat` tool form, which is OpenAI's function form. Kept as its own format so a
 * divergence of Ollama's later has one place to go.
 */
export function toOllamaTool(source: ProviderToolSource): OpenAiFunctionTool {
  return toOpenAiTool(source);
}
