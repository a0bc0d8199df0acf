import { describeValueType, isPlainObject, ownValue } from '@acode/domain';
import type { AccumulationState } from './accumulation-state.js';
import type { StreamedCall } from './streamed-call.js';
import { quoteServerMessage } from './stream-errors.js';
import type { StreamUsage } from './stream-accumulation.js';
import { OPENAI_REASONING_FIELDS, readReasoning } from '../tool-calls/formats/response-reading.js';

/**
 * Applies one OpenAI-compatible `chat.completion.chunk` to the state: `choices[0].delta.content`
 * is text, `delta.reasoning_content` (or `delta.reasoning`) reasoning,
 * `choices[0].delta.tool_calls[]` are fragments correlated by `index` (or, without one,
 * continuing the previous call: see `unindexedCall`), `function.arguments` a text fragment or
 * the whole arguments as an object; `finish_reason` and `usage` are recorded. Only the first
 * choice is read (`n` > 1 is not a tool calling setup). A field of the wrong type is an
 * ACODE-TLP-008 error naming its path; a fragment with such a field drops its call, whose text
 * could otherwise lack a piece.
 */
export function applyOpenAiChunk(chunk: unknown, line: number, state: AccumulationState): void {
  if (!isPlainObject(chunk)) return state.reportStreamError({ line }, `holds ${describeValueType(chunk)} where a chunk object was expected`);
  const error = ownValue(chunk, 'error');
  if (error !== undefined && error !== null) {
    const message = isPlainObject(error) ? ownValue(error, 'message') : error;
    return state.reportStreamError({ line }, `carries an error from the server: ${quoteServerMessage(message)}`);
  }

  const usage = ownValue(chunk, 'usage');
  if (isPlainObject(usage)) state.setUsage(readUsage(usage));

  const choices = ownValue(chunk, 'choices');
  if (choices === undefined || choices === null) return; // a usage-only chunk
  if (!Array.isArray(choices)) return state.reportStreamError({ line }, `has choices as ${describeValueType(choices)}, not an array`);
  const choice: unknown = choices.find((candidate) => !isPlainObject(candidate) || (ownValue(candidate, 'index') ?? 0) === 0);
  if (choice === undefined) return;
  if (!isPlainObject(choice)) return state.reportStreamError({ line }, `has choices[0] as ${describeValueType(choice)}, not an object`);

  const delta = ownValue(choice, 'delta');
  if (delta !== undefined && delta !== null) {
    if (!isPlainObject(delta)) state.reportStreamError({ line }, `has choices[0].delta as ${describeValueType(delta)}, not an object`);
    else applyDelta(delta, line, state);
  }

  const finishReason = ownValue(choice, 'finish_reason');
  if (typeof finishReason === 'string') {
    state.finish(finishReason);
    state.markComplete();
  } else if (finishReason !== undefined && finishReason !== null) {
    state.reportStreamError({ line }, `has choices[0].finish_reason as ${describeValueType(finishReason)}, not a string`);
  }
}

function applyDelta(delta: Record<string, unknown>, line: number, state: AccumulationState): void {
  const content = ownValue(delta, 'content');
  if (typeof content === 'string') state.appendContent(content);
  else if (content !== undefined && content !== null) state.reportStreamError({ line }, `has choices[0].delta.content as ${describeValueType(content)}, not a string`);

  // A reasoning field of another type is ignored: it carries no text, and the answer's may still be whole.
  const reasoning = readReasoning(delta, OPENAI_REASONING_FIELDS);
  if (reasoning !== undefined) state.appendReasoning(reasoning);

  const toolCalls = ownValue(delta, 'tool_calls');
  if (toolCalls === undefined || toolCalls === null) return;
  if (!Array.isArray(toolCalls)) return state.reportStreamError({ line }, `has choices[0].delta.tool_calls as ${describeValueType(toolCalls)}, not an array`);
  toolCalls.forEach((fragment: unknown, position) => applyFragment(fragment, position, line, state));
}

