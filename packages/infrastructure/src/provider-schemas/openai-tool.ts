import type { JsonSchemaObject } from '@acode/domain';
import type { ProviderToolSource } from './provider-tool-source.js';
import { withoutDialect } from './without-dialect.js';

/** A tool in the `{type: 'function', function: {...}}` form of OpenAI-compatible servers and Ollama. */
export interface OpenAiFunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonSchemaObject;
    /** Present in the `openai-strict` format only. */
    readonly strict?: boolean;
  };
}

/**
 * The OpenAI function-tool form. The schema goes as registered (nested objects, arrays, enums,
 * descriptions, `$defs`, defaults) minus the root `$schema`; the registered object is not copied
 * or changed.
 */
export function toOpenAiTool(source: ProviderToolSource): OpenAiFunctionTool {
  return {
    type: 'function',
    function: { name: source.name, description: source.description, parameters: withoutDialect(source.parameters) },
  };
}
