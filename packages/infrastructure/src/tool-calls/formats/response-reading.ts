import type { RawToolCall } from '@acode/domain';
import { readProperty } from './read-property.js';

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
  /**
   * The reasoning the server set apart from the text (`reasoning_content` or `reasoning`, Ollama's
   * `thinking`), when it sent one as a string; absent otherwise.
   */
  readonly reasoning?: string;
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

/**
 * The OpenAI-compatible servers' reasoning fields, in the order read: vLLM, SGLang, llama.cpp and
 * LM Studio write `reasoning_content`, newer vLLM and OpenRouter `reasoning`. Only the first
 * string is taken, so a server that sends both for compatibility is not read twice.
 */
export const OPENAI_REASONING_FIELDS: readonly string[] = Object.freeze(['reasoning_content', 'reasoning']);

/** Ollama's reasoning field (`think: true`). */
export const OLLAMA_REASONING_FIELDS: readonly string[] = Object.freeze(['thinking']);

/** The reasoning of a message: its first field of `fields` holding a non-empty string. Anything else is no reasoning. */
export function readReasoning(message: unknown, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = readProperty(message, field);
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** The reading with the reasoning a message carried, when it carried one. */
export function withReasoning(reading: ResponseReading, message: unknown, fields: readonly string[]): ResponseReading {
  if (!reading.ok) return reading;
  const reasoning = readReasoning(message, fields);
  return reasoning === undefined ? reading : { ...reading, reasoning };
}
