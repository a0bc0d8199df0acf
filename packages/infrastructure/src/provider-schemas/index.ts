/**
 * `@acode/infrastructure/provider-schemas`: converters of tool definitions to the OpenAI, OpenAI strict,
 * Anthropic, Gemini and Ollama tool formats. No optional peer needed.
 *
 * @packageDocumentation
 */
export { toAnthropicTool, type AnthropicTool } from './anthropic-tool.js';
export { GEMINI_CONVERSION_LIMITS, GEMINI_CUT_NOTE, toGeminiSchema, type GeminiType } from './gemini-schema.js';
export { toGeminiTool, type GeminiFunctionDeclaration } from './gemini-tool.js';
export { toOllamaTool } from './ollama-tool.js';
export { nullable, OPENAI_STRICT_LIMITS, toOpenAiStrictSchema, type OpenAiStrictSchemaResult } from './openai-strict-schema.js';
export { toOpenAiStrictTool } from './openai-strict-tool.js';
export { toOpenAiTool, type OpenAiFunctionTool } from './openai-tool.js';
export { PROVIDER_SCHEMA_FORMATS, type ProviderSchemaFormat } from './provider-schemas-api.js';
export type { ProviderToolSource } from './provider-tool-source.js';
export { toProviderTool } from './to-provider-tool.js';
export { withoutDialect } from './without-dialect.js';
