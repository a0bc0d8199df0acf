import { appendPointer, describeValueType, isPlainObject, ownValue, type ChatImage, type ChatMessage } from '@acode/domain';
import { imageFromUrl } from './image-from-url.js';
import { excerpt, requestError, type GatewayRequestError, type GatewayRequestReading, type Read } from './gateway-request-error.js';
import { readChatBody, type ChatBodyDialect } from './read-chat-body.js';


/**
 * Reads the body of an OpenAI `POST /v1/chat/completions` request into a {@link GatewayRequest}.
 *
 * - `system` and `developer` messages become `system`; `user`, `assistant` and `tool` keep their
 *   role. Content may be a string or an array of `text` parts (joined with newlines) and
 *   `image_url` parts (images, passed on to the upstream); an assistant's `refusal` stands for its
 *   content when it has none, its `reasoning_content` is kept. Audio and file parts are refused:
 *   dropping a part silently would change the question the model is asked.
 * - An assistant's `tool_calls` keep their id, name and `function.arguments` (a string, as the
 *   format says; an object is accepted too). A `tool` message needs its `tool_call_id`, and gets
 *   the name of the tool that call named (`toolName`), which an Ollama upstream wants.
 * - `tools` are read by {@link readRequestTools} (functions only, any non-empty name, at most 128).
 * - `stream` is `false` unless `true`. Every other field (`temperature`, `max_tokens`,
 *   `tool_choice`, `response_format`, `stream_options`...) goes to `parameters` verbatim. The
 *   deprecated `functions` and `function_call` are refused: calls to functions declared that way
 *   could not be checked.
 *
 * Refusals are ACODE-GTW-001 (ACODE-GTW-002 for a tool), with the field's JSON Pointer. It never
 * throws; size and nesting limits of the body itself are the route's.
 */
export function readOpenAiChatRequest(body: unknown): GatewayRequestReading {
  try {
    return readBody(body);
  } catch {
    // Reached only by input no JSON parser makes (a throwing getter, a Proxy): refused, not thrown.
    return { ok: false, error: requestError('', 'The body could not be read as a chat completion request') };
  }
}

const OPENAI: ChatBodyDialect = { wire: 'openai', streamByDefault: false, readMessage, linkMessages, refuseFields: refuseLegacyFunctions };

function readBody(body: unknown): GatewayRequestReading {
  return readChatBody(body, OPENAI);
}

/** The deprecated `functions` / `function_call`: calls to functions declared that way could not be checked. */
function refuseLegacyFunctions(body: Readonly<Record<string, unknown>>): GatewayRequestError | undefined {
  for (const legacy of ['functions', 'function_call']) {
    const value = ownValue(body, legacy);
    if (value !== undefined && value !== null) {
      return requestError(`/${legacy}`, `${legacy} is deprecated and not supported by the gateway; declare tools with "tools" (and choose with "tool_choice")`);
    }
  }
  return undefined;
}

/**
 * The tool each call id named: a tool message carries only the id, and an Ollama upstream wants
 * the tool's name (`tool_name`) instead.
 */
function linkMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const called = new Map<string, string>();
  return messages.map((message) => {
    for (const call of message.toolCalls ?? []) called.set(call.id, call.name);
    const toolName = message.role === 'tool' && message.toolCallId !== undefined ? called.get(message.toolCallId) : undefined;
    return toolName === undefined ? message : { ...message, toolName };
  });
}

