import { readProperty } from './read-property.js';
import { readToolCallList } from './read-tool-call-list.js';
import { OLLAMA_REASONING_FIELDS, OPENAI_REASONING_FIELDS, withReasoning, type ResponseReading } from './response-reading.js';

/** True for a bare assistant message: an object with `role`, `content` or `tool_calls`. */
export function isAssistantMessage(response: object): boolean {
  return ['role', 'content', 'tool_calls'].some((key) => readProperty(response, key) !== undefined);
}

/**
 * Reads a bare assistant message `{role, content, tool_calls?}` in either server's style. The
 * message does not say which server wrote it, so each call's source follows its arguments: a
 * JSON string is the OpenAI style, anything else Ollama's. Its reasoning is read from either
 * server's field (`reasoning_content`, `reasoning`, `thinking`).
 */
export function readAssistantMessage(response: object): ResponseReading {
  const reading = readToolCallList(response, 'assistant_message', (args) => (typeof args === 'string' ? 'openai' : 'ollama'));
  return withReasoning(reading, response, [...OPENAI_REASONING_FIELDS, ...OLLAMA_REASONING_FIELDS]);
}
