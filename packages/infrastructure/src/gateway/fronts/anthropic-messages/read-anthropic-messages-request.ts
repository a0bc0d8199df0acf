import { base64Image, imageFromUrl } from '../../image-from-url.js';
import { appendPointer, canonicalJson, describeValueType, isPlainObject, MAX_JSON_DEPTH, ownValue, type ChatImage, type ChatMessage, type JsonValue } from '@acode/domain';
import type { GatewayRequest, GatewayTool } from '../../gateway-request.js';
import { excerpt, requestError, toolError, type GatewayRequestError, type GatewayRequestReading, type Read } from '../../gateway-request-error.js';
import { MAX_REQUEST_TOOLS, type IgnoredTool } from '../../read-request-tools.js';
import { readModel } from '../../request-parameters.js';

/** Options of {@link readAnthropicMessagesRequest}. */
export interface AnthropicReadOptions {
  /** `POST /v1/messages/count_tokens` bodies have no `max_tokens`: leave it optional. */
  readonly maxTokensOptional?: boolean;
}

/** What several text blocks of one message (or of a `system` array, or of a tool result) are joined with: they are paragraphs. */
const BLOCK_SEPARATOR = '\n\n';

/** Prefix of a tool result the client marked `is_error: true`: OpenAI-compatible tool messages have no such flag, so the model is told in words. */
export const TOOL_ERROR_PREFIX = 'Error: ';

/**
 * Reads the body of an Anthropic `POST /v1/messages` request into a {@link GatewayRequest} whose
 * parameters are written for the OpenAI wire (`wire: 'openai'`).
 *
 * - `model` a non-empty string, `max_tokens` a positive integer, `stream` a boolean (`false` when absent).
 * - `system` (a string or `text` blocks, joined with a blank line) becomes one leading `system`
 *   message; an empty one is left out. `cache_control` is ignored wherever it appears.
 * - `messages` have the roles `user` and `assistant`; `content` is a string or blocks. `text`
 *   blocks are joined with a blank line in order; `image` blocks (base64 or url source) become
 *   `images` (their place among the text is not kept); an assistant's `tool_use` blocks become its
 *   `toolCalls` and its `thinking` blocks its `reasoning`; `redacted_thinking` is dropped (it is
 *   encrypted for Anthropic's models, and means nothing to another). A user's `tool_result` blocks
 *   become `tool` messages, placed before the rest of that user message because OpenAI-compatible
 *   servers want tool messages right after the assistant's calls; each gets the name of the
 *   `tool_use` with its id earlier in the conversation (none when there is no such call), and a
 *   result marked `is_error` starts with {@link TOOL_ERROR_PREFIX}. Any other block type
 *   (`document`, `search_result`, `server_tool_use`, a `tool_use` in a user message...) is refused:
 *   dropping it silently would change the question the model is asked.
 * - `tools` without a `type` (or `custom`) become function tools; Anthropic's server tools
 *   (`web_search_20250305`, `bash_20250124`...) are left out with a warning, never refused.
 * - Parameters are mapped onto OpenAI chat's: `max_tokens`, `temperature`, `top_p`, `top_k`,
 *   `stop_sequences` → `stop`, `tool_choice` (`auto`, `any` → `required`, `tool` → a named
 *   function, `none`) and `disable_parallel_tool_use: true` → `parallel_tool_calls: false`. The
 *   tool choice is left out when no function tool remains (OpenAI-compatible servers refuse a
 *   `tool_choice` without `tools`); one naming a tool that is not a declared function is refused.
 *   Every other field (`metadata`, `thinking`, `service_tier`, beta fields...) is ignored, never
 *   forwarded: its meaning is Anthropic's own.
 *
 * Refusals are ACODE-GTW-001 (ACODE-GTW-002 for a tool) with the field's JSON Pointer; messages
 * echo at most an excerpt of the input. It never throws.
 */
export function readAnthropicMessagesRequest(body: unknown, options: AnthropicReadOptions = {}): GatewayRequestReading {
  try {
    const read = readBody(body, options);
    return 'error' in read ? { ok: false, error: read.error } : { ok: true, request: read.value };
  } catch {
    // Reached only by input no JSON parser makes (a throwing getter, a Proxy): refused, not thrown.
    return { ok: false, error: requestError('', 'The body could not be read as an Anthropic Messages request') };
  }
}

