import { isPlainObject, ownValue, type ChatMessage, type ChatRequest, type ChatTool, type RawToolCall } from '@acode/domain';
import { OLLAMA_REASONING_FIELDS, readReasoning } from '../tool-calls/formats/response-reading.js';
import { tokenUsage, type WireReading } from './chat-answer.js';
import { ollamaParameters } from './wire-parameters.js';
import { toWireTools } from './wire-tools.js';

/**
 * The body of `POST /api/chat`. Assistant tool calls carry their arguments as an object, as
 * Ollama requires; a call whose arguments are not a JSON object (the malformed call a retry
 * shows the model) cannot be sent that way, so it goes back as text in the assistant's content,
 * written the way models write calls. Tool results name their tool (`tool_name`). The request's
 * pass-through `parameters` are merged in (see {@link ollamaParameters}), its `temperature` into
 * their `options`.
 */
export function ollamaChatBody(request: ChatRequest, stream: boolean): Record<string, unknown> {
  // Pass-through parameters first: the fields below are the request's own and win.
  const parameters = ollamaParameters(request);
  const passedOptions = isPlainObject(parameters['options']) ? parameters['options'] : undefined;
  const options = request.temperature === undefined ? passedOptions : { ...passedOptions, temperature: request.temperature };
  const { tools, messages } = withToolChoice(request);
  return {
    ...parameters,
    model: request.model,
    messages: messages.map(toOllamaMessage),
    ...(tools.length === 0 ? {} : { tools: toWireTools(tools) }),
    stream,
    ...(options === undefined ? {} : { options }),
  };
}

/**
 * Ollama has no `tool_choice`: an OpenAI-form choice (from a client of another wire) is kept by
 * what the model is shown. `none` offers no tools; a named function offers only that one; that
 * one or `required` adds a sentence to the leading system message asking for a call (the
 * gateway's own checks then see whether one came).
 */
function withToolChoice(request: ChatRequest): { tools: readonly ChatTool[]; messages: readonly ChatMessage[] } {
  const tools = request.tools ?? [];
  const choice = request.wireOfParameters === 'ollama' || request.parameters === undefined ? undefined : ownValue(request.parameters, 'tool_choice');
  if (tools.length === 0 || choice === undefined || choice === 'auto') return { tools, messages: request.messages };
  if (choice === 'none') return { tools: [], messages: request.messages };
  const fn = isPlainObject(choice) ? ownValue(choice, 'function') : undefined;
  const name = isPlainObject(fn) ? ownValue(fn, 'name') : undefined;
  const named = typeof name === 'string' ? tools.filter((tool) => tool.name === name) : [];
  if (choice !== 'required' && named.length === 0) return { tools, messages: request.messages };
  const ask = named.length > 0 ? `Answer with a call to the tool ${named[0]!.name}.` : 'Answer with a call to one of the tools.';
  const first = request.messages[0];
  const messages =
    first?.role === 'system' ? [{ ...first, content: `${first.content}\n\n${ask}` }, ...request.messages.slice(1)] : [{ role: 'system' as const, content: ask }, ...request.messages];
  return { tools: named.length > 0 ? named : tools, messages };
}

function toOllamaMessage(message: ChatMessage): Record<string, unknown> {
  return { ...messageBody(message), ...imagesOf(message), ...(message.role === 'assistant' && message.reasoning !== undefined && message.reasoning !== '' ? { thinking: message.reasoning } : {}) };
}

/**
 * Ollama's `images`: base64 without a `data:` prefix. A URL goes as it is: Ollama fetches none, so
 * it answers with its own error, which reaches the client instead of a silently dropped image.
 */
function imagesOf(message: ChatMessage): { images?: string[] } {
  if (message.images === undefined || message.images.length === 0) return {};
  return { images: message.images.map((image) => (image.kind === 'base64' ? image.data : image.url)) };
}

function messageBody(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', content: message.content, ...(message.toolName === undefined ? {} : { tool_name: message.toolName }) };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      const structured: unknown[] = [];
      const asText: string[] = message.content === '' ? [] : [message.content];
      for (const call of calls) {
        const args = argumentsObject(call.arguments);
        if (args === undefined) asText.push(`{"name": ${JSON.stringify(call.name)}, "arguments": ${textOf(call.arguments)}}`);
        else structured.push({ function: { name: call.name, arguments: args } });
      }
      return { role: 'assistant', content: asText.join('\n'), ...(structured.length === 0 ? {} : { tool_calls: structured }) };
    }
    default:
      return { role: message.role, content: message.content };
  }
}

/** The arguments as a JSON object, parsing text that holds one; `undefined` when they are not one. */
function argumentsObject(value: string | object): object | undefined {
  if (typeof value !== 'string') return isPlainObject(value) ? value : undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function textOf(value: string | object): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Reads a non-streaming `/api/chat` answer. Tool calls are kept as sent (arguments normally an
 * object) for the parser to check; only a body that is not an Ollama answer at all is a problem.
 * `message.thinking` (`think: true`), when a string, is the reasoning.
 */
export function readOllamaChat(body: unknown, requestedModel: string): WireReading {
  if (!isPlainObject(body)) return { problem: 'is not a JSON object' };
  const message = ownValue(body, 'message');
  if (!isPlainObject(message)) return { problem: 'has no message object' };
  const content = ownValue(message, 'content') ?? '';
  if (typeof content !== 'string') return { problem: 'has message.content that is not a string' };
  const toolCalls = ownValue(message, 'tool_calls') ?? [];
  if (!Array.isArray(toolCalls)) return { problem: 'has message.tool_calls that is not an array' };
  const reason = ownValue(body, 'done_reason');
  const model = ownValue(body, 'model');
  const reasoning = readReasoning(message, OLLAMA_REASONING_FIELDS);
  return {
    answer: {
      content,
      ...(reasoning === undefined ? {} : { reasoning }),
      toolCalls: readCalls(toolCalls),
      ...(typeof reason === 'string' ? { finishReason: reason.slice(0, 64) } : {}),
      usage: tokenUsage(ownValue(body, 'prompt_eval_count'), ownValue(body, 'eval_count')),
      model: typeof model === 'string' ? model.slice(0, 256) : requestedModel,
      streamErrors: [],
    },
  };
}

/** Calls in order; `function.index` is used when it is a fresh non-negative integer, else the position. */
function readCalls(items: readonly unknown[]): RawToolCall[] {
  const used = new Set<number>();
  let next = 0;
  return items.map((item) => {
    const fn = isPlainObject(item) ? ownValue(item, 'function') : undefined;
    const declared = isPlainObject(fn) ? ownValue(fn, 'index') : undefined;
    const index = typeof declared === 'number' && Number.isSafeInteger(declared) && declared >= 0 && !used.has(declared) ? declared : next;
    used.add(index);
    next = Math.max(next, index + 1);
    const id = isPlainObject(item) ? ownValue(item, 'id') : undefined;
    return {
      index,
      ...(typeof id === 'string' ? { id } : {}),
      ...(isPlainObject(fn) ? { name: ownValue(fn, 'name'), arguments: ownValue(fn, 'arguments') } : {}),
      source: 'ollama',
    };
  });
}
