import type { RepairName } from './json-repair.js';
import type { TokenUsage } from './chat.js';

/** How a tool call's parsing ended (002's `parse_result`). */
export type ToolCallParseOutcome = 'success' | 'repaired' | 'retried' | 'failed';

/** One row of tool-call telemetry: what happened to one tool call (issue 4 item 3). */
export interface ToolCallTelemetryRecord {
  /** When the call was parsed, ISO 8601 UTC. */
  readonly timestamp: string;
  readonly correlationId: string;
  /** Provider name (`ollama`, `openai-compatible`...). */
  readonly provider: string;
  readonly model: string;
  /**
   * The model server a gateway call was sent to (its `model.providers` name, or its base URL),
   * on rows the gateway records under provider `gateway`; absent on every other row.
   */
  readonly upstream?: string;
  /** Tool name (canonical when known, else as sent, bounded). */
  readonly tool: string;
  readonly callId: string;
  readonly parseResult: ToolCallParseOutcome;
  readonly repairs: readonly RepairName[];
  /** Model requests made again for this call. */
  readonly retryCount: number;
  /** Codes of every error seen for this call, attempts included, in order. */
  readonly errorCodes: readonly string[];
  /** Position of the last JSON error, when there was one. */
  readonly errorPosition?: number;
  readonly parseMs: number;
  readonly repairMs: number;
  readonly retryMs: number;
  readonly tokens: TokenUsage;
  /** Arguments text as the model first sent it: only when `log_argument_values` is true (scrubbed). */
  readonly originalArguments?: string;
  /** The final arguments: only when `log_argument_values` is true (scrubbed). */
  readonly finalArguments?: string;
  /** The last error message, sanitised; never argument values. */
  readonly errorMessage?: string;
  /**
   * The gateway route (front) the request came in by: `openai_chat`, `ollama_chat`,
   * `anthropic_messages`, `openai_responses`. Gateway rows only; absent on rows written before it.
   */
  readonly route?: string;
  /**
   * The text-call format the call was read from, when the model wrote it into its text rather
   * than the server's tool-call field (`hermes`-style `tool_call_tag`, `pythonic`...); absent otherwise.
   */
  readonly textFormat?: string;
  /** How long the model server took for the whole request, retries included, in ms (gateway rows). */
  readonly upstreamMs?: number;
  /** Model requests the whole exchange took, the first included (at least 1). */
  readonly attempts?: number;
}
