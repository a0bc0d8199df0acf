import type { RawToolCall } from '@acode/domain';

/** The response formats the parser recognises. */
export type ResponseFormat = 'ollama' | 'openai' | 'assistant_message';

/** The calls and text taken out of a response, before any call is parsed. */
export interface ResponseCalls {
  readonly ok: true;
  readonly format: ResponseFormat;
  /** The structured calls, in the model's order, indexes normalised. */
  readonly calls: readonly RawToolCall[];
  /** The assistant's text; empty when there is none. */
  readonly content: string;
  /** How many calls past {@link MAX_TOOL_CALLS_PER_RESPONSE} were left unread. */
  readonly overflow: number;
  /**
   * Why generation stopped: `choices[0].finish_reason` (OpenAI) or `done_reason` (Ollama), when
   * the response says, bounded to {@link MAX_FINISH_REASON_LENGTH} characters.
   */
  readonly finishReason?: string;
}

/** A response the parser could not read, with the reason. */
export interface UnreadableResponse {
  readonly ok: false;
  readonly message: string;
}

/** What reading one response produced. */
export type ResponseReading = ResponseCalls | UnreadableResponse;

/**
 * Most calls read from one response. Models emit a handful (002's examples have five); the cap
 * bounds the work a hostile response can cause, and the calls past it are reported, not dropped
 * silently.
 */
export const MAX_TOOL_CALLS_PER_RESPONSE = 128;

/** Longest finish reason kept; real ones are a single word (`stop`, `length`, `tool_calls`). */
export const MAX_FINISH_REASON_LENGTH = 64;

/** The reading with the finish reason a response gave, when it is a string. */
export function withFinishReason(reading: ResponseReading, reason: unknown): ResponseReading {
  if (!reading.ok || typeof reason !== 'string') return reading;
  return { ...reading, finishReason: reason.slice(0, MAX_FINISH_REASON_LENGTH) };
}
