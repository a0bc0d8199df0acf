import type { AnswerMemory } from './answer-memory.js';
import type { ChatRequest, ChatResponse } from '@acode/domain';

/** Options of one model request. */
export interface ChatCallOptions {
  /** Cancels the request; the promise rejects with `ModelClientException` ACODE-MDL-007. */
  readonly signal?: AbortSignal;
  /** For streaming calls: receives each piece of assistant text as it arrives. */
  readonly onContent?: (text: string) => void;
  /** For streaming calls: receives each piece of a tool call as it arrives (to judge a call before it ends). */
  readonly onToolCallFragment?: (fragment: ToolCallFragment) => void;
  /** Bounds what the answer keeps in memory while it is read; unbounded (but for the client's own size limit) without it. */
  readonly memory?: AnswerMemory;
  /**
   * For streaming calls: `false` when the caller keeps what it needs of the text it receives
   * through `onContent`, so the client does not keep it too; the answer's `content` is then
   * empty. `true` by default.
   */
  readonly keepContent?: boolean;
  /**
   * For streaming calls: asked after each chunk; a promise makes the client wait before reading
   * the next one (the caller's own reader is slow: back-pressure). The silence timeout does not
   * run while it waits.
   */
  readonly readyForMore?: () => Promise<void> | undefined;
}

/**
 * A piece of a streamed tool call, as the stream delivered it: OpenAI-compatible servers send a
 * call's name and then its arguments text in pieces; Ollama sends each call whole.
 */
export interface ToolCallFragment {
  /** The call's position in the answer. */
  readonly index: number;
  /** A piece of the name (OpenAI), or the whole name (Ollama, with `whole`). */
  readonly name?: string;
  /** A piece of the arguments text. */
  readonly arguments?: string;
  /** The arguments sent whole, as an object. */
  readonly argumentsObject?: Readonly<Record<string, unknown>>;
  /** The call arrived whole in this fragment: its name and arguments are complete. */
  readonly whole?: boolean;
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
