import { describeValueType, isPlainObject, ownValue } from '@acode/domain';
import type { AccumulationState } from './accumulation-state.js';
import { isCallIndex, tokenCount } from './openai-chunk.js';
import { quoteServerMessage } from './stream-errors.js';

/**
 * Applies one line of an Ollama `/api/chat` stream to the state: `message.content` is text,
 * `message.thinking` (with `think: true`) reasoning,
 * `message.tool_calls[]` are whole calls (arguments normally an object, kept as sent for the
 * parser to check), and the last line has `done: true`, `done_reason` and the token counts.
 * A call's index is its `function.index` when that is a non-negative integer not used yet,
 * otherwise one past the highest index used, so calls spread over several lines keep their order.
 */
export function applyOllamaChunk(chunk: unknown, line: number, state: AccumulationState): void {
  if (!isPlainObject(chunk)) return state.reportStreamError({ line }, `holds ${describeValueType(chunk)} where a chunk object was expected`);
  const error = ownValue(chunk, 'error');
  if (error !== undefined && error !== null) return state.reportStreamError({ line }, `carries an error from the server: ${quoteServerMessage(error)}`);

  const message = ownValue(chunk, 'message');
  if (isPlainObject(message)) applyMessage(message, line, state);
  else if (message !== undefined && message !== null) state.reportStreamError({ line }, `has message as ${describeValueType(message)}, not an object`);

  if (ownValue(chunk, 'done') !== true) return;
  state.markEnded();
  const reason = ownValue(chunk, 'done_reason');
  if (typeof reason === 'string') state.finish(reason);
  const promptTokens = tokenCount(ownValue(chunk, 'prompt_eval_count'));
  const completionTokens = tokenCount(ownValue(chunk, 'eval_count'));
  if (promptTokens === undefined && completionTokens === undefined) return;
  state.setUsage({
    ...(promptTokens === undefined ? {} : { promptTokens }),
    ...(completionTokens === undefined ? {} : { completionTokens }),
    ...(promptTokens === undefined || completionTokens === undefined ? {} : { totalTokens: promptTokens + completionTokens }),
  });
}

function applyMessage(message: Record<string, unknown>, line: number, state: AccumulationState): void {
  const content = ownValue(message, 'content');
  if (typeof content === 'string') state.appendContent(content);
  else if (content !== undefined && content !== null) state.reportStreamError({ line }, `has message.content as ${describeValueType(content)}, not a string`);

  // A thinking field of another type is ignored: it carries no text, and the answer's may still be whole.
  const thinking = ownValue(message, 'thinking');
  if (typeof thinking === 'string') state.appendReasoning(thinking);

  const toolCalls = ownValue(message, 'tool_calls');
  if (toolCalls === undefined || toolCalls === null) return;
  if (!Array.isArray(toolCalls)) return state.reportStreamError({ line }, `has message.tool_calls as ${describeValueType(toolCalls)}, not an array`);
  toolCalls.forEach((item: unknown, position) => applyWholeCall(item, `message.tool_calls[${position}]`, line, state));
}

function applyWholeCall(item: unknown, path: string, line: number, state: AccumulationState): void {
  const fn = isPlainObject(item) ? ownValue(item, 'function') : undefined;
  const declared = isPlainObject(fn) ? ownValue(fn, 'index') : undefined;
  const index = isCallIndex(declared) && !state.hasCall(declared) ? declared : state.nextIndex;
  const call = state.call(index);

  if (!isPlainObject(item)) return state.reportStreamError({ line, index }, `has ${path} as ${describeValueType(item)}, not an object`);
  const id = ownValue(item, 'id');
  if (typeof id === 'string') call.id = id;
  if (!isPlainObject(fn)) return state.reportStreamError({ line, index }, `has ${path}.function as ${describeValueType(fn)}, not an object`);
  state.setWholeCall(call, ownValue(fn, 'name'), ownValue(fn, 'arguments'));
}
