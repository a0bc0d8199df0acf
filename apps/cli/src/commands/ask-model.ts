import { ModelClientException, ToolCallRetryExhaustedException, type IChatModelClient } from '@acode/application';
import type { ChatRequest, ChatResponse, TokenUsage, ToolCallError, ToolCallParseResult } from '@acode/domain';
import type { CommandOutput } from '../command-output.js';
import { escapeControlCharacters } from '../render/text.js';
import type { CliRuntime } from '../runtime.js';
import { expectedFailure } from './model-failure.js';

/** One model request of `chat`, and what parse, repair, validation and retry made of its answer. */
export interface ModelAnswer {
  readonly response: ChatResponse;
  readonly parse: ToolCallParseResult;
  /** Every call that did not end valid: stream errors first, then the parser's. */
  readonly errors: readonly ToolCallError[];
  /** True when retries ran out (ACODE-TLP-006); `footer` then holds 002's message. */
  readonly exhausted: boolean;
  /** Lines for the end of the output: requests and tokens, or the exhaustion message. */
  readonly footer: readonly string[];
  /** True when text was written to `stdout` as it arrived. */
  readonly streamed: boolean;
  /** Model requests this answer took, retries included. */
  readonly attempts: number;
  /** Tokens of those requests. */
  readonly usage: TokenUsage;
}

/** What {@link askModel} needs. */
export interface AskModelInput {
  readonly runtime: Pick<CliRuntime, 'models'>;
  readonly client: IChatModelClient;
  readonly request: ChatRequest;
  readonly provider: string;
  readonly stream: boolean;
  /** Where streamed text goes. */
  readonly stdout: NodeJS.WritableStream;
  /** The run's correlation id, for a result rebuilt after retries ran out. */
  readonly correlationId: string;
  /** Output already produced (earlier rounds), kept in front of a failure's output. */
  readonly printed?: string;
}

/**
 * Sends one request (streamed or not) and hands the answer to the retry handler. A server or
 * model failure is an expected result (exit 3/4, see `expectedFailure`), returned as output;
 * retries running out is an answer with `exhausted` set.
 */
export async function askModel(input: AskModelInput): Promise<{ readonly ok: true; readonly answer: ModelAnswer } | { readonly ok: false; readonly output: CommandOutput }> {
  const { runtime, client, request, provider, stdout } = input;
  let streamed = false;
  const onContent = (text: string): void => {
    streamed = true;
    stdout.write(text.split('\n').map(escapeControlCharacters).join('\n'));
  };
  // Text already printed or streamed stays; a newline keeps the error off its line.
  const before = (): string | undefined => (input.printed ?? '') + (streamed ? '\n' : '') || undefined;

  let response: ChatResponse;
  try {
    response = input.stream ? await client.chatStream(request, { onContent }) : await client.chat(request);
  } catch (error) {
    return { ok: false, output: expectedFailure(error, before()) };
  }

  try {
    const handled = await runtime.models.retryHandler().handle({ client, chatRequest: request, response, provider });
    const footer = [`Model requests: ${handled.attempts}; tokens ${handled.usage.totalTokens} (prompt ${handled.usage.promptTokens}, completion ${handled.usage.completionTokens})`];
    return { ok: true, answer: { response, parse: handled.parse, errors: allErrors(response.streamErrors, handled.parse.errors), exhausted: false, footer, streamed, attempts: handled.attempts, usage: handled.usage } };
  } catch (error) {
    if (error instanceof ModelClientException) return { ok: false, output: expectedFailure(error, before()) };
    if (!(error instanceof ToolCallRetryExhaustedException)) throw error;
    const parse = error.partialResult ?? { success: false, toolCalls: [], errors: error.errors, content: response.content, retryCount: error.attemptCount - 1, correlationId: input.correlationId };
    const usage = error.usage ?? response.usage;
    return { ok: true, answer: { response, parse, errors: allErrors(response.streamErrors, parse.errors), exhausted: true, footer: ['', ...error.message.split('\n')], streamed, attempts: error.attemptCount, usage } };
  }
}

/** The stream's errors and the parse's, each once: a call the stream dropped is also a failed call of the parse, as the same error. */
function allErrors<T>(streamErrors: readonly T[], parseErrors: readonly T[]): T[] {
  return [...new Set([...streamErrors, ...parseErrors])];
}

/** The assistant's text, its lines kept, each one made safe to print. */
export function displayMessageBlock(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => escapeControlCharacters(line))
    .join('\n');
}
