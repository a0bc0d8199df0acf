import type { ToolCallFragment } from '@acode/application';
import type { RawToolCall, ToolCallError } from '@acode/domain';
import type { StreamFormat } from './stream-format.js';

/** Token counts a stream reported: OpenAI's `usage`, or Ollama's `prompt_eval_count` / `eval_count`. */
export interface StreamUsage {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  /** As sent (OpenAI); for Ollama, the sum of the two counts when both arrived. */
  readonly totalTokens?: number;
}

/** What one model stream amounted to once it ended. */
export interface StreamAccumulation {
  /** The format read; `undefined` when no line of the stream was recognisable. */
  readonly format?: StreamFormat;
  /**
   * The tool calls, sorted by index. For SSE, `arguments` is the concatenated text (`""` when no
   * fragment arrived); for NDJSON, whatever the server sent (normally an object). A call with an
   * error in `errors` is not listed here: what arrived of it cannot be trusted.
   */
  readonly calls: readonly RawToolCall[];
  /** The assistant's text, concatenated; `''` when the caller asked not to keep it (`keepContent: false`). */
  readonly content: string;
  /**
   * The reasoning the server set apart (`delta.reasoning_content` or `delta.reasoning`, Ollama's
   * `message.thinking`), concatenated; absent when none arrived. Kept even when `keepContent` is
   * `false`: it is not handed to `onContent`.
   */
  readonly reasoning?: string;
  /** OpenAI's `finish_reason` or Ollama's `done_reason`, the last one sent. */
  readonly finishReason?: string;
  /** Token counts, when the stream carried them. */
  readonly usage?: StreamUsage;
  /** True when an end marker arrived: `[DONE]` or a `finish_reason` (SSE), `"done": true` (NDJSON). */
  readonly complete: boolean;
  /**
   * ACODE-TLP-008 for malformed lines and fragments, ACODE-TLP-009 for a call whose arguments
   * outgrew `maxArgumentSize`; each with the stream line. At most {@link MAX_STREAM_ERRORS}
   * plus one entry counting the rest.
   */
  readonly errors: readonly ToolCallError[];
}

/** Options of a {@link StreamingToolCallAccumulator}. */
export interface StreamingAccumulatorOptions {
  /** The stream's format; `auto` (default) detects it from the first non-blank line. */
  readonly format?: StreamFormat | 'auto';
  /** Largest arguments text of one streamed call, in UTF-8 bytes (default 1 MiB, decision 10). */
  readonly maxArgumentSize?: number;
  /** Longest line (or SSE event) kept, in UTF-8 bytes (default 8 MiB); longer ones are skipped with an error. */
  readonly maxLineBytes?: number;
  /** Receives each piece of assistant text as it is read, for callers that show text while it streams. */
  readonly onContent?: (text: string) => void;
  /** Receives each piece of a tool call as it is read, for callers that judge a call before it ends. */
  readonly onToolCallFragment?: (fragment: ToolCallFragment) => void;
  /**
   * `false` when the caller keeps what it needs of the text from `onContent`: the text is not kept
   * here too, and the result's `content` is empty (a long answer forwarded as it streams then
   * costs no memory). `true` by default.
   */
  readonly keepContent?: boolean;
}

/** Default of {@link StreamingAccumulatorOptions.maxLineBytes}: 8 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

/** Errors listed before the rest are only counted, so a stream of garbage cannot grow the result without bound. */
export const MAX_STREAM_ERRORS = 50;
