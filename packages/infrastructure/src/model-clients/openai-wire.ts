import { isPlainObject, ownValue, type ChatMessage, type ChatRequest, type RawToolCall } from '@acode/domain';
import { OPENAI_REASONING_FIELDS, readReasoning } from '../tool-calls/formats/response-reading.js';
import { tokenUsage, type WireReading } from './chat-answer.js';
import { openAiParameters } from './wire-parameters.js';
import { toWireTools } from './wire-tools.js';

/**
 * The body of `POST /v1/chat/completions`. Assistant tool calls carry their arguments as a
 * string, as the format requires (an object is serialised); tool results name the call they
 * answer (`tool_call_id`). Streams ask for the final usage chunk (`stream_options.include_usage`).
 * The request's pass-through `parameters` are merged in (see {@link openAiParameters}).
 */
export function openAiChatBody(request: ChatRequest, stream: boolean): Record<string, unknown> {
  return {
    // Pass-through parameters first: the fields below are the request's own and win.
    ...openAiParameters(request),
    model: request.model,
    messages: request.messages.flatMap(toOpenAiMessage),
    ...(request.tools === undefined || request.tools.length === 0 ? {} : { tools: toWireTools(request.tools) }),
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}

function toOpenAiMessage(message: ChatMessage): Record<string, unknown>[] {
  const body = messageBody(message);
  const images = message.images ?? [];
  if (images.length === 0) return [body];
  const parts = images.map((image) => ({ type: 'image_url', image_url: { url: image.kind === 'base64' ? `data:${image.mediaType};base64,${image.data}` : image.url } }));
  // A tool message carries text only on this wire: its images follow as a user message, so the
  // model still sees what the tool read.
  if (message.role === 'tool') return [body, { role: 'user', content: parts }];
  return [{ ...body, content: [...(message.content === '' ? [] : [{ type: 'text', text: message.content }]), ...parts] }];
}

function messageBody(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', content: message.content, ...(message.toolCallId === undefined ? {} : { tool_call_id: message.toolCallId }) };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      // The reasoning a client sent back, as vLLM, llama.cpp and DeepSeek name it.
      const reasoning = message.reasoning === undefined || message.reasoning === '' ? {} : { reasoning_content: message.reasoning };
      if (calls.length === 0) return { role: 'assistant', content: message.content, ...reasoning };
      return {
        role: 'assistant',
        ...reasoning,
        // The format's own spelling of "no text" beside tool calls.
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
        })),
      };
    }
    default:
      return { role: message.role, content: message.content };
  }
}

/**
 * Reads a non-streaming chat completion: the first choice's message, its tool calls kept as
 * sent (arguments normally a JSON string), `finish_reason` and `usage`; `reasoning_content` (or
 * `reasoning`), when a string, is the reasoning.
 */
export function readOpenAiChat(body: unknown, requestedModel: string): WireReading {
  if (!isPlainObject(body)) return { problem: 'is not a JSON object' };
  const choices = ownValue(body, 'choices');
  if (!Array.isArray(choices) || choices.length === 0) return { problem: 'has no choices' };
  const choice: unknown = choices[0];
  const message = isPlainObject(choice) ? ownValue(choice, 'message') : undefined;
  if (!isPlainObject(choice) || !isPlainObject(message)) return { problem: 'has no choices[0].message object' };
  const content = ownValue(message, 'content') ?? '';
  if (typeof content !== 'string') return { problem: 'has choices[0].message.content that is not a string' };
  const toolCalls = ownValue(message, 'tool_calls') ?? [];
  if (!Array.isArray(toolCalls)) return { problem: 'has choices[0].message.tool_calls that is not an array' };
  const reason = ownValue(choice, 'finish_reason');
  const usage = ownValue(body, 'usage');
  const model = ownValue(body, 'model');
  const reasoning = readReasoning(message, OPENAI_REASONING_FIELDS);
  return {
    answer: {
      content,
      ...(reasoning === undefined ? {} : { reasoning }),
      toolCalls: toolCalls.map(readCall),
      ...(typeof reason === 'string' ? { finishReason: reason.slice(0, 64) } : {}),
      usage: isPlainObject(usage)
        ? tokenUsage(ownValue(usage, 'prompt_tokens'), ownValue(usage, 'completion_tokens'), ownValue(usage, 'total_tokens'))
        : tokenUsage(undefined, undefined),
      model: typeof model === 'string' ? model.slice(0, 256) : requestedModel,
      streamErrors: [],
    },
  };
}

function readCall(item: unknown, index: number): RawToolCall {
  if (!isPlainObject(item)) return { index, source: 'openai' };
  const id = ownValue(item, 'id');
  const fn = ownValue(item, 'function');
  return {
    index,
    ...(typeof id === 'string' ? { id } : {}),
    ...(isPlainObject(fn) ? { name: ownValue(fn, 'name'), arguments: ownValue(fn, 'arguments') } : {}),
    source: 'openai',
  };
}
