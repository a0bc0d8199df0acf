import type { RawToolCall, ToolCallParseResult, ToolCallSettings } from '@acode/domain';

/** Options of one parse. */
export interface ToolCallParseOptions {
  /** Provider whose `tool_call` settings apply (`ollama`, `openai-compatible`...); the default settings otherwise. */
  readonly provider?: string;
  /** Settings that override the provider's for this parse (the CLI's `--no-repair`). */
  readonly settings?: Partial<ToolCallSettings>;
  /**
   * Tools (names or aliases) that were sent to the model in OpenAI strict form, such as a chat
   * request's tools marked `strict`: a `null` for an optional property of theirs reads as absent.
   * With `strictSchemas` on in the settings, every tool counts as sent strict.
   */
  readonly strictTools?: readonly string[];
  /**
   * Why generation stopped, as the server said (`stop`, `tool_calls`, `length`...): a
   * `ChatResponse.finishReason`. `length` means the output hit the token limit, so the calls it
   * may have cut are refused with ACODE-TLP-010. `parseResponse` reads it from the response
   * (`choices[0].finish_reason`, `done_reason`) when this is not given.
   */
  readonly finishReason?: string;
  /**
   * True when the answer ended before its end marker (`ChatResponse.incomplete`: a stream the
   * server closed or dropped): a call it left open, structured or written in the text, is refused
   * with ACODE-TLP-010.
   */
  readonly incomplete?: boolean;
  /**
   * The reasoning the server set apart from the text (`ChatResponse.reasoning`: vLLM's
   * `reasoning_content`, Ollama's `thinking`), read as a `<think>` block the text began with: it
   * comes before any reasoning split from the text, and gives calls only where such a block would
   * (the whole calls that end it, when the answer is empty and has no structured calls).
   * `parseResponse` reads it from the response when this is not given.
   */
  readonly reasoning?: string;
  /**
   * True when the text given is the end of an answer whose beginning was sent on already (see
   * `ChatResponse.contentFollowsSentText`): calls that count only as the whole message (bare
   * calls, quoted calls, `[name, {args}]` pairs, a leading call) are then text.
   */
  readonly afterText?: boolean;
}

/**
 * Turns what a model server returned into validated tool calls, or errors precise enough for a
 * model to fix (002 FR-001..063). Expected failures are in the result, never thrown.
 */
export interface IToolCallParser {
  /**
   * Parses a whole response: an Ollama `/api/chat` response, an OpenAI-compatible chat
   * completion, or a bare assistant message (`{role, content, tool_calls?}`). Anything else is
   * a result with one error, not an exception.
   */
  parseResponse(response: unknown, options?: ToolCallParseOptions): ToolCallParseResult;

  /**
   * Parses calls already taken out of a response (a stream accumulator's output), with the
   * assistant's text for content extraction when there are no calls.
   */
  parseRawToolCalls(calls: readonly RawToolCall[], content: string, options?: ToolCallParseOptions): ToolCallParseResult;
}
