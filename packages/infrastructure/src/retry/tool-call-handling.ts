import type { IChatModelClient } from '@acode/application';
import type { ChatRequest, ChatResponse, ErrorCode, RepairName, TokenUsage, ToolCallParseOutcome, ToolCallParseResult } from '@acode/domain';

/** One model answer to check, with what is needed to ask the model again. */
export interface ToolCallHandlingRequest {
  /** The client that produced `response`; retries go through it. */
  readonly client: IChatModelClient;
  /** The request `response` answers: its conversation, model and tools are reused by every retry. */
  readonly chatRequest: ChatRequest;
  /** The model's answer, tool calls not yet parsed. */
  readonly response: ChatResponse;
  /** Provider whose `tool_call` settings apply. */
  readonly provider: string;
  /** Cancels backoff waits and retry requests (ACODE-MDL-007). */
  readonly signal?: AbortSignal;
}

/** Where one call's time went, in milliseconds. */
export interface ToolCallTimings {
  /** Parsing (repair included) of the answer that decided the call. */
  readonly parseMs: number;
  /** Parse time of the deciding answer when it needed repair; the parser does not time repair apart. */
  readonly repairMs: number;
  /** Backoff, retry requests and their parsing, together. */
  readonly retryMs: number;
}

/** What happened to one call of the response. */
export interface ToolCallReport {
  /** Position of the call in the response. */
  readonly index: number;
  /** Tool name (canonical when the call ended valid, else as the model sent it; empty when it sent none). */
  readonly tool: string;
  /** The call's id (empty for an error that belongs to no call). */
  readonly callId: string;
  readonly outcome: ToolCallParseOutcome;
  /** Model requests made again for this call. */
  readonly retryCount: number;
  /** Codes of every error seen for this call, in order, attempts included. */
  readonly errorCodes: readonly ErrorCode[];
  /** Repairs applied to the arguments that decided the call. */
  readonly repairs: readonly RepairName[];
  readonly timings: ToolCallTimings;
  /** Tokens attributed to the call: its share of the first answer plus its own retries. */
  readonly tokens: TokenUsage;
}

/** What {@link ToolCallRetryHandler.handle} produced. */
export interface ToolCallHandlingResult {
  /**
   * The calls that ended valid, in the model's order (a retried call keeps its original id and
   * index), and one error per call that did not. `retryCount` is the number of retry requests.
   */
  readonly parse: ToolCallParseResult;
  /** Model requests in all, the first answer included. */
  readonly attempts: number;
  /** Tokens of every request, the first answer included. */
  readonly usage: TokenUsage;
  /** One report per call (and per error that belongs to no call), in the model's order. */
  readonly perCall: readonly ToolCallReport[];
}

/** Waits `ms` milliseconds; rejects when `signal` aborts. The handler's seam for backoff. */
export type RetrySleep = (ms: number, signal?: AbortSignal) => Promise<void>;
