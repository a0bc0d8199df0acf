import { canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue, type ChatMessage, type ChatImage } from '@acode/domain';
import { imageFromUrl } from './image-from-url.js';
import { excerpt, requestError, type GatewayRequestReading, type Read } from './gateway-request-error.js';
import { readChatBody, type ChatBodyDialect } from './read-chat-body.js';


/**
 * Reads the body of an Ollama `POST /api/chat` request into a {@link GatewayRequest}.
 *
 * - Messages are `system`, `user`, `assistant` or `tool`, with string `content` (absent or
 *   `null` is `''`). `images` (base64) are passed on to the upstream. An assistant's `thinking`
 *   is kept as its reasoning. A tool message keeps its `tool_name`.
 * - An assistant's `tool_calls` carry `function.arguments` as an object (a JSON text is accepted
 *   too). Ollama's calls have no id, so each gets `call_<message>_<call>`, stable for the request,
 *   and a tool message gets the id of the call it answers (the pending call of its `tool_name`,
 *   else the first pending one), which an OpenAI upstream requires.
 * - `tools` are read by {@link readRequestTools} (functions only, any non-empty name, at most 128).
 * - `stream` is `true` unless `false`: Ollama streams by default. Every other field (`options`,
 *   `format`, `keep_alive`, `think`...) goes to `parameters` verbatim.
 *
 * Refusals are ACODE-GTW-001 (ACODE-GTW-002 for a tool), with the field's JSON Pointer. It never
 * throws; size and nesting limits of the body itself are the route's.
 */
export function readOllamaChatRequest(body: unknown): GatewayRequestReading {
  try {
    return readBody(body);
  } catch {
    // Reached only by input no JSON parser makes (a throwing getter, a Proxy): refused, not thrown.
    return { ok: false, error: requestError('', 'The body could not be read as a chat request') };
  }
}

const OLLAMA: ChatBodyDialect = { wire: 'ollama', streamByDefault: true, readMessage, linkMessages };

function readBody(body: unknown): GatewayRequestReading {
  return readChatBody(body, OLLAMA);
}

/**
 * Calls of the last assistant message not answered yet: Ollama's tool messages name their tool
 * but no call, and an OpenAI upstream needs the id (`tool_call_id`) of the call each answers.
 */
function linkMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  let pending: { id: string; name: string }[] = [];
  return messages.map((message) => {
    if (message.role === 'assistant') pending = (message.toolCalls ?? []).map(({ id, name }) => ({ id, name }));
    if (message.role !== 'tool') return message;
    const at = pending.findIndex((call) => call.name === message.toolName);
    const answered = pending[at === -1 ? 0 : at];
    if (answered === undefined) return message;
    pending = pending.filter((call) => call !== answered);
    return { ...message, toolCallId: answered.id, toolName: message.toolName ?? answered.name };
  });
}

function readMessage(item: unknown, index: number): Read<ChatMessage> {
  const at = `/messages/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `messages[${index}] must be an object; got ${describeValueType(item)}`) };
  const role = ownValue(item, 'role');
  if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') {
    return {
      error: requestError(
        `${at}/role`,
        typeof role === 'string' ? `messages[${index}].role ${excerpt(role)} is not one of system, user, assistant, tool` : `messages[${index}].role must be a string; got ${describeValueType(role)}`,
      ),
    };
  }
  const content = ownValue(item, 'content') ?? '';
  if (typeof content !== 'string') return { error: requestError(`${at}/content`, `messages[${index}].content must be a string; got ${describeValueType(content)}`) };
  const images = ownValue(item, 'images') ?? [];
  if (!Array.isArray(images)) return { error: requestError(`${at}/images`, `messages[${index}].images must be an array; got ${describeValueType(images)}`) };
  const read: ChatImage[] = [];
  for (let position = 0; position < images.length; position++) {
    const image: unknown = images[position];
    // Ollama's images are base64 without a media type; a data: URL is taken too.
    const found = typeof image === 'string' ? (image.startsWith('data:') ? imageFromUrl(image) : { kind: 'base64' as const, mediaType: mediaTypeOf(image), data: image }) : undefined;
    if (found === undefined) return { error: requestError(`${at}/images/${position}`, `messages[${index}].images[${position}] must be an image in base64; got ${describeValueType(image)}`) };
    read.push(found);
  }
  const withImages = read.length === 0 ? {} : { images: read };
  const thinking = ownValue(item, 'thinking') ?? '';
  if (typeof thinking !== 'string') return { error: requestError(`${at}/thinking`, `messages[${index}].thinking must be a string; got ${describeValueType(thinking)}`) };
  switch (role) {
    case 'tool': {
      const toolName = ownValue(item, 'tool_name') ?? undefined;
      if (toolName !== undefined && typeof toolName !== 'string') {
        return { error: requestError(`${at}/tool_name`, `messages[${index}].tool_name must be a string; got ${describeValueType(toolName)}`) };
      }
      return { value: { role, content, ...withImages, ...(toolName === undefined ? {} : { toolName }) } };
    }
    case 'assistant': {
      const calls = ownValue(item, 'tool_calls') ?? [];
      if (!Array.isArray(calls)) return { error: requestError(`${at}/tool_calls`, `messages[${index}].tool_calls must be an array; got ${describeValueType(calls)}`) };
      const toolCalls: { id: string; name: string; arguments: string | object }[] = [];
      for (let position = 0; position < calls.length; position++) {
        const call = readAssistantCall(calls[position], index, position);
        if ('error' in call) return call;
        toolCalls.push(call.value);
      }
      return { value: { role, content, ...withImages, ...(toolCalls.length === 0 ? {} : { toolCalls }), ...(thinking === '' ? {} : { reasoning: thinking }) } };
    }
    default:
      return { value: { role, content, ...withImages } };
  }
}

function readAssistantCall(item: unknown, index: number, position: number): Read<{ id: string; name: string; arguments: string | object }> {
  const at = `/messages/${index}/tool_calls/${position}`;
  const label = `messages[${index}].tool_calls[${position}]`;
  if (!isPlainObject(item)) return { error: requestError(at, `${label} must be an object; got ${describeValueType(item)}`) };
  const fn = ownValue(item, 'function');
  if (!isPlainObject(fn)) return { error: requestError(`${at}/function`, `${label}.function must be an object; got ${describeValueType(fn)}`) };
  const name = ownValue(fn, 'name');
  if (typeof name !== 'string' || name === '') return { error: requestError(`${at}/function/name`, `${label}.function.name must be a non-empty string; got ${describeValueType(name)}`) };
  const args = ownValue(fn, 'arguments') ?? {};
  if (typeof args !== 'string' && !isPlainObject(args)) {
    return { error: requestError(`${at}/function/arguments`, `${label}.function.arguments must be an object; got ${describeValueType(args)}`) };
  }
  // The arguments are sent on as they are: they must be JSON a serialiser can write without recursing without end.
  if (typeof args !== 'string' && canonicalJson(args, MAX_JSON_DEPTH) === undefined) {
    return { error: requestError(`${at}/function/arguments`, `${label}.function.arguments must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
  }
  const id = ownValue(item, 'id');
  return { value: { id: typeof id === 'string' && id !== '' ? id : `call_${index}_${position}`, name, arguments: args } };
}

/** The media type of base64 image bytes, from their first bytes (Ollama sends none); PNG when unknown. */
function mediaTypeOf(base64: string): string {
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'image/png';
}
