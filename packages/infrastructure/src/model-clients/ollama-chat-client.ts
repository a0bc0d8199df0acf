import { OLLAMA_WIRE } from './chat-wire-format.js';
import { HttpChatModelClient, type ChatModelClientOptions } from './http-chat-model-client.js';
import type { ProviderSettings } from './provider-settings.js';

/** Ollama's native API: `POST /api/chat` (whole, or NDJSON streamed) and `GET /api/tags`. */
export class OllamaChatClient extends HttpChatModelClient {
  constructor(settings: ProviderSettings, options: ChatModelClientOptions = {}) {
    super(OLLAMA_WIRE, settings, options);
  }
}
