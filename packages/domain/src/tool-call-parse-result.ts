import type { ErrorCode } from './error-codes.js';
import type { RepairName } from './json-repair.js';
import type { ToolCall, ToolCallSource } from './tool-call.js';
import type { ValidationError } from './validation-error.js';

/** Why one tool call of a response could not be used. */
export interface ToolCallError {
  /** Position of the call in the response. */
  readonly index: number;
  /** The call's id, when it had or got one. */
  readonly id?: string;
  /** The tool name as the model sent it (bounded), when it sent one. */
  readonly tool?: string;
  /** Where the call was found. */
  readonly source?: ToolCallSource;
  /** ACODE-TLP-001..010, or ACODE-MDL-008 for a retry the circuit breaker refused. */
  readonly code: ErrorCode;
  /** One sentence a model or a person can act on. */
  readonly message: string;
  /** For JSON errors: zero-based offset in the arguments text. */
  readonly position?: number;
  /**
   * For stream errors (ACODE-TLP-008): the 1-based line of the stream it was found on. A stream
   * line that belongs to no call (not JSON, no usable index) has `index` -1.
   */
  readonly line?: number;
  /** For ACODE-TLP-004: the registry's errors (ACODE-TSR-0xx), sanitised for the model. */
  readonly validationErrors?: readonly ValidationError[];
  /** For ACODE-TLP-004: the registry's schema hint. */
  readonly schemaHint?: string;
  /** For ACODE-TLP-005: the tools that exist. */
  readonly availableTools?: readonly string[];
  /** For ACODE-TLP-005: the closest registered name, when one is close. */
  readonly didYouMean?: string;
  /** Repairs tried on this call's arguments, if any. */
  readonly repairs?: readonly RepairName[];
  /**
   * The arguments text as received, cut to a bounded length: what a retry shows the model.
   * Never logged above debug.
   */
  readonly rawArguments?: string;
  /** Whether asking the model again could help (false for unknown tools, 002 scenario 8). */
  readonly retryable: boolean;
}

/** What parsing one model response produced: partial success is normal (002 FR-077..081). */
export interface ToolCallParseResult {
  /** True when every call parsed and validated (vacuously true for a response without calls). */
  readonly success: boolean;
  /** The calls that parsed and validated, in the model's order. */
  readonly toolCalls: readonly ToolCall[];
  /** One entry per call that failed, in the model's order. */
  readonly errors: readonly ToolCallError[];
  /** The assistant's text, with any extracted text-embedded calls and any reasoning removed. */
  readonly content: string;
  /**
   * Reasoning the server set apart (`reasoning_content`, `thinking`), then the reasoning the model
   * wrote into its text (`<think>...</think>`, harmony's analysis channel and the like), apart from
   * the content; no call is taken from it but the whole calls that end it when the answer is empty.
   * Absent when there was none.
   */
  readonly reasoning?: string;
  /** How many times the model was asked again; 0 from the parser alone. */
  readonly retryCount: number;
  /** Correlation id of the operation. */
  readonly correlationId: string;
}
