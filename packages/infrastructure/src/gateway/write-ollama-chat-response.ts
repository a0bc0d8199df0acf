import type { JsonValue } from '@acode/domain';
import type { GatewayAnswer } from './gateway-request.js';

/** A tool call as Ollama answers it: arguments as an object, no id. */
export interface OllamaToolCall {
  readonly function: { readonly name: string; readonly arguments: Readonly<Record<string, JsonValue>> };
}

/** The final object of an `/api/chat` answer (the only one when not streamed). */
export interface OllamaChatResponse {
  readonly model: string;
  /** RFC 3339 time. */
  readonly created_at: string;
  readonly message: {
    readonly role: 'assistant';
    readonly content: string;
    readonly thinking?: string;
    readonly tool_calls?: OllamaToolCall[];
  };
  readonly done: true;
  readonly done_reason: string;
  readonly total_duration: number;
  readonly load_duration: number;
  readonly prompt_eval_count: number;
  readonly prompt_eval_duration: number;
  readonly eval_count: number;
  readonly eval_duration: number;
}

/** Options of {@link ollamaChatResponse} and {@link ollamaChatChunks}. */
export interface OllamaChatResponseOptions {
  /** When the answer was made. */
  readonly createdAt: Date;
  /** The whole answer's wall time in nanoseconds, reported as `total_duration`; 0 when not given. The other durations are 0: the gateway cannot split them. */
  readonly totalDurationNs?: number;
}

/**
 * The answer as Ollama's `/api/chat` object: the text, `thinking` when there was reasoning, the
 * calls with the client's tool names and their arguments as objects, `done: true`, and the token
 * counts (`prompt_eval_count`, `eval_count`). `done_reason` is the upstream's, but for the
 * OpenAI-only reasons (`tool_calls`, `content_filter`, `function_call`), which are `stop`: Ollama
 * says `stop` after tool calls.
 */
export function ollamaChatResponse(answer: GatewayAnswer, options: OllamaChatResponseOptions): OllamaChatResponse {
  const toolCalls = answer.toolCalls.map((call): OllamaToolCall => ({ function: { name: call.wireName, arguments: call.arguments } }));
  return {
    model: answer.model,
    created_at: isoTime(options.createdAt),
    message: {
      role: 'assistant',
      content: answer.content,
      ...(answer.reasoning === undefined || answer.reasoning === '' ? {} : { thinking: answer.reasoning }),
      ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
    },
    ...finalFields(answer, options),
  };
}

/**
 * The same answer as the NDJSON lines of a streamed `/api/chat` (each a JSON object and `\n`):
 * one `done: false` line with the text, thinking and calls (when there is any), then the final
 * `done: true` line with an empty message, the reason, the durations and the counts, as Ollama
 * ends its streams.
 */
export function ollamaChatChunks(answer: GatewayAnswer, options: OllamaChatResponseOptions): string[] {
  const whole = ollamaChatResponse(answer, options);
  const lines: string[] = [];
  const { message } = whole;
  if (message.content !== '' || message.thinking !== undefined || message.tool_calls !== undefined) {
    lines.push(`${JSON.stringify({ model: whole.model, created_at: whole.created_at, message, done: false })}\n`);
  }
  lines.push(`${JSON.stringify({ model: whole.model, created_at: whole.created_at, message: { role: 'assistant', content: '' }, ...finalFields(answer, options) })}\n`);
  return lines;
}

/** The reason to report on the Ollama wire (see {@link ollamaChatResponse}). */
export function ollamaDoneReason(answer: GatewayAnswer): string {
  const reason = answer.finishReason;
  return reason === '' || reason === 'tool_calls' || reason === 'content_filter' || reason === 'function_call' ? 'stop' : reason;
}

function finalFields(answer: GatewayAnswer, options: OllamaChatResponseOptions) {
  const total = options.totalDurationNs;
  return {
    done: true as const,
    done_reason: ollamaDoneReason(answer),
    total_duration: typeof total === 'number' && Number.isSafeInteger(total) && total > 0 ? total : 0,
    load_duration: 0,
    prompt_eval_count: answer.usage.promptTokens,
    prompt_eval_duration: 0,
    eval_count: answer.usage.completionTokens,
    eval_duration: 0,
  };
}

/** RFC 3339 text of a time; an invalid `Date` (whose `toISOString` throws) is written as the epoch rather than failing the answer. */
function isoTime(date: Date): string {
  return date instanceof Date && Number.isFinite(date.getTime()) ? date.toISOString() : new Date(0).toISOString();
}

/** One `done: false` line of text as it streams, before the lines {@link ollamaChatChunks} ends the stream with. */
export function ollamaContentLine(text: string, model: string, createdAt: Date): string {
  return `${JSON.stringify({ model, created_at: isoTime(createdAt), message: { role: 'assistant', content: text }, done: false })}\n`;
}
