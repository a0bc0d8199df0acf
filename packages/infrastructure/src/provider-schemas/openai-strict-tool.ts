import { toOpenAiTool, type OpenAiFunctionTool } from './openai-tool.js';
import { toOpenAiStrictSchema } from './openai-strict-schema.js';
import type { ProviderToolSource } from './provider-tool-source.js';

/**
 * The OpenAI function form with `strict: true` and the schema rewritten by
 * {@link toOpenAiStrictSchema}. A schema strict mode cannot express without rejecting arguments
 * the tool accepts is sent as the plain form with `strict: false` (OpenAI allows strict and
 * non-strict functions side by side), so one such tool never breaks a request; call
 * `toOpenAiStrictSchema` to learn why.
 */
export function toOpenAiStrictTool(source: ProviderToolSource): OpenAiFunctionTool {
  const strict = toOpenAiStrictSchema(source.parameters);
  if (!strict.ok) return { type: 'function', function: { ...toOpenAiTool(source).function, strict: false } };
  return { type: 'function', function: { name: source.name, description: source.description, parameters: strict.schema, strict: true } };
}
