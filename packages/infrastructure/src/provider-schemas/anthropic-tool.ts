import type { JsonSchemaObject } from '@acode/domain';
import type { ProviderToolSource } from './provider-tool-source.js';
import { withoutDialect } from './without-dialect.js';

/** A tool as Anthropic's Messages API takes it. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchemaObject;
}

/** The Anthropic form: the registered schema, minus the root `$schema`, as `input_schema`. */
export function toAnthropicTool(source: ProviderToolSource): AnthropicTool {
  return { name: source.name, description: source.description, input_schema: withoutDialect(source.parameters) };
}
