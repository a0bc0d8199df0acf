import { OPENAI_WIRE } from './chat-wire-format.js';
import { HttpChatModelClient, type ChatModelClientOptions } from './http-chat-model-client.js';
import type { ProviderSettings } from './provider-settings.js';

/**
 * OpenAI-compatible servers (vLLM, llama.cpp server, LM Studio, Ollama's `/v1`):
 * `POST /v1/chat/completions` (whole, or SSE streamed) and `GET /v1/models`.
 */
export class OpenAiCompatibleChatClient extends HttpChatModelClient {
  constructor(settings: ProviderSettings, options: ChatModelClientOptions = {}) {
    super(OPENAI_WIRE, settings, options);
  }
}