function readBody(body: unknown, options: AnthropicReadOptions): Read<GatewayRequest> {
  if (!isPlainObject(body)) return { error: requestError('', `The body must be a JSON object; got ${describeValueType(body)}`) };
  const model = readModel(body);
  if ('error' in model) return model;
  const maxTokens = ownValue(body, 'max_tokens');
  const maxTokensMissing = maxTokens === undefined && options.maxTokensOptional === true;
  if (!maxTokensMissing && !(Number.isSafeInteger(maxTokens) && (maxTokens as number) > 0)) {
    return { error: requestError('/max_tokens', `max_tokens must be a positive integer; got ${numberOrType(maxTokens)}`) };
  }
  const stream = ownValue(body, 'stream') ?? false;
  if (typeof stream !== 'boolean') return { error: requestError('/stream', `stream must be a boolean; got ${describeValueType(stream)}`) };
  const system = readSystem(ownValue(body, 'system'), '/system', 'system');
  if ('error' in system) return system;
  const messages = readMessages(ownValue(body, 'messages'));
  if ('error' in messages) return messages;
  const tools = readTools(ownValue(body, 'tools'));
  if ('error' in tools) return tools;
  const parameters = readParameters(body, tools.value.tools);
  if ('error' in parameters) return parameters;
  if (!maxTokensMissing) parameters.value['max_tokens'] = maxTokens as number;
  const { tools: functions, ignored } = tools.value;
  return {
    value: {
      wire: 'openai',
      model: model.value,
      messages: withLeadingSystem(system.value, messages.value),
      tools: functions,
      ...(ignored.length === 0 ? {} : { ignoredTools: ignored }),
      stream,
      parameters: parameters.value,
    },
  };
}

/**
 * The system prompt first, then the conversation: the text of `system` messages inside `messages`
 * (Claude Code sends its environment context as one) joins the top-level prompt, in order, since
 * many chat templates take a system message only at the start.
 */
function withLeadingSystem(system: string, messages: readonly ChatMessage[]): ChatMessage[] {
  const texts = [system, ...messages.filter((message) => message.role === 'system').map((message) => message.content)].filter((text) => text !== '');
  const rest = messages.filter((message) => message.role !== 'system');
  return texts.length === 0 ? rest : [{ role: 'system', content: texts.join(BLOCK_SEPARATOR) }, ...rest];
}

/** A system prompt (the top-level `system`, or a `system` message's content) as one text, `''` when there is none. */
function readSystem(value: unknown, pointer: string, label: string): Read<string> {
  if (value === undefined || value === null) return { value: '' };
  if (typeof value === 'string') return { value };
  if (!Array.isArray(value)) return { error: requestError(pointer, `${label} must be a string or an array of text blocks; got ${describeValueType(value)}`) };
  const texts: string[] = [];
  for (let index = 0; index < value.length; index++) {
    const at = `${pointer}/${index}`;
    const block: unknown = value[index];
    if (!isPlainObject(block)) return { error: requestError(at, `${label}[${index}] must be an object; got ${describeValueType(block)}`) };
    const type = ownValue(block, 'type');
    if (type !== 'text') return { error: requestError(`${at}/type`, `${label}[${index}] must be a text block; got type ${excerpt(type)}`) };
    const text = readString(block, 'text', at, `${label}[${index}]`);
    if ('error' in text) return text;
    texts.push(text.value);
  }
  return { value: texts.join(BLOCK_SEPARATOR) };
}

function readMessages(value: unknown): Read<ChatMessage[]> {
  if (!Array.isArray(value)) return { error: requestError('/messages', `messages must be an array; got ${describeValueType(value)}`) };
  if (value.length === 0) return { error: requestError('/messages', 'messages must not be empty') };
  // The tool each call id named, in conversation order: a tool_result carries only the id.
  const called = new Map<string, string>();
  const messages: ChatMessage[] = [];
  for (let index = 0; index < value.length; index++) {
    const read = readMessage(value[index], index, called);
    if ('error' in read) return read;
    messages.push(...read.value);
  }
  return { value: messages };
}

