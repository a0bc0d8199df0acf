import type { JsonObject } from '@acode/domain';
import { toAnthropicTool } from './anthropic-tool.js';
import { toGeminiTool } from './gemini-tool.js';
import { toOllamaTool } from './ollama-tool.js';
import { toOpenAiStrictTool } from './openai-strict-tool.js';
import { toOpenAiTool } from './openai-tool.js';
import type { ProviderSchemaFormat } from './provider-schemas-api.js';
import type { ProviderToolSource } from './provider-tool-source.js';

const CONVERTERS: Readonly<Record<ProviderSchemaFormat, (source: ProviderToolSource) => object>> = {
  openai: toOpenAiTool,
  'openai-strict': toOpenAiStrictTool,
  ollama: toOllamaTool,
  gemini: toGeminiTool,
  anthropic: toAnthropicTool,
};

/**
 * A tool definition as the provider's tool declaration: a plain JSON object, ready to send.
 * Never throws for a registered definition; nested objects, arrays of objects, enums and
 * descriptions survive every format.
 */
export function toProviderTool(definition: ProviderToolSource, format: ProviderSchemaFormat): JsonObject {
  return CONVERTERS[format](definition) as JsonObject;
}