function applyFragment(fragment: unknown, position: number, line: number, state: AccumulationState): void {
  const path = `choices[0].delta.tool_calls[${position}]`;
  if (!isPlainObject(fragment)) return state.reportStreamError({ line }, `has ${path} as ${describeValueType(fragment)}, not an object`);
  const index = ownValue(fragment, 'index');
  const id = ownValue(fragment, 'id');
  const fn = ownValue(fragment, 'function');
  let call: StreamedCall;
  if (index === undefined || index === null) call = unindexedCall(state, typeof id === 'string' ? id : undefined, carriesName(fn), position);
  else if (isCallIndex(index)) call = state.call(index);
  else {
    const found = typeof index === 'number' ? String(index) : describeValueType(index);
    return state.reportStreamError({ line }, `has ${path}.index ${found}, not a non-negative integer, so the fragment matches no call`);
  }

  if (typeof id === 'string') call.id ??= id; // servers that repeat the id repeat the same one
  else if (id !== undefined && id !== null) return state.reportStreamError({ line, index: call.index }, `has ${path}.id as ${describeValueType(id)}, not a string`);

  if (fn === undefined || fn === null) return;
  const { index: callIndex } = call;
  if (!isPlainObject(fn)) return state.reportStreamError({ line, index: callIndex }, `has ${path}.function as ${describeValueType(fn)}, not an object`);

  const name = ownValue(fn, 'name');
  const args = ownValue(fn, 'arguments');
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return state.reportStreamError({ line, index: callIndex }, `has ${path}.function.name as ${describeValueType(name)}, not a string`);
  }
  if (args !== undefined && args !== null && typeof args !== 'string' && !isPlainObject(args)) {
    return state.reportStreamError({ line, index: callIndex }, `has ${path}.function.arguments as ${describeValueType(args)}, not a string or an object`);
  }
  if (typeof name === 'string' && name !== '') state.addNameFragment(call, name, line);
  if (isPlainObject(args)) state.setArgumentsObject(call, args, line);
  else if (typeof args === 'string' && args !== '') state.addArgumentsFragment(call, args, line);
}

/**
 * The call a fragment without an `index` belongs to. Servers that send none stream one call at
 * a time, so it continues the call the previous fragment went to, unless it starts the next: it
 * carries an id other than that call's, or, without an id, it is not the first fragment of its
 * delta (one delta's fragments are different calls) or it brings a name to a call that already
 * has arguments (a name never follows a call's arguments). The next call takes the next index.
 */
function unindexedCall(state: AccumulationState, id: string | undefined, hasName: boolean, position: number): StreamedCall {
  const current = state.lastCall;
  const startsNext =
    current === undefined ||
    (id !== undefined ? current.id !== undefined && current.id !== id : position > 0 || (hasName && (current.argumentBytes > 0 || current.wholeArguments !== undefined)));
  return startsNext ? state.call(state.nextIndex) : state.call(current.index);
}

/** True when a fragment's `function` carries a non-empty name. */
function carriesName(fn: unknown): boolean {
  if (!isPlainObject(fn)) return false;
  const name = ownValue(fn, 'name');
  return typeof name === 'string' && name !== '';
}

function readUsage(usage: Record<string, unknown>): StreamUsage {
  const promptTokens = tokenCount(ownValue(usage, 'prompt_tokens'));
  const completionTokens = tokenCount(ownValue(usage, 'completion_tokens'));
  const totalTokens = tokenCount(ownValue(usage, 'total_tokens'));
  return {
    ...(promptTokens === undefined ? {} : { promptTokens }),
    ...(completionTokens === undefined ? {} : { completionTokens }),
    ...(totalTokens === undefined ? {} : { totalTokens }),
  };
}

/** A count a server sent, when it is a usable one. */
export function tokenCount(value: unknown): number | undefined {
  return isCallIndex(value) ? value : undefined;
}

/** A non-negative safe integer: what an index or a token count must be. */
export function isCallIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
