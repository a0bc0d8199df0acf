import { describeValueType, isPlainObject, ownValue, type ChatMessage } from '@acode/domain';
import type { GatewayWire } from './gateway-request.js';
import { requestError, type GatewayRequestError, type GatewayRequestReading, type Read } from './gateway-request-error.js';
import { readModel, requestParameters } from './request-parameters.js';
import { readRequestTools } from './read-request-tools.js';

/** What differs between the two wires' chat bodies; the rest is read by {@link readChatBody}. */
export interface ChatBodyDialect {
  readonly wire: GatewayWire;
  /** `stream` when the body leaves it out: Ollama streams by default, OpenAI does not. */
  readonly streamByDefault: boolean;
  /** Reads one message at `/messages/{index}`. */
  readMessage(item: unknown, index: number): Read<ChatMessage>;
  /** Links the messages of one conversation (a tool message to the call it answers), in the wire's own way. */
  linkMessages(messages: readonly ChatMessage[]): ChatMessage[];
  /** A refusal of the whole body for a field the wire has but the gateway cannot serve. */
  refuseFields?(body: Readonly<Record<string, unknown>>): GatewayRequestError | undefined;
}

/**
 * Reads a chat request body of either wire: an object with a non-empty `model`, a boolean
 * `stream`, a non-empty `messages` array, the `tools` as {@link readRequestTools} reads them, and
 * every other field as a pass-through parameter. The first refusal found is returned.
 */
export function readChatBody(body: unknown, dialect: ChatBodyDialect): GatewayRequestReading {
  if (!isPlainObject(body)) return refused(requestError('', `The body must be a JSON object; got ${describeValueType(body)}`));
  const model = readModel(body);
  if ('error' in model) return refused(model.error);
  const fields = dialect.refuseFields?.(body);
  if (fields !== undefined) return refused(fields);
  const stream = ownValue(body, 'stream') ?? dialect.streamByDefault;
  if (typeof stream !== 'boolean') return refused(requestError('/stream', `stream must be a boolean; got ${describeValueType(stream)}`));
  const messages = readMessageArray(ownValue(body, 'messages'), dialect);
  if ('error' in messages) return refused(messages.error);
  const tools = readRequestTools(ownValue(body, 'tools'));
  if (!tools.ok) return refused(tools.error);
  const parameters = requestParameters(body);
  if (!parameters.ok) return refused(parameters.error);
  return {
    ok: true,
    request: {
      wire: dialect.wire,
      model: model.value,
      messages: messages.value,
      tools: tools.tools,
      ...(tools.ignored.length === 0 ? {} : { ignoredTools: tools.ignored }),
      stream,
      parameters: parameters.parameters,
    },
  };
}

function readMessageArray(value: unknown, dialect: ChatBodyDialect): Read<ChatMessage[]> {
  if (!Array.isArray(value)) return { error: requestError('/messages', `messages must be an array; got ${describeValueType(value)}`) };
  if (value.length === 0) return { error: requestError('/messages', 'messages must not be empty') };
  const messages: ChatMessage[] = [];
  for (let index = 0; index < value.length; index++) {
    const message = dialect.readMessage(value[index], index);
    if ('error' in message) return message;
    messages.push(message.value);
  }
  return { value: dialect.linkMessages(messages) };
}

function refused(error: GatewayRequestError): GatewayRequestReading {
  return { ok: false, error };
}
