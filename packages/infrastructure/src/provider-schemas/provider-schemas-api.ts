// Public surface of provider schema conversion (issue 5, 003's recursive conversion).
import type { JsonObject, ToolDefinition } from '@acode/domain';

/** The tool formats definitions convert to. */
export const PROVIDER_SCHEMA_FORMATS = Object.freeze(['openai', 'openai-strict', 'ollama', 'gemini', 'anthropic'] as const);

/** One of {@link PROVIDER_SCHEMA_FORMATS}. */
export type ProviderSchemaFormat = (typeof PROVIDER_SCHEMA_FORMATS)[number];

/** The functions the provider-schema module provides. */
export interface ProviderSchemasModule {
  /** A definition as the provider's tool declaration (a plain JSON object, ready to send). */
  toProviderTool(definition: ToolDefinition, format: ProviderSchemaFormat): JsonObject;
}
