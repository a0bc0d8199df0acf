/**
 * `@acode/infrastructure/model-clients`: HTTP chat clients for OpenAI-compatible servers and Ollama
 * (`createChatModelClient`, `readProviderSettings`). No optional peer needed.
 *
 * @packageDocumentation
 */
export { createChatModelClient } from './create-chat-model-client.js';
export { HttpChatModelClient, type ChatModelClientOptions } from './http-chat-model-client.js';
export { OllamaChatClient } from './ollama-chat-client.js';
export { OpenAiCompatibleChatClient } from './openai-compatible-chat-client.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './model-server-connection.js';
export { MAX_LISTED_MODELS } from './model-list.js';
export {
  DEFAULT_OLLAMA_BASE_URL,
  PROVIDER_TIMEOUT_MS,
  PROVIDER_TYPES,
  readProviderSettings,
  type Environment,
  type ProviderSettings,
  type ProviderSettingsOverrides,
  type ProviderSettingsWarning,
  type ProviderType,
} from './provider-settings.js';
export { SecretValue } from './secret-value.js';
export { holdsSecretForm, redactSecretForms, secretForms, type SecretForms } from './secret-forms.js';
export { StreamingSecretRedactor } from './streaming-secret-redactor.js';
export { toWireTools, type WireTool } from './wire-tools.js';
export { eventLoopShare, REQUEST_START_COST, SHARE_PER_TURN } from './event-loop-share.js';
export { asGatewayUpstream, endpointOf, gatewayUpstreamNaming, namingOf, providerNaming, shownBaseUrl, startOfSentence, type ServerNaming } from './server-naming.js';
export {
  badResponseError,
  connectionLostError,
  serverAt,
  timeoutError,
  unreachableError,
  type ModelEndpoint,
  type RequestSite,
  type UnreachableReason,
} from './model-client-errors.js';
export { classifyNetworkFailure } from './network-failure.js';
