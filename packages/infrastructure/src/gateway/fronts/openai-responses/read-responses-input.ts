import { imageFromUrl } from '../../image-from-url.js';
import { appendPointer, describeValueType, isPlainObject, ownValue, type ChatImage, type ChatMessage } from '@acode/domain';
import { excerpt, requestError, type GatewayRequestError, type Read } from '../../gateway-request-error.js';
import { namespacedToolName } from './read-responses-tools.js';
import { responseIdOfItem } from './write-responses-response.js';

/** Options of {@link readResponsesInput} and `readResponsesRequest`. */
export interface ResponsesReadOptions {
  /**
   * The response object the host kept under a response id (as `GET /v1/responses/{id}` returns
   * it), or `undefined`: how an `item_reference` to an item of a stored response is resolved.
   * Without it every `item_reference` is refused.
   */
  readonly storedResponse?: (responseId: string) => unknown;
}

/**
 * Items of tools OpenAI runs itself (and of the shell and patch tools it defines), and opaque
 * OpenAI state. Their tools are left out of the upstream request, so the model could not have
 * made these calls through the gateway; a conversation begun on OpenAI may still hold them. They
 * are dropped with their outputs, so no tool message is left without its call.
 */
const DROPPED_ITEMS: ReadonlySet<string> = new Set([
  'file_search_call',
  'web_search_call',
  'computer_call',
  'computer_call_output',
  'image_generation_call',
  'code_interpreter_call',
  'local_shell_call',
  'local_shell_call_output',
  'shell_call',
  'shell_call_output',
  'apply_patch_call',
  'apply_patch_call_output',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'mcp_call',
  'tool_search_call',
  'tool_search_output',
  // Encrypted by OpenAI for OpenAI: nothing another model could read.
  'compaction',
]);

type ToolCall = NonNullable<ChatMessage['toolCalls']>[number];

/**
 * Reads a Responses request's `input` into the conversation's messages, after `instructions`
 * (a leading `system` message when it is a non-empty string):
 *
 * - A string is one user message.
 * - `message` items (or items with a `role` and no `type`): `developer` and `system` become
 *   `system`; text parts (`input_text`, `output_text`, an assistant's `refusal`) are joined with
 *   newlines; `input_image` parts of a user message become its images (a `data:` URL as base64, an
 *   http(s) URL as a URL); file parts and images by `file_id` are refused, the gateway having no
 *   file store.
 * - `function_call` and `custom_tool_call` items become tool calls of an assistant message
 *   (a custom call's arguments `{"input": ...}`, a namespaced call's name the flat
 *   {@link namespacedToolName}); consecutive assistant items (text, calls) make one assistant
 *   message, as chat servers want one per turn.
 * - `function_call_output` and `custom_tool_call_output` become tool messages (text parts joined,
 *   images kept), linked to their call's tool name by {@link linkToolMessages}.
 * - `reasoning` items: their summary texts (else their `reasoning_text` content) become the
 *   `reasoning` of the assistant message that follows (dropped when another message comes
 *   first); `encrypted_content` is dropped, being readable by OpenAI only.
 * - `item_reference` items (the Vercel AI SDK sends one for each text or reasoning item of an
 *   earlier answer while `store` is on) are replaced by the item they name, found in the output of
 *   the stored response its id derives from ({@link ResponsesReadOptions.storedResponse}); one
 *   that names no item kept is refused, as is any without a lookup.
 * - The items of {@link DROPPED_ITEMS} are dropped; unknown types are refused.
 */
export function readResponsesInput(input: unknown, instructions: string | undefined, options: ResponsesReadOptions = {}): Read<ChatMessage[]> {
  const builder = new ConversationBuilder();
  if (instructions !== undefined && instructions !== '') builder.push({ role: 'system', content: instructions });
  if (typeof input === 'string') {
    builder.push({ role: 'user', content: input });
    return { value: builder.messages() };
  }
  if (!Array.isArray(input)) return { error: requestError('/input', `input must be a string or an array of items; got ${describeValueType(input)}`) };
  for (let index = 0; index < input.length; index++) {
    const error = readItem(input[index], index, builder, options);
    if (error !== undefined) return error;
  }
  return { value: linkToolMessages(builder.messages()) };
}

/**
 * Gives each tool message the name of the tool its call named (`toolName`, which an Ollama
 * upstream wants), from the calls anywhere in `messages`. The route calls it again once a stored
 * conversation (`previous_response_id`) is put before the request's own messages.
 */
