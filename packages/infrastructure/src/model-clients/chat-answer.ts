import { ZERO_TOKEN_USAGE, type ChatResponse, type TokenUsage } from '@acode/domain';
import type { StreamAccumulation } from '../streaming/index.js';

/** What a server's answer says, before the client adds the request's duration. */
export type ChatAnswer = Omit<ChatResponse, 'durationMs'>;

/** A wire reader's verdict: the answer, or what is wrong with the body (a clause after "its answer"). */
export type WireReading = { readonly answer: ChatAnswer } | { readonly problem: string };

/** A token count a server sent, or 0 when it sent none usable. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** Usage from two counts; the total is the server's when it sent one, else their sum. */
export function tokenUsage(prompt: unknown, completion: unknown, total?: unknown): TokenUsage {
  const promptTokens = tokenCount(prompt);
  const completionTokens = tokenCount(completion);
  const sent = tokenCount(total);
  return { promptTokens, completionTokens, totalTokens: sent > 0 ? sent : promptTokens + completionTokens };
}

/**
 * The answer a stream amounted to; the model is the one asked for (streams do not always repeat
 * it). A stream without its end marker is `incomplete`, so the parser refuses the calls it cut.
 */
export function answerFromStream(accumulation: StreamAccumulation, model: string): ChatAnswer {
  const usage = accumulation.usage;
  return {
    content: accumulation.content,
    ...(accumulation.reasoning === undefined || accumulation.reasoning === '' ? {} : { reasoning: accumulation.reasoning }),
    toolCalls: accumulation.calls,
    ...(accumulation.finishReason === undefined ? {} : { finishReason: accumulation.finishReason }),
    ...(accumulation.complete ? {} : { incomplete: true }),
    usage: usage === undefined ? ZERO_TOKEN_USAGE : tokenUsage(usage.promptTokens, usage.completionTokens, usage.totalTokens),
    model,
    streamErrors: accumulation.errors,
  };
}
