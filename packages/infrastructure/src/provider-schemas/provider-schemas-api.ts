// Public surface of provider schema conversion (issue 5, 003's recursive conversion).

/** The tool formats definitions convert to. */
export const PROVIDER_SCHEMA_FORMATS = Object.freeze(['openai', 'openai-strict', 'ollama', 'gemini', 'anthropic'] as const);

/** One of {@link PROVIDER_SCHEMA_FORMATS}. */
export type ProviderSchemaFormat = (typeof PROVIDER_SCHEMA_FORMATS)[number];
