import type { GatewayFront } from '../gateway-front.js';
import { readAnthropicMessagesRequest } from './read-anthropic-messages-request.js';
import { anthropicErrorBody, anthropicMessage, AnthropicMessagesStream } from './write-anthropic-messages-response.js';

export { readAnthropicMessagesRequest, TOOL_ERROR_PREFIX } from './read-anthropic-messages-request.js';
export {
  anthropicErrorBody,
  anthropicErrorType,
  anthropicMessage,
  AnthropicMessagesStream,
  anthropicStopReason,
  type AnthropicContentBlock,
  type AnthropicErrorBody,
  type AnthropicMessage,
  type AnthropicStopReason,
  type AnthropicUsage,
} from './write-anthropic-messages-response.js';
export { BYTES_PER_TOKEN, countAnthropicTokens, IMAGE_TOKEN_ESTIMATE } from './count-tokens.js';

/**
 * Anthropic Messages (`POST /v1/messages`, Claude Code and `@anthropic-ai/sdk`): the body read into
 * OpenAI-wire parameters, answers as a `message` with `thinking` / `text` / `tool_use` blocks,
 * streams as Anthropic's named server-sent events with `ping` as keep-alive, errors as
 * `{type: "error", error: {type, message, code}}` (an `error` event mid-stream). Token counting
 * (`POST /v1/messages/count_tokens`) is {@link countAnthropicTokens}, for the route to serve.
 */
export const anthropicMessagesFront: GatewayFront = {
  name: 'anthropic_messages',
  idPrefix: 'msg_',
  read: (body) => readAnthropicMessagesRequest(body),
  answer: (answer, identity) => anthropicMessage(answer, identity),
  stream: (identity) => new AnthropicMessagesStream(identity),
  error: anthropicErrorBody,
};