function readMessage(item: unknown, index: number): Read<ChatMessage> {
  const at = `/messages/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `messages[${index}] must be an object; got ${describeValueType(item)}`) };
  const role = ownValue(item, 'role');
  switch (role) {
    case 'system':
    case 'developer':
    case 'user': {
      const content = readContent(ownValue(item, 'content'), `${at}/content`, `messages[${index}].content`, false);
      if ('error' in content) return content;
      const { text, images } = content.value;
      return { value: { role: role === 'user' ? 'user' : 'system', content: text, ...(images.length === 0 ? {} : { images }) } };
    }
    case 'assistant':
      return readAssistant(item, index);
    case 'tool': {
      const callId = ownValue(item, 'tool_call_id');
      if (typeof callId !== 'string' || callId === '') {
        return { error: requestError(`${at}/tool_call_id`, `messages[${index}].tool_call_id must be a non-empty string (the id of the call it answers); got ${describeValueType(callId)}`) };
      }
      const content = readContent(ownValue(item, 'content'), `${at}/content`, `messages[${index}].content`, false);
      if ('error' in content) return content;
      const { text, images } = content.value;
      return { value: { role: 'tool', content: text, toolCallId: callId, ...(images.length === 0 ? {} : { images }) } };
    }
    case 'function':
      return { error: requestError(`${at}/role`, `messages[${index}].role "function" is deprecated and not supported; answer tool calls with "tool" messages`) };
    default:
      return {
        error: requestError(
          `${at}/role`,
          typeof role === 'string'
            ? `messages[${index}].role ${excerpt(role)} is not one of system, developer, user, assistant, tool`
            : `messages[${index}].role must be a string; got ${describeValueType(role)}`,
        ),
      };
  }
}

function readAssistant(item: Readonly<Record<string, unknown>>, index: number): Read<ChatMessage> {
  const at = `/messages/${index}`;
  const content = readContent(ownValue(item, 'content'), `${at}/content`, `messages[${index}].content`, true);
  if ('error' in content) return content;
  const refusal = ownValue(item, 'refusal') ?? undefined;
  if (refusal !== undefined && typeof refusal !== 'string') {
    return { error: requestError(`${at}/refusal`, `messages[${index}].refusal must be a string; got ${describeValueType(refusal)}`) };
  }
  const legacy = ownValue(item, 'function_call');
  if (legacy !== undefined && legacy !== null) {
    return { error: requestError(`${at}/function_call`, `messages[${index}].function_call is deprecated and not supported; send tool_calls`) };
  }
  const calls = ownValue(item, 'tool_calls') ?? [];
  if (!Array.isArray(calls)) return { error: requestError(`${at}/tool_calls`, `messages[${index}].tool_calls must be an array; got ${describeValueType(calls)}`) };
  const toolCalls: { id: string; name: string; arguments: string | object }[] = [];
  for (let position = 0; position < calls.length; position++) {
    const call = readAssistantCall(calls[position], index, position);
    if ('error' in call) return call;
    toolCalls.push(call.value);
  }
  const text = content.value.text === '' && refusal !== undefined ? refusal : content.value.text;
  const reasoning = ownValue(item, 'reasoning_content') ?? ownValue(item, 'reasoning') ?? undefined;
  return {
    value: {
      role: 'assistant',
      content: text,
      ...(toolCalls.length === 0 ? {} : { toolCalls }),
      // The reasoning a client sends back (vLLM's and DeepSeek's field) is kept for the upstream.
      ...(typeof reasoning === 'string' && reasoning !== '' ? { reasoning } : {}),
    },
  };
}

function readAssistantCall(item: unknown, index: number, position: number): Read<{ id: string; name: string; arguments: string | object }> {
  const at = `/messages/${index}/tool_calls/${position}`;
  const label = `messages[${index}].tool_calls[${position}]`;
  if (!isPlainObject(item)) return { error: requestError(at, `${label} must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type') ?? 'function';
  if (type !== 'function') return { error: requestError(`${at}/type`, `${label}.type must be "function"; got ${excerpt(type)}`) };
  const id = ownValue(item, 'id');
  if (typeof id !== 'string' || id === '') return { error: requestError(`${at}/id`, `${label}.id must be a non-empty string; got ${describeValueType(id)}`) };
  const fn = ownValue(item, 'function');
  if (!isPlainObject(fn)) return { error: requestError(`${at}/function`, `${label}.function must be an object; got ${describeValueType(fn)}`) };
  const name = ownValue(fn, 'name');
  if (typeof name !== 'string' || name === '') return { error: requestError(`${at}/function/name`, `${label}.function.name must be a non-empty string; got ${describeValueType(name)}`) };
  const args = ownValue(fn, 'arguments') ?? '{}';
  if (typeof args !== 'string' && !isPlainObject(args)) {
    return { error: requestError(`${at}/function/arguments`, `${label}.function.arguments must be a JSON text (a string); got ${describeValueType(args)}`) };
  }
  return { value: { id, name, arguments: args } };
}

/**
 * A message's content: a string, or the `text` (and, for an assistant, `refusal`) parts of an
 * array joined with newlines, and its `image_url` parts (a `data:` URL as base64, any other as
 * the address); `null` or absent is `''` where `optional`. Audio and file parts are refused:
 * dropping one silently would change the question the model is asked.
 */
function readContent(value: unknown, at: string, label: string, optional: boolean): Read<{ text: string; images: ChatImage[] }> {
  if (typeof value === 'string') return { value: { text: value, images: [] } };
  if ((value === null || value === undefined) && optional) return { value: { text: '', images: [] } };
  if (!Array.isArray(value)) return { error: requestError(at, `${label} must be a string or an array of text parts; got ${describeValueType(value)}`) };
  const texts: string[] = [];
  const images: ChatImage[] = [];
  for (let position = 0; position < value.length; position++) {
    const part: unknown = value[position];
    const partAt = appendPointer(at, position);
    if (!isPlainObject(part)) return { error: requestError(partAt, `${label}[${position}] must be an object; got ${describeValueType(part)}`) };
    const type = ownValue(part, 'type');
    if (type === 'image_url') {
      const image = readImageUrl(ownValue(part, 'image_url'), `${partAt}/image_url`, `${label}[${position}].image_url`);
      if ('error' in image) return image;
      images.push(image.value);
      continue;
    }
    const key = type === 'text' ? 'text' : type === 'refusal' && optional ? 'refusal' : undefined;
    if (key === undefined) {
      return {
        error: requestError(
          `${partAt}/type`,
          typeof type === 'string'
            ? `${label}[${position}] is a ${excerpt(type)} part; the gateway forwards text and image_url parts only`
            : `${label}[${position}].type must be a string; got ${describeValueType(type)}`,
        ),
      };
    }
    const text = ownValue(part, key);
    if (typeof text !== 'string') return { error: requestError(`${partAt}/${key}`, `${label}[${position}].${key} must be a string; got ${describeValueType(text)}`) };
    texts.push(text);
  }
  return { value: { text: texts.join('\n'), images } };
}

/** An `image_url` part's `{url}` (a string is taken too). */
function readImageUrl(value: unknown, at: string, label: string): Read<ChatImage> {
  const url = isPlainObject(value) ? ownValue(value, 'url') : value;
  if (typeof url !== 'string' || url === '') return { error: requestError(isPlainObject(value) ? `${at}/url` : at, `${label}.url must be a non-empty string; got ${describeValueType(url)}`) };
  const image = imageFromUrl(url);
  return image === undefined ? { error: requestError(isPlainObject(value) ? `${at}/url` : at, `${label}.url must be an http(s) URL or a base64 data: URL of an image`) } : { value: image };
}
