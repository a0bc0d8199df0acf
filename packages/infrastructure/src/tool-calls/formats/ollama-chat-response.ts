import { isJsonObjectLike, readProperty } from './read-property.js';
import { readToolCallList } from './read-tool-call-list.js';
import type { ResponseReading } from './response-reading.js';

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
 * Ollama-compatible servers send) is accepted too. Every call's source is `ollama`.
 */
export function readOllamaChatResponse(response: object): ResponseReading {
  return readToolCallList(readProperty(response, 'message') as object, 'ollama', () => 'ollama');
}