export function linkToolMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const called = new Map<string, string>();
  for (const message of messages) for (const call of message.toolCalls ?? []) called.set(call.id, call.name);
  return messages.map((message) => {
    if (message.role !== 'tool' || message.toolCallId === undefined || message.toolName !== undefined) return message;
    const toolName = called.get(message.toolCallId);
    return toolName === undefined ? message : { ...message, toolName };
  });
}

/** The messages read so far, merging consecutive assistant items into one message. */
class ConversationBuilder {
  readonly #messages: ChatMessage[] = [];
  #reasoning: string[] = [];

  /** A message; reasoning still waiting is dropped unless it is the assistant's, being another turn's. */
  push(message: ChatMessage): void {
    if (message.role !== 'assistant') this.#reasoning = [];
    this.#messages.push(message);
  }

  /** Reasoning for the next assistant message. */
  reasoning(text: string): void {
    if (text !== '') this.#reasoning.push(text);
  }

  /** Text and calls of the assistant, merged into the assistant message just before when there is one. */
  assistant(content: string, toolCalls: readonly ToolCall[]): void {
    const last = this.#messages.at(-1);
    const reasoning = this.#reasoning.join('\n\n');
    this.#reasoning = [];
    if (last?.role !== 'assistant') {
      this.push({ role: 'assistant', content, ...(toolCalls.length === 0 ? {} : { toolCalls }), ...(reasoning === '' ? {} : { reasoning }) });
      return;
    }
    const calls = [...(last.toolCalls ?? []), ...toolCalls];
    const text = [last.content, content].filter((part) => part !== '').join('\n');
    const thought = [last.reasoning ?? '', reasoning].filter((part) => part !== '').join('\n\n');
    this.#messages[this.#messages.length - 1] = {
      ...last,
      content: text,
      ...(calls.length === 0 ? {} : { toolCalls: calls }),
      ...(thought === '' ? {} : { reasoning: thought }),
    };
  }

  messages(): ChatMessage[] {
    return this.#messages;
  }
}

function readItem(value: unknown, index: number, builder: ConversationBuilder, options: ResponsesReadOptions): { error: GatewayRequestError } | undefined {
  const at = `/input/${index}`;
  const label = `input[${index}]`;
  if (!isPlainObject(value)) return { error: requestError(at, `${label} must be an object; got ${describeValueType(value)}`) };
  let item: Readonly<Record<string, unknown>> = value;
  if (ownValue(item, 'type') === 'item_reference') {
    const referenced = referencedItem(item, at, label, options);
    if ('error' in referenced) return referenced;
    item = referenced.value;
  }
  const type = ownValue(item, 'type') ?? (ownValue(item, 'role') !== undefined ? 'message' : undefined);
  if (typeof type !== 'string') return { error: requestError(`${at}/type`, `${label}.type must be a string such as "message"; got ${describeValueType(type)}`) };
  if (DROPPED_ITEMS.has(type)) return undefined;
  let read: Read<void>;
  switch (type) {
    case 'message':
      read = readMessage(item, at, label, builder);
      break;
    case 'function_call':
    case 'custom_tool_call':
      read = readCall(item, type === 'custom_tool_call', at, label, builder);
      break;
    case 'function_call_output':
    case 'custom_tool_call_output':
      read = readOutput(item, at, label, builder);
      break;
    case 'reasoning':
      read = readReasoning(item, at, label, builder);
      break;
    default:
      return { error: requestError(`${at}/type`, `${label}.type ${excerpt(type)} is not supported by the gateway`) };
  }
  return 'error' in read ? read : undefined;
}

/**
 * The output item an `item_reference` names, from the stored response its id derives from.
 * Output items are never references themselves, so the item found is read as any other.
 */
