import { readOllamaChatRequest } from '../read-ollama-chat-request.js';
import { ollamaChatChunks, ollamaChatResponse, ollamaContentLine } from '../write-ollama-chat-response.js';
import type { GatewayFront } from './gateway-front.js';

/**
 * Ollama chat (`POST /api/chat`): newline-delimited JSON objects, an empty `done: false` line as
 * keep-alive (its clients parse every line), errors as `{ error: "<code>: <message>" }` (the
 * shape has no field for the code, so it leads the message).
 */
export const ollamaChatFront: GatewayFront = {
  name: 'ollama_chat',
  idPrefix: 'chatcmpl-',
  read: readOllamaChatRequest,
  answer: (answer, identity, _request, facts) => ollamaChatResponse(answer, { createdAt: identity.createdAt, totalDurationNs: facts.totalDurationNs }),
  stream(identity) {
    return {
      contentType: 'application/x-ndjson',
      content: (text) => ollamaContentLine(text, identity.model, identity.createdAt),
      keepAlive: () => `${JSON.stringify({ model: identity.model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' }, done: false })}\n`,
      end: (answer, facts) => ollamaChatChunks(answer, { createdAt: identity.createdAt, totalDurationNs: facts.totalDurationNs }).join(''),
      fail: (error) => `${JSON.stringify({ error: `${error.code}: ${error.message}` })}\n`,
    };
  },
  error: (error) => ({ error: `${error.code}: ${error.message}` }),
};