/** One Anthropic message: one chat message, or for a user's tool results, several. */
function readMessage(item: unknown, index: number, called: Map<string, string>): Read<ChatMessage[]> {
  const at = `/messages/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `messages[${index}] must be an object; got ${describeValueType(item)}`) };
  const role = ownValue(item, 'role');
  if (role === 'system') {
    // Not in Anthropic's documented wire, but Claude Code sends one: read as part of the system prompt.
    const text = readSystem(ownValue(item, 'content'), `${at}/content`, `messages[${index}].content`);
    return 'error' in text ? text : { value: [{ role: 'system', content: text.value }] };
  }
  if (role !== 'user' && role !== 'assistant') {
    return {
      error: requestError(
        `${at}/role`,
        typeof role === 'string' ? `messages[${index}].role ${excerpt(role)} is not one of user, assistant, system` : `messages[${index}].role must be a string; got ${describeValueType(role)}`,
      ),
    };
  }
  const content = ownValue(item, 'content');
  if (typeof content === 'string') return { value: [{ role, content }] };
  if (!Array.isArray(content)) return { error: requestError(`${at}/content`, `messages[${index}].content must be a string or an array of blocks; got ${describeValueType(content)}`) };
  return role === 'user' ? readUserBlocks(content, `${at}/content`, `messages[${index}].content`, called) : readAssistantBlocks(content, `${at}/content`, `messages[${index}].content`, called);
}

function readUserBlocks(blocks: readonly unknown[], at: string, label: string, called: ReadonlyMap<string, string>): Read<ChatMessage[]> {
  const results: ChatMessage[] = [];
  const texts: string[] = [];
  const images: ChatImage[] = [];
  for (let position = 0; position < blocks.length; position++) {
    const block = readBlock(blocks[position], appendPointer(at, position), `${label}[${position}]`);
    if ('error' in block) return block;
    const { type, item, blockAt, blockLabel } = block.value;
    if (type === 'text' || type === 'image') {
      const part = readTextOrImage(item, type, blockAt, blockLabel);
      if ('error' in part) return part;
      if (typeof part.value === 'string') texts.push(part.value);
      else images.push(part.value);
    } else if (type === 'tool_result') {
      const result = readToolResult(item, blockAt, blockLabel, called);
      if ('error' in result) return result;
      results.push(result.value);
    } else {
      return { error: unreadBlock(type, blockAt, blockLabel, 'a user message takes text, image and tool_result blocks') };
    }
  }
  // Tool messages first, right after the assistant's calls; the user's own words follow.
  const hasOwn = texts.length > 0 || images.length > 0 || results.length === 0;
  const own: ChatMessage[] = hasOwn ? [{ role: 'user', content: texts.join(BLOCK_SEPARATOR), ...(images.length === 0 ? {} : { images }) }] : [];
  return { value: [...results, ...own] };
}

function readAssistantBlocks(blocks: readonly unknown[], at: string, label: string, called: Map<string, string>): Read<ChatMessage[]> {
  const texts: string[] = [];
  const thoughts: string[] = [];
  const toolCalls: { id: string; name: string; arguments: object }[] = [];
  for (let position = 0; position < blocks.length; position++) {
    const block = readBlock(blocks[position], appendPointer(at, position), `${label}[${position}]`);
    if ('error' in block) return block;
    const { type, item, blockAt, blockLabel } = block.value;
    if (type === 'text') {
      const text = readString(item, 'text', blockAt, blockLabel);
      if ('error' in text) return text;
      texts.push(text.value);
    } else if (type === 'thinking') {
      const thinking = readString(item, 'thinking', blockAt, blockLabel);
      if ('error' in thinking) return thinking;
      thoughts.push(thinking.value);
    } else if (type === 'tool_use') {
      const call = readToolUse(item, blockAt, blockLabel);
      if ('error' in call) return call;
      toolCalls.push(call.value);
      called.set(call.value.id, call.value.name);
    } else if (type !== 'redacted_thinking') {
      return { error: unreadBlock(type, blockAt, blockLabel, 'an assistant message takes text, thinking, redacted_thinking and tool_use blocks') };
    }
  }
  const reasoning = thoughts.join(BLOCK_SEPARATOR);
  return {
    value: [
      {
        role: 'assistant',
        content: texts.join(BLOCK_SEPARATOR),
        ...(toolCalls.length === 0 ? {} : { toolCalls }),
        ...(reasoning === '' ? {} : { reasoning }),
      },
    ],
  };
}

interface Block {
  readonly type: string;
  readonly item: Readonly<Record<string, unknown>>;
  readonly blockAt: string;
  readonly blockLabel: string;
}

/** A content block: an object with a string `type`. */
function readBlock(item: unknown, blockAt: string, blockLabel: string): Read<Block> {
  if (!isPlainObject(item)) return { error: requestError(blockAt, `${blockLabel} must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type');
  if (typeof type !== 'string') return { error: requestError(`${blockAt}/type`, `${blockLabel}.type must be a string; got ${describeValueType(type)}`) };
  return { value: { type, item, blockAt, blockLabel } };
}

