import type { JsonSchemaObject } from './json-schema.js';
import type { JsonValue } from './json-value.js';
import type { RawToolCall } from './tool-call.js';
import type { ToolCallError } from './tool-call-parse-result.js';

/** Who wrote a message of a conversation. */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** An image a message carries: inline bytes with their media type, or a URL the upstream fetches itself. */
export type ChatImage =
  | {
      /** Base64 bytes. */
      readonly kind: 'base64';
      /** Their media type (`image/png`, `image/jpeg`…). */
      readonly mediaType: string;
      /** The image's bytes in base64, without a `data:` prefix. */
      readonly data: string;
    }
  | {
      /** An address (`https://…`). */
      readonly kind: 'url';
      readonly url: string;
    };

/** One message of a conversation, in the project's neutral form (each adapter maps it to its wire format). */
export interface ChatMessage {
  /** Who wrote it. */
  readonly role: ChatRole;
  /** Its text; empty for an assistant message that only calls tools. */
  readonly content: string;
  /** For assistant messages: the tool calls it made, as sent (arguments text or object). */
  readonly toolCalls?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly arguments: string | object }>;
  /** For tool messages: the id of the call answered. */
  readonly toolCallId?: string;
  /** For tool messages: the name of the tool answered (Ollama's `tool_name`). */
  readonly toolName?: string;
  /** Images beside the text, in order (a user's screenshot, a tool result that read an image); absent when none. */
  readonly images?: readonly ChatImage[];
  /** For assistant messages: the reasoning the model wrote before this answer, when the client sent it back; absent when none. */
  readonly reasoning?: string;
}

/** A tool offered to the model, in the registry's neutral form. */
export interface ChatTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments, as registered. */
  readonly parameters: JsonSchemaObject;
  /**
   * Send it in OpenAI strict form (optional properties required and nullable); the parser then
   * reads a `null` for such a property as absent. A schema strict mode cannot express goes plain.
   */
  readonly strict?: boolean;
}

/** One request to a chat model. */
export interface ChatRequest {
  /** Model name as the server knows it (`llama3.2`, `qwen2.5-coder:7b`). */
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  /** Tools the model may call. */
  readonly tools?: readonly ChatTool[];
  /** Sampling temperature, when the caller sets one. */
  readonly temperature?: number;
  /**
   * Fields of a client's request (the gateway's `temperature`, `max_tokens`, `options`,
   * `response_format`...) forwarded verbatim to an upstream of the same wire as
   * {@link wireOfParameters}, and mapped for the other one: the common ones are translated
   * (`max_tokens` ⇄ `options.num_predict`, sampling options, JSON mode), the rest dropped. They never
   * override the request's own `model`, `messages`, `tools` or `stream`.
   */
  readonly parameters?: Readonly<Record<string, JsonValue>>;
  /** The wire {@link parameters} were written for; `openai` when left out. */
  readonly wireOfParameters?: 'openai' | 'ollama';
}

/** Tokens a request used, as the server reported them; zero when it did not say. */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** The model's answer, before its tool calls are parsed. */
export interface ChatResponse {
  /** The assistant's text. */
  readonly content: string;
  /** The reasoning the server set apart (`reasoning_content` / `reasoning`, Ollama's `thinking`); absent when it sent none. */
  readonly reasoning?: string;
  /** Tool calls as the server delivered them (parse them with `IToolCallParser.parseRawToolCalls`). */
  readonly toolCalls: readonly RawToolCall[];
  /**
   * True when `content` is only the end of the answer's text, the rest having gone to a client
   * already (a gateway's stream): shapes that count as calls only as the whole message do not.
   */
  readonly contentFollowsSentText?: boolean;
  /** Why generation stopped (`stop`, `tool_calls`, `length`...), when the server said. */
  readonly finishReason?: string;
  readonly usage: TokenUsage;
  /** Model that answered, as the server named it. */
  readonly model: string;
  /** Wall time of the request in milliseconds. */
  readonly durationMs: number;
  /**
   * Problems assembling a streamed answer (ACODE-TLP-008 lines); empty for a complete answer.
   * The calls that did assemble are still in `toolCalls`.
   */
  readonly streamErrors: readonly ToolCallError[];
  /**
   * True when a streamed answer ended before its end marker (no finish reason, `[DONE]` or
   * `done: true`: the server closed or dropped the connection). Its text and calls are what
   * arrived; the parser refuses a call it cut (ACODE-TLP-010) whatever a repair could close.
   */
  readonly incomplete?: boolean;
}

/** Adds two usages. */
export function addTokenUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/** No tokens. */
export const ZERO_TOKEN_USAGE: TokenUsage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