function referencedItem(item: Readonly<Record<string, unknown>>, at: string, label: string, options: ResponsesReadOptions): Read<Readonly<Record<string, unknown>>> {
  const id = ownValue(item, 'id');
  if (typeof id !== 'string' || id === '') return { error: requestError(`${at}/id`, `${label}.id must be a non-empty string; got ${describeValueType(id)}`) };
  const notKept = (why: string): Read<never> => ({
    error: requestError(`${at}/id`, `${label} is an item_reference to ${excerpt(id)}, ${why}: send the item itself (with store: false, clients do), or continue a stored response with previous_response_id`),
  });
  if (options.storedResponse === undefined) return notKept('and this gateway keeps no items by id');
  const responseId = responseIdOfItem(id);
  const stored = responseId === undefined ? undefined : options.storedResponse(responseId);
  const output = isPlainObject(stored) ? ownValue(stored, 'output') : undefined;
  const found = Array.isArray(output) ? output.find((candidate: unknown) => isPlainObject(candidate) && ownValue(candidate, 'id') === id) : undefined;
  if (!isPlainObject(found) || ownValue(found, 'type') === 'item_reference') return notKept('an item of no response this gateway keeps (answered with store: false, expired, or answered by another host)');
  return { value: found };
}

function readMessage(item: Readonly<Record<string, unknown>>, at: string, label: string, builder: ConversationBuilder): Read<void> {
  const role = ownValue(item, 'role');
  if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') {
    return {
      error: requestError(
        `${at}/role`,
        typeof role === 'string' ? `${label}.role ${excerpt(role)} is not one of user, assistant, system, developer` : `${label}.role must be a string; got ${describeValueType(role)}`,
      ),
    };
  }
  const content = readContent(ownValue(item, 'content'), `${at}/content`, `${label}.content`, role);
  if ('error' in content) return content;
  const { text, images } = content.value;
  if (role === 'assistant') {
    builder.assistant(text, []);
  } else {
    builder.push({ role: role === 'user' ? 'user' : 'system', content: text, ...(images.length === 0 ? {} : { images }) });
  }
  return { value: undefined };
}

function readCall(item: Readonly<Record<string, unknown>>, custom: boolean, at: string, label: string, builder: ConversationBuilder): Read<void> {
  const id = nonEmptyString(item, 'call_id', at, label);
  if ('error' in id) return id;
  const name = nonEmptyString(item, 'name', at, label);
  if ('error' in name) return name;
  const namespace = ownValue(item, 'namespace') ?? undefined;
  if (namespace !== undefined && (typeof namespace !== 'string' || namespace === '')) {
    return { error: requestError(`${at}/namespace`, `${label}.namespace must be a non-empty string; got ${describeValueType(namespace)}`) };
  }
  const flatName = namespace === undefined ? name.value : namespacedToolName(namespace, name.value);
  let args: string | object;
  if (custom) {
    const input = ownValue(item, 'input');
    if (typeof input !== 'string') return { error: requestError(`${at}/input`, `${label}.input must be a string; got ${describeValueType(input)}`) };
    args = JSON.stringify({ input });
  } else {
    const value = ownValue(item, 'arguments') ?? '{}';
    if (typeof value !== 'string' && !isPlainObject(value)) {
      return { error: requestError(`${at}/arguments`, `${label}.arguments must be a JSON text (a string); got ${describeValueType(value)}`) };
    }
    args = value;
  }
  builder.assistant('', [{ id: id.value, name: flatName, arguments: args }]);
  return { value: undefined };
}

function readOutput(item: Readonly<Record<string, unknown>>, at: string, label: string, builder: ConversationBuilder): Read<void> {
  const id = nonEmptyString(item, 'call_id', at, label);
  if ('error' in id) return id;
  const output = readContent(ownValue(item, 'output'), `${at}/output`, `${label}.output`, 'tool');
  if ('error' in output) return output;
  const { text, images } = output.value;
  builder.push({ role: 'tool', content: text, toolCallId: id.value, ...(images.length === 0 ? {} : { images }) });
  return { value: undefined };
}

function readReasoning(item: Readonly<Record<string, unknown>>, at: string, label: string, builder: ConversationBuilder): Read<void> {
  const summary = readTexts(ownValue(item, 'summary') ?? [], 'summary_text', `${at}/summary`, `${label}.summary`);
  if ('error' in summary) return summary;
  // Servers of open-weight models send the reasoning itself as `reasoning_text` content.
  const content = readTexts(ownValue(item, 'content') ?? [], 'reasoning_text', `${at}/content`, `${label}.content`);
  if ('error' in content) return content;
  builder.reasoning((summary.value.length > 0 ? summary.value : content.value).join('\n\n'));
  return { value: undefined };
}

