import type { RawToolCall, ToolCallParseResult, ToolCallSettings } from '@acode/domain';

/** Options of one parse. */
export interface ToolCallParseOptions {
  /** Provider whose `tool_call` settings apply (`ollama`, `openai-compatible`...); the default settings otherwise. */
  readonly provider?: string;
  /** Settings that override the provider's for this parse (the CLI's `--no-repair`). */
  readonly settings?: Partial<ToolCallSettings>;
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
