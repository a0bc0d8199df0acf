import type { JsonValue } from '@acode/domain';
import type { GatewayAnswer, GatewayToolCall } from './gateway-request.js';

/** The finish reasons OpenAI clients know (`function_call` is deprecated, and never written). */
export type OpenAiFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** A tool call as OpenAI answers it: arguments as JSON text. */
export interface OpenAiToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** The `chat.completion` object of a non-streamed answer. */
export interface OpenAiChatCompletion {
  readonly id: string;
  readonly object: 'chat.completion';
  readonly created: number;
  readonly model: string;
  readonly choices: [
    {
      readonly index: 0;
      readonly message: {
        readonly role: 'assistant';
        readonly content: string | null;
        readonly refusal: null;
        readonly tool_calls?: OpenAiToolCall[];
        /** The reasoning, as DeepSeek, vLLM and llama.cpp write it; clients that do not know it ignore it. */
        readonly reasoning_content?: string;
      };
      readonly finish_reason: OpenAiFinishReason;
      readonly logprobs: null;
    },
  ];
  readonly usage: OpenAiUsage;
}

/** Token counts as OpenAI reports them. */
export interface OpenAiUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

/** Identity of a completion: its id (`chatcmpl-...`) and creation time in Unix seconds. */
export interface OpenAiCompletionIdentity {
  readonly id: string;
  readonly created: number;
}

/** Options of {@link openAiChatChunks}. */
export interface OpenAiChatChunksOptions extends OpenAiCompletionIdentity {
  /** The request's `stream_options.include_usage`: add the usage chunk (and `usage: null` on the others), as OpenAI does. */
  readonly includeUsage?: boolean;
  /** Leave out the first chunk (the role): the stream began already with {@link openAiContentChunk}s. */
  readonly omitRole?: boolean;
}

/**
 * The answer as OpenAI's `chat.completion`: one choice whose message has the text (`null` when
 * there is none beside tool calls, as OpenAI writes it), the calls with the client's own tool
 * names and their arguments as JSON text, `reasoning_content` when there was reasoning, and the
 * usage. The finish reason is one OpenAI clients know: `tool_calls` when there are calls,
 * `length` and `content_filter` kept, anything else (Ollama's `load`, a bare `tool_calls` without
 * calls) `stop`.
 */
export function openAiChatCompletion(answer: GatewayAnswer, identity: OpenAiCompletionIdentity): OpenAiChatCompletion {
  const toolCalls = answer.toolCalls.map((call, index) => toolCallOf(call, index, identity.id));
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: answer.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content === '' && toolCalls.length > 0 ? null : answer.content,
          refusal: null,
          ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
          ...(answer.reasoning === undefined || answer.reasoning === '' ? {} : { reasoning_content: answer.reasoning }),
        },
        finish_reason: openAiFinishReason(answer),
        logprobs: null,
      },
    ],
    usage: usageOf(answer),
  };
}

/**
 * The same answer as the server-sent events of a streamed completion, each line `data: {...}\n\n`:
 * the role, then the reasoning (`reasoning_content`), the text, one chunk per tool call (`index`,
 * id, name and the whole arguments text), a chunk with the finish reason, the usage chunk (empty
 * `choices`) when `includeUsage`, and `data: [DONE]\n\n`. The gateway answers only once the
 * upstream's answer is checked, so the stream carries a whole answer; clients read it the same.
 */
export function openAiChatChunks(answer: GatewayAnswer, options: OpenAiChatChunksOptions): string[] {
  const includeUsage = options.includeUsage === true;
  const chunk = (delta: Record<string, JsonValue>, finishReason: OpenAiFinishReason | null = null): string =>
    event({
      id: options.id,
      object: 'chat.completion.chunk',
      created: options.created,
      model: answer.model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const lines = options.omitRole === true ? [] : [chunk({ role: 'assistant', content: '' })];
  if (answer.reasoning !== undefined && answer.reasoning !== '') lines.push(chunk({ reasoning_content: answer.reasoning }));
  if (answer.content !== '') lines.push(chunk({ content: answer.content }));
  answer.toolCalls.forEach((call, index) => {
    const { id, type, function: fn } = toolCallOf(call, index, options.id);
    lines.push(chunk({ tool_calls: [{ index, id, type, function: { name: fn.name, arguments: fn.arguments } }] }));
  });
  lines.push(chunk({}, openAiFinishReason(answer)));
  if (includeUsage) {
    const usage = usageOf(answer);
    lines.push(
      event({
        id: options.id,
        object: 'chat.completion.chunk',
        created: options.created,
        model: answer.model,
        choices: [],
        usage: { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.total_tokens },
      }),
    );
  }
  lines.push('data: [DONE]\n\n');
  return lines;
}

/** The finish reason to report on the OpenAI wire (see {@link openAiChatCompletion}). */
export function openAiFinishReason(answer: GatewayAnswer): OpenAiFinishReason {
  if (answer.toolCalls.length > 0) return 'tool_calls';
  return answer.finishReason === 'length' || answer.finishReason === 'content_filter' ? answer.finishReason : 'stop';
}

function toolCallOf(call: GatewayToolCall, index: number, completionId: string): OpenAiToolCall {
  // A call from an Ollama upstream has no id; OpenAI clients need one to answer it.
  const id = call.id !== '' ? call.id : `call_${completionId.replace(/[^A-Za-z0-9]/g, '').slice(-24)}_${index}`;
  return { id, type: 'function', function: { name: call.wireName, arguments: call.argumentsText ?? JSON.stringify(call.arguments) } };
}

function usageOf(answer: GatewayAnswer): OpenAiUsage {
  const { promptTokens, completionTokens, totalTokens } = answer.usage;
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: totalTokens };
}

function event(data: Record<string, JsonValue>): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/**
 * One chunk of text as it streams, for a stream whose end {@link openAiChatChunks} writes (with
 * `omitRole`): the first one carries the role, as OpenAI's first chunk does.
 */
export function openAiContentChunk(text: string, model: string, options: OpenAiChatChunksOptions & { readonly first: boolean }): string {
  const delta: Record<string, JsonValue> = options.first ? { role: 'assistant', content: text } : { content: text };
  return event({
    id: options.id,
    object: 'chat.completion.chunk',
    created: options.created,
    model,
    choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
    ...(options.includeUsage === true ? { usage: null } : {}),
  });
}
