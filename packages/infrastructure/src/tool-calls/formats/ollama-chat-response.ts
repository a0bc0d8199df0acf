import { isJsonObjectLike, readProperty } from './read-property.js';
import { readToolCallList } from './read-tool-call-list.js';
import { OLLAMA_REASONING_FIELDS, withFinishReason, withReasoning, type ResponseReading } from './response-reading.js';

/**
 * True for an Ollama `/api/chat` response (or one NDJSON line of it): an object with a
 * `message` object.
 */
export function isOllamaChatResponse(response: object): boolean {
  return isJsonObjectLike(readProperty(response, 'message'));
}

/**
 * Reads `message.tool_calls[].function.{name, arguments, index?}` and `message.content`.
 * Ollama sends `arguments` as an object; a string (what 002's scenarios show, and some
 * Ollama-compatible servers send) is accepted too. Every call's source is `ollama`. `done_reason`
 * is the finish reason (`length` when the output hit the token limit); `message.thinking`, when a
 * string, the reasoning.
 */
export function readOllamaChatResponse(response: object): ResponseReading {
  const message = readProperty(response, 'message') as object;
  const reading = withReasoning(readToolCallList(message, 'ollama', () => 'ollama'), message, OLLAMA_REASONING_FIELDS);
  return withFinishReason(reading, readProperty(response, 'done_reason'));
}
