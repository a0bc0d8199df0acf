import { isAssistantMessage, readAssistantMessage } from './assistant-message.js';
import { isOllamaChatResponse, readOllamaChatResponse } from './ollama-chat-response.js';
import { isOpenAiChatCompletion, readOpenAiChatCompletion } from './openai-chat-completion.js';
import { describeType, isJsonObjectLike } from './read-property.js';
import type { ResponseReading } from './response-reading.js';

/** One response format: how to recognise it and how to read it. */
export interface ResponseFormatReader {
  readonly recognises: (response: object) => boolean;
  readonly read: (response: object) => ResponseReading;
}

/**
 * The formats, most specific first: a chat completion has `choices`, an Ollama response a
 * `message` object, and a bare assistant message has neither.
 */
export const RESPONSE_FORMAT_READERS: readonly ResponseFormatReader[] = Object.freeze([
  { recognises: isOpenAiChatCompletion, read: readOpenAiChatCompletion },
  { recognises: isOllamaChatResponse, read: readOllamaChatResponse },
  { recognises: isAssistantMessage, read: readAssistantMessage },
]);

const UNRECOGNISED =
  'The response is not a recognised model server response: expected an Ollama /api/chat response ({message}), an OpenAI chat completion ({choices: [{message}]}) or an assistant message ({role, content, tool_calls})';

/**
 * Takes the structured calls and the text out of a response of any recognised format. Reads only
 * fixed paths, through {@link readProperty}, so depth, getters and proxies in the response cannot
 * crash it; never throws.
 */
export function readResponse(response: unknown): ResponseReading {
  if (!isJsonObjectLike(response)) return { ok: false, message: `${UNRECOGNISED}; got ${describeType(response)}` };
  try {
    const reader = RESPONSE_FORMAT_READERS.find((candidate) => candidate.recognises(response));
    return reader === undefined ? { ok: false, message: UNRECOGNISED } : reader.read(response);
  } catch {
    return { ok: false, message: 'The response could not be read' };
  }
}
