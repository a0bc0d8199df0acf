import type { IChatModelClient } from '@acode/application';
import type { ChatModelClientOptions } from './http-chat-model-client.js';
import { OllamaChatClient } from './ollama-chat-client.js';
import { OpenAiCompatibleChatClient } from './openai-compatible-chat-client.js';
import type { ProviderSettings } from './provider-settings.js';

/** The client for a provider's `type`. */
export function createChatModelClient(settings: ProviderSettings, options: ChatModelClientOptions = {}): IChatModelClient {
  return settings.type === 'ollama' ? new OllamaChatClient(settings, options) : new OpenAiCompatibleChatClient(settings, options);
}