function readTexts(value: unknown, partType: string, at: string, label: string): Read<string[]> {
  if (!Array.isArray(value)) return { error: requestError(at, `${label} must be an array; got ${describeValueType(value)}`) };
  const texts: string[] = [];
  for (let index = 0; index < value.length; index++) {
    const part: unknown = value[index];
    if (!isPlainObject(part) || ownValue(part, 'type') !== partType || typeof ownValue(part, 'text') !== 'string') {
      return { error: requestError(appendPointer(at, index), `${label}[${index}] must be a {"type": "${partType}", "text": ...} part`) };
    }
    texts.push(ownValue(part, 'text') as string);
  }
  return { value: texts };
}

function nonEmptyString(item: Readonly<Record<string, unknown>>, key: string, at: string, label: string): Read<string> {
  const value = ownValue(item, key);
  if (typeof value === 'string' && value !== '') return { value };
  return { error: requestError(`${at}/${key}`, `${label}.${key} must be a non-empty string; got ${describeValueType(value)}`) };
}

interface Content {
  readonly text: string;
  readonly images: ChatImage[];
}

/**
 * A message's content or a tool's output: a string, or parts whose texts are joined with
 * newlines and whose images are kept (in user messages and tool outputs only; other roles have no
 * images on chat servers).
 */
function readContent(value: unknown, at: string, label: string, role: 'user' | 'assistant' | 'system' | 'developer' | 'tool'): Read<Content> {
  if (typeof value === 'string') return { value: { text: value, images: [] } };
  if (!Array.isArray(value)) return { error: requestError(at, `${label} must be a string or an array of content parts; got ${describeValueType(value)}`) };
  const texts: string[] = [];
  const images: ChatImage[] = [];
  for (let index = 0; index < value.length; index++) {
    const part: unknown = value[index];
    const partAt = appendPointer(at, index);
    const partLabel = `${label}[${index}]`;
    if (!isPlainObject(part)) return { error: requestError(partAt, `${partLabel} must be an object; got ${describeValueType(part)}`) };
    const type = ownValue(part, 'type');
    const key = type === 'input_text' || type === 'output_text' ? 'text' : type === 'refusal' && role === 'assistant' ? 'refusal' : undefined;
    if (key !== undefined) {
      const text = ownValue(part, key);
      if (typeof text !== 'string') return { error: requestError(`${partAt}/${key}`, `${partLabel}.${key} must be a string; got ${describeValueType(text)}`) };
      texts.push(text);
      continue;
    }
    if (type === 'input_image' && (role === 'user' || role === 'tool')) {
      const image = readImage(part, partAt, partLabel);
      if ('error' in image) return image;
      images.push(image.value);
      continue;
    }
    return { error: requestError(`${partAt}/type`, unsupportedPart(type, partLabel, role)) };
  }
  return { value: { text: texts.join('\n'), images } };
}

function unsupportedPart(type: unknown, label: string, role: string): string {
  if (typeof type !== 'string') return `${label}.type must be a string; got ${describeValueType(type)}`;
  if (type === 'input_file') return `${label} is an input_file part; the gateway forwards text and images only, send the file's text as input_text`;
  if (type === 'input_image') return `${label} is an image in a ${role} message; the gateway forwards images in user messages and tool outputs only`;
  return `${label} is a ${excerpt(type)} part; the gateway forwards text and images only`;
}

/** Matches a base64 `data:` URL, capturing its media type and bytes. */
function readImage(part: Readonly<Record<string, unknown>>, at: string, label: string): Read<ChatImage> {
  const url = ownValue(part, 'image_url') ?? undefined;
  if (url === undefined && (ownValue(part, 'file_id') ?? undefined) !== undefined) {
    return { error: requestError(`${at}/file_id`, `${label} names an uploaded file (file_id); the gateway has no file store: send the image as image_url (a URL or a data: URL)`) };
  }
  if (typeof url !== 'string' || url === '') return { error: requestError(`${at}/image_url`, `${label}.image_url must be a non-empty string; got ${describeValueType(url)}`) };
  // Web addresses and base64 data: URLs only: a `file:` or other scheme would have the gateway's side read it.
  const image = imageFromUrl(url);
  if (image !== undefined) return { value: image };
  return {
    error: requestError(
      `${at}/image_url`,
      url.startsWith('data:') ? `${label}.image_url is a data: URL that is not base64 with a media type (data:image/png;base64,...)` : `${label}.image_url must be an http(s) URL or a base64 data: URL; got ${excerpt(url)}`,
    ),
  };
}
