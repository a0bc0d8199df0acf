import { describeType, isArrayLike, isJsonObjectLike, readProperty } from './read-property.js';
import { readToolCallList } from './read-tool-call-list.js';
import { OPENAI_REASONING_FIELDS, withFinishReason, withReasoning, type ResponseReading } from './response-reading.js';

/** True for an OpenAI-compatible chat completion: an object with `choices`. */
export function isOpenAiChatCompletion(response: object): boolean {
  return readProperty(response, 'choices') !== undefined;
}

/**
 * Reads `choices[0].message.tool_calls[]` (`{id, type: "function", function: {name, arguments}}`,
 * `arguments` a JSON string) and `choices[0].message.content`. Only the first choice is read:
 * the client asks for one (`n` is never set). Every call's source is `openai`.
 * `choices[0].finish_reason` is the finish reason (`length` when the output hit the token limit).
 * The message's `reasoning_content` (or `reasoning`), when a string, is the reasoning.
 */
export function readOpenAiChatCompletion(response: object): ResponseReading {
  const choices = readProperty(response, 'choices');
  if (!isArrayLike(choices)) return { ok: false, message: `The chat completion's choices must be an array, got ${describeType(choices)}` };
  const choice = readProperty(choices, '0');
  const message = readProperty(choice, 'message');
  if (!isJsonObjectLike(message)) return { ok: false, message: 'The chat completion has no choices[0].message object' };
  const reading = withReasoning(readToolCallList(message, 'openai', () => 'openai'), message, OPENAI_REASONING_FIELDS);
  return withFinishReason(reading, readProperty(choice, 'finish_reason'));
}
