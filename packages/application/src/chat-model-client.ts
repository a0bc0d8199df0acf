import type { ChatRequest, ChatResponse } from '@acode/domain';

/** Options of one model request. */
export interface ChatCallOptions {
  /** Cancels the request; the promise rejects with `ModelClientException` ACODE-MDL-007. */
  readonly signal?: AbortSignal;
  /** For streaming calls: receives each piece of assistant text as it arrives. */
  readonly onContent?: (text: string) => void;
}

/** What a model server says about itself. */
export interface ModelServerInfo {
  /** Models the server has (`llama3.2:latest`...). */
  readonly models: readonly string[];
}

/**
 * A chat model behind a server (Ollama `/api/chat`, OpenAI-compatible `/v1/chat/completions`).
 * Expected failures (unreachable, timeout, HTTP error, unreadable answer) reject with a
 * `ModelClientException` carrying an ACODE-MDL code; never a raw network error.
 */
export interface IChatModelClient {
  /** Provider name, as configured (`ollama`, `openai-compatible`). */
  readonly provider: string;
  /** One request, answered whole. */
  chat(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse>;
  /** One request, streamed (NDJSON or SSE) and assembled; tool calls cut off by the stream are marked incomplete. */
  chatStream(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResponse>;
  /** The server's models (Ollama `/api/tags`, OpenAI `/v1/models`). */
  listModels(options?: Pick<ChatCallOptions, 'signal'>): Promise<ModelServerInfo>;
}
