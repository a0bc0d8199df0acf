import { readOpenAiChatRequest } from '../read-openai-chat-request.js';
import { openAiChatChunks, openAiChatCompletion, openAiContentChunk } from '../write-openai-chat-response.js';
import type { FrontError, GatewayFront } from './gateway-front.js';

/**
 * OpenAI chat completions (`POST /v1/chat/completions`): server-sent `data:` chunks, an SSE
 * comment as keep-alive, errors as `{ error: { message, type, code, param } }` (plus `errors`
 * when there are several) and, mid-stream, a `data: {"error": …}` event before `[DONE]`.
 */
export const openAiChatFront: GatewayFront = {
  name: 'openai_chat',
  idPrefix: 'chatcmpl-',
  read: readOpenAiChatRequest,
  answer: (answer, identity) => openAiChatCompletion(answer, { id: identity.id, created: identity.created }),
  stream(identity) {
    let chunks = 0;
    const ids = { id: identity.id, created: identity.created, includeUsage: identity.includeUsage };
    return {
      contentType: 'text/event-stream; charset=utf-8',
      content: (text) => openAiContentChunk(text, identity.model, { ...ids, first: chunks++ === 0 }),
      keepAlive: () => ': keep-alive\n\n',
      // The role went out with the first text chunk, if any.
      end: (answer) => openAiChatChunks(answer, { ...ids, omitRole: chunks > 0 }).join(''),
      fail: (error) => `data: ${JSON.stringify({ error: { message: error.message, type: openAiErrorType(error.type), code: error.code, param: null } })}\n\ndata: [DONE]\n\n`,
    };
  },
  error: (error) => ({
    error: {
      message: error.message,
      type: openAiErrorType(error.type),
      code: error.code,
      param: error.param ?? null,
      ...(error.errors === undefined ? {} : { errors: error.errors }),
    },
  }),
};

/** OpenAI's own `error.type`: a bad token is an `invalid_request_error` there (401), a busy server an `upstream_error` (503). */
export function openAiErrorType(type: FrontError['type']): string {
  return type === 'authentication_error' ? 'invalid_request_error' : type === 'overloaded_error' ? 'upstream_error' : type;
}
