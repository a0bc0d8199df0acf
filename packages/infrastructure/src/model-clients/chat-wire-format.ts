import type { ChatRequest } from '@acode/domain';
import type { StreamFormat } from '../streaming/index.js';
import type { WireReading } from './chat-answer.js';
import { readModelList, type ModelListReading } from './model-list.js';
import { ollamaChatBody, readOllamaChat } from './ollama-wire.js';
import { openAiChatBody, readOpenAiChat } from './openai-wire.js';

/** What differs between the two servers' HTTP APIs; everything else is shared. */
export interface ChatWireFormat {
  /** The URL request paths are relative to, from the configured `base_url`. */
  apiRoot(baseUrl: string): string;
  readonly chatPath: string;
  readonly modelsPath: string;
  readonly streamFormat: StreamFormat;
  chatBody(request: ChatRequest, stream: boolean): Record<string, unknown>;
  readChat(body: unknown, requestedModel: string): WireReading;
  readModels(body: unknown): ModelListReading;
}

/** Ollama's native API: `/api/chat` (NDJSON when streaming) and `/api/tags`. */
export const OLLAMA_WIRE: ChatWireFormat = Object.freeze({
  apiRoot: (baseUrl: string) => baseUrl,
  chatPath: '/api/chat',
  modelsPath: '/api/tags',
  streamFormat: 'ndjson',
  chatBody: ollamaChatBody,
  readChat: readOllamaChat,
  readModels: (body: unknown) => readModelList(body, 'models', 'name'),
});

/**
 * The OpenAI-compatible API: `/chat/completions` (SSE when streaming) and `/models` under
 * `/v1`. `base_url` may be the server root or already end in `/v1` (the `openai` client's
 * convention); `/v1` is added only when it is not there.
 */
export const OPENAI_WIRE: ChatWireFormat = Object.freeze({
  apiRoot: (baseUrl: string) => (/\/v1$/.test(baseUrl) ? baseUrl : `${baseUrl}/v1`),
  chatPath: '/chat/completions',
  modelsPath: '/models',
  streamFormat: 'sse',
  chatBody: openAiChatBody,
  readChat: readOpenAiChat,
  readModels: (body: unknown) => readModelList(body, 'data', 'id'),
});