function unreadBlock(type: string, blockAt: string, blockLabel: string, allowed: string): GatewayRequestError {
  return requestError(`${blockAt}/type`, `${blockLabel} is a ${excerpt(type)} block, which the gateway cannot forward; ${allowed}`);
}

/** A `text` block's text, or an `image` block's image. */
function readTextOrImage(item: Readonly<Record<string, unknown>>, type: 'text' | 'image', at: string, label: string): Read<string | ChatImage> {
  return type === 'text' ? readString(item, 'text', at, label) : readImage(item, at, label);
}

function readImage(item: Readonly<Record<string, unknown>>, at: string, label: string): Read<ChatImage> {
  const source = ownValue(item, 'source');
  if (!isPlainObject(source)) return { error: requestError(`${at}/source`, `${label}.source must be an object; got ${describeValueType(source)}`) };
  const type = ownValue(source, 'type');
  if (type === 'base64') {
    const mediaType = readString(source, 'media_type', `${at}/source`, `${label}.source`, true);
    if ('error' in mediaType) return mediaType;
    const data = readString(source, 'data', `${at}/source`, `${label}.source`, true);
    if ('error' in data) return data;
    const image = base64Image(mediaType.value, data.value);
    return image === undefined ? { error: requestError(`${at}/source`, `${label}.source must hold an image/... media_type and base64 data`) } : { value: image };
  }
  if (type === 'url') {
    const url = readString(source, 'url', `${at}/source`, `${label}.source`, true);
    if ('error' in url) return url;
    // Web addresses only: a `file:` or other scheme would have the upstream's side read it.
    const image = imageFromUrl(url.value);
    return image?.kind === 'url' ? { value: image } : { error: requestError(`${at}/source/url`, `${label}.source.url must be an http(s) URL`) };
  }
  return { error: requestError(`${at}/source/type`, `${label}.source.type must be "base64" or "url"; got ${excerpt(type)}`) };
}

