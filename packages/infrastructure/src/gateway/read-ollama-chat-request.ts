import { canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue, type ChatMessage } from '@acode/domain';
import { excerpt, requestError, type GatewayRequestError, type GatewayRequestReading, type Read } from './gateway-request-error.js';
import { readModel, requestParameters } from './request-parameters.js';
import { readRequestTools } from './read-request-tools.js';


/**
 * Reads the body of an Ollama `POST /api/chat` request into a {@link GatewayRequest}.
 *
 * - Messages are `system`, `user`, `assistant` or `tool`, with string `content` (absent or
 *   `null` is `''`). Non-empty `images` are refused: the gateway's messages carry text only, and
 *   dropping them silently would change the question. An assistant's `thinking` is dropped (the
 *   neutral message has no place for it, and models are not shown their old reasoning). A tool
 *   message keeps its `tool_name`.
 * - An assistant's `tool_calls` carry `function.arguments` as an object (a JSON text is accepted
 *   too). Ollama's calls have no id, so each gets `call_<message>_<call>`, stable for the request,
 *   and a tool message gets the id of the call it answers (the pending call of its `tool_name`,
 *   else the first pending one), which an OpenAI upstream requires.
 * - `tools` are read by {@link readRequestTools} (functions only, at most 128, no name twice).
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

function readBody(body: unknown): GatewayRequestReading {
  if (!isPlainObject(body)) return refused(requestError('', `The body must be a JSON object; got ${describeValueType(body)}`));
  const model = readModel(body);
  if ('error' in model) return refused(model.error);
  const stream = ownValue(body, 'stream') ?? true;
  if (typeof stream !== 'boolean') return refused(requestError('/stream', `stream must be a boolean; got ${describeValueType(stream)}`));
  const messages = readMessages(ownValue(body, 'messages'));
  if ('error' in messages) return refused(messages.error);
  const tools = readRequestTools(ownValue(body, 'tools'), 'ollama');
  if (!tools.ok) return refused(tools.error);
  const parameters = requestParameters(body);
  if (!parameters.ok) return refused(parameters.error);
  return { ok: true, request: { wire: 'ollama', model: model.value, messages: messages.value, tools: tools.tools, stream, parameters: parameters.parameters } };
}

function refused(error: GatewayRequestError): GatewayRequestReading {
  return { ok: false, error };
}

function readMessages(value: unknown): Read<ChatMessage[]> {
  if (!Array.isArray(value)) return { error: requestError('/messages', `messages must be an array; got ${describeValueType(value)}`) };
  if (value.length === 0) return { error: requestError('/messages', 'messages must not be empty') };
  const messages: ChatMessage[] = [];
  // Calls of the last assistant message not answered yet: Ollama's tool messages name their tool
  // but no call, and an OpenAI upstream needs the id (`tool_call_id`) of the call each answers.
  let pending: { id: string; name: string }[] = [];
  for (let index = 0; index < value.length; index++) {
    const message = readMessage(value[index], index);
    if ('error' in message) return message;
    let read = message.value;
    if (read.role === 'assistant') pending = (read.toolCalls ?? []).map(({ id, name }) => ({ id, name }));
    else if (read.role === 'tool') {
      const at = pending.findIndex((call) => call.name === read.toolName);
      const answered = pending[at === -1 ? 0 : at];
      if (answered !== undefined) {
        pending = pending.filter((call) => call !== answered);
        read = { ...read, toolCallId: answered.id, toolName: read.toolName ?? answered.name };
      }
    }
    messages.push(read);
  }
  return { value: messages };
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
  if (images.length > 0) return { error: requestError(`${at}/images`, `messages[${index}].images: the gateway forwards text only`) };
  const thinking = ownValue(item, 'thinking') ?? '';
  if (typeof thinking !== 'string') return { error: requestError(`${at}/thinking`, `messages[${index}].thinking must be a string; got ${describeValueType(thinking)}`) };
  switch (role) {
    case 'tool': {
      const toolName = ownValue(item, 'tool_name') ?? undefined;
      if (toolName !== undefined && typeof toolName !== 'string') {
        return { error: requestError(`${at}/tool_name`, `messages[${index}].tool_name must be a string; got ${describeValueType(toolName)}`) };
      }
      return { value: { role, content, ...(toolName === undefined ? {} : { toolName }) } };
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
      return { value: { role, content, ...(toolCalls.length === 0 ? {} : { toolCalls }) } };
    }
    default:
      return { value: { role, content } };
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