function readToolUse(item: Readonly<Record<string, unknown>>, at: string, label: string): Read<{ id: string; name: string; arguments: object }> {
  const id = readString(item, 'id', at, label, true);
  if ('error' in id) return id;
  const name = readString(item, 'name', at, label, true);
  if ('error' in name) return name;
  const input = ownValue(item, 'input');
  if (!isPlainObject(input)) return { error: requestError(`${at}/input`, `${label}.input must be an object; got ${describeValueType(input)}`) };
  if (canonicalJson(input, MAX_JSON_DEPTH) === undefined) return { error: requestError(`${at}/input`, `${label}.input must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
  return { value: { id: id.value, name: name.value, arguments: input } };
}

function readToolResult(item: Readonly<Record<string, unknown>>, at: string, label: string, called: ReadonlyMap<string, string>): Read<ChatMessage> {
  const id = readString(item, 'tool_use_id', at, label, true);
  if ('error' in id) return id;
  const isError = ownValue(item, 'is_error') ?? false;
  if (typeof isError !== 'boolean') return { error: requestError(`${at}/is_error`, `${label}.is_error must be a boolean; got ${describeValueType(isError)}`) };
  const content = ownValue(item, 'content') ?? '';
  const texts: string[] = [];
  const images: ChatImage[] = [];
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    for (let position = 0; position < content.length; position++) {
      const block = readBlock(content[position], appendPointer(`${at}/content`, position), `${label}.content[${position}]`);
      if ('error' in block) return block;
      const { type, item: part, blockAt, blockLabel } = block.value;
      if (type !== 'text' && type !== 'image') return { error: unreadBlock(type, blockAt, blockLabel, 'a tool result takes text and image blocks') };
      const read = readTextOrImage(part, type, blockAt, blockLabel);
      if ('error' in read) return read;
      if (typeof read.value === 'string') texts.push(read.value);
      else images.push(read.value);
    }
  } else {
    return { error: requestError(`${at}/content`, `${label}.content must be a string or an array of blocks; got ${describeValueType(content)}`) };
  }
  const text = texts.join(BLOCK_SEPARATOR);
  const toolName = called.get(id.value);
  return {
    value: {
      role: 'tool',
      content: isError ? `${TOOL_ERROR_PREFIX}${text}` : text,
      toolCallId: id.value,
      ...(toolName === undefined ? {} : { toolName }),
      ...(images.length === 0 ? {} : { images }),
    },
  };
}

/** A number as itself (an excerpt), anything else by its type: "got -1" says more than "got an integer". */
function numberOrType(value: unknown): string {
  return typeof value === 'number' ? excerpt(value) : describeValueType(value);
}

/** `record[key]` as a string (non-empty where `nonEmpty`). */
function readString(record: Readonly<Record<string, unknown>>, key: string, at: string, label: string, nonEmpty = false): Read<string> {
  const value = ownValue(record, key);
  if (typeof value === 'string' && (!nonEmpty || value !== '')) return { value };
  const wanted = nonEmpty ? 'a non-empty string' : 'a string';
  return { error: requestError(appendPointer(at, key), `${label}.${key} must be ${wanted}; got ${typeof value === 'string' ? 'an empty string' : describeValueType(value)}`) };
}

/** The request's function tools and the server tools left out. */
function readTools(value: unknown): Read<{ tools: GatewayTool[]; ignored: IgnoredTool[] }> {
  if (value === undefined || value === null) return { value: { tools: [], ignored: [] } };
  if (!Array.isArray(value)) return { error: requestError('/tools', `tools must be an array; got ${describeValueType(value)}`) };
  // Checked before anything is read, so a list of ten thousand tools costs nothing.
  if (value.length > MAX_REQUEST_TOOLS) return { error: toolError('/tools', `A request may declare at most ${MAX_REQUEST_TOOLS} tools; this one declares ${value.length}`) };
  const tools: GatewayTool[] = [];
  const ignored: IgnoredTool[] = [];
  for (let index = 0; index < value.length; index++) {
    const read = readTool(value[index], index);
    if ('error' in read) return read;
    if ('tool' in read.value) tools.push(read.value.tool);
    else ignored.push(read.value.ignored);
  }
  return { value: { tools, ignored } };
}

function readTool(item: unknown, index: number): Read<{ tool: GatewayTool } | { ignored: IgnoredTool }> {
  const at = `/tools/${index}`;
  if (!isPlainObject(item)) return { error: requestError(at, `tools[${index}] must be an object; got ${describeValueType(item)}`) };
  const type = ownValue(item, 'type') ?? 'custom';
  if (type !== 'custom') {
    // Server tools (web_search, bash, text_editor...) run on Anthropic's side, with no schema a
    // call could be checked against: left out, with a warning, never refused.
    if (typeof type === 'string' && type !== '') return { value: { ignored: { field: `${at}/type`, type: excerpt(type) } } };
    return { error: requestError(`${at}/type`, `tools[${index}].type must be a string such as "custom"; got ${excerpt(type)}`) };
  }
  const name = ownValue(item, 'name');
  if (typeof name !== 'string') return { error: requestError(`${at}/name`, `tools[${index}].name must be a string; got ${describeValueType(name)}`) };
  if (name === '') return { error: toolError(`${at}/name`, `tools[${index}].name is empty; a tool needs a name`) };
  const description = ownValue(item, 'description') ?? '';
  if (typeof description !== 'string') return { error: requestError(`${at}/description`, `tools[${index}].description must be a string; got ${describeValueType(description)}`) };
  const schema = ownValue(item, 'input_schema') ?? undefined;
  if (schema !== undefined && schema !== null && canonicalJson(schema, MAX_JSON_DEPTH) === undefined) {
    return { error: toolError(`${at}/input_schema`, `tools[${index}].input_schema must be JSON nesting at most ${MAX_JSON_DEPTH} levels`) };
  }
  const strict = ownValue(item, 'strict') ?? undefined;
  if (strict !== undefined && typeof strict !== 'boolean') return { error: requestError(`${at}/strict`, `tools[${index}].strict must be a boolean; got ${describeValueType(strict)}`) };
  return {
    value: {
      tool: { position: index, wireName: name, description, parameters: schema === null ? undefined : schema, ...(strict === undefined ? {} : { strict }) },
    },
  };
}

/** The sampling fields and tool choice, mapped onto OpenAI chat's names (`max_tokens` is the caller's). */
function readParameters(body: Readonly<Record<string, unknown>>, tools: readonly GatewayTool[]): Read<Record<string, JsonValue>> {
  const parameters: Record<string, JsonValue> = {};
  for (const name of ['temperature', 'top_p'] as const) {
    const value = ownValue(body, name) ?? undefined;
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return { error: requestError(`/${name}`, `${name} must be a number at least 0; got ${numberOrType(value)}`) };
    parameters[name] = value;
  }
  const topK = ownValue(body, 'top_k') ?? undefined;
  if (topK !== undefined) {
    if (!Number.isSafeInteger(topK) || (topK as number) < 0) return { error: requestError('/top_k', `top_k must be an integer at least 0; got ${numberOrType(topK)}`) };
    parameters['top_k'] = topK as number;
  }
  const stop = ownValue(body, 'stop_sequences') ?? undefined;
  if (stop !== undefined) {
    if (!Array.isArray(stop)) return { error: requestError('/stop_sequences', `stop_sequences must be an array of strings; got ${describeValueType(stop)}`) };
    const bad = stop.findIndex((item) => typeof item !== 'string');
    if (bad >= 0) return { error: requestError(`/stop_sequences/${bad}`, `stop_sequences[${bad}] must be a string; got ${describeValueType(stop[bad])}`) };
    if (stop.length > 0) parameters['stop'] = stop as string[];
  }
  const choice = readToolChoice(ownValue(body, 'tool_choice') ?? undefined, tools);
  if ('error' in choice) return choice;
  return { value: { ...parameters, ...choice.value } };
}

/** `tool_choice` as OpenAI's `tool_choice` and `parallel_tool_calls`; nothing when no function tool remains. */
function readToolChoice(value: unknown, tools: readonly GatewayTool[]): Read<Record<string, JsonValue>> {
  if (value === undefined) return { value: {} };
  if (!isPlainObject(value)) return { error: requestError('/tool_choice', `tool_choice must be an object such as {"type": "auto"}; got ${describeValueType(value)}`) };
  const type = ownValue(value, 'type');
  const disable = ownValue(value, 'disable_parallel_tool_use') ?? undefined;
  if (disable !== undefined && typeof disable !== 'boolean') {
    return { error: requestError('/tool_choice/disable_parallel_tool_use', `tool_choice.disable_parallel_tool_use must be a boolean; got ${describeValueType(disable)}`) };
  }
  let choice: JsonValue;
  switch (type) {
    case 'auto':
      choice = 'auto';
      break;
    case 'any':
      choice = 'required';
      break;
    case 'none':
      choice = 'none';
      break;
    case 'tool': {
      const name = readString(value, 'name', '/tool_choice', 'tool_choice', true);
      if ('error' in name) return name;
      if (!tools.some((tool) => tool.wireName === name.value)) {
        return { error: requestError('/tool_choice/name', `tool_choice.name ${excerpt(name.value)} is not a tool the request declares (server tools are left out)`) };
      }
      choice = { type: 'function', function: { name: name.value } };
      break;
    }
    default:
      return { error: requestError('/tool_choice/type', `tool_choice.type must be one of auto, any, tool, none; got ${excerpt(type)}`) };
  }
  if (tools.length === 0) return { value: {} };
  return { value: { tool_choice: choice, ...(disable === true ? { parallel_tool_calls: false } : {}) } };
}
