import { canonicalJsonText } from '@acode/domain';
import type { GatewayRequest } from '../../gateway-request.js';
import type { GatewayRequestError } from '../../gateway-request-error.js';
import { readAnthropicMessagesRequest } from './read-anthropic-messages-request.js';

/** What one image is counted as: about what Anthropic charges for a picture of some 1.15 megapixels, its largest before resizing. */
export const IMAGE_TOKEN_ESTIMATE = 1600;

/** UTF-8 bytes per token of the estimate: a usual ratio for English and code with BPE tokenizers. */
export const BYTES_PER_TOKEN = 4;

/** The answer of `POST /v1/messages/count_tokens`, or the reader's refusal of its body. */
export type AnthropicTokenCount = { readonly ok: true; readonly body: { readonly input_tokens: number } } | { readonly ok: false; readonly error: GatewayRequestError };

/**
 * An **estimate** of the input tokens of an Anthropic Messages body, for
 * `POST /v1/messages/count_tokens` (`{input_tokens}`). The gateway has no tokenizer of the
 * upstream's model, so it counts ceil(UTF-8 bytes / {@link BYTES_PER_TOKEN}) over the system
 * prompt, the messages' text and reasoning, the tool calls' ids, names and inputs, the tool
 * results' ids, and the tool definitions (name, description, schema as JSON), plus
 * {@link IMAGE_TOKEN_ESTIMATE} per image. Adding content never lowers it. The body is read by
 * {@link readAnthropicMessagesRequest} (with `max_tokens` optional, as this endpoint has it), so a
 * body it refuses is refused here the same way.
 */
export function countAnthropicTokens(body: unknown): AnthropicTokenCount {
  const reading = readAnthropicMessagesRequest(body, { maxTokensOptional: true });
  if (!reading.ok) return reading;
  return { ok: true, body: { input_tokens: estimateRequestTokens(reading.request) } };
}

/** The estimate of {@link countAnthropicTokens} for a request already read. */
export function estimateRequestTokens(request: GatewayRequest): number {
  let bytes = 0;
  let images = 0;
  const add = (text: string): void => {
    bytes += Buffer.byteLength(text, 'utf8');
  };
  for (const message of request.messages) {
    add(message.content);
    add(message.reasoning ?? '');
    add(message.toolCallId ?? '');
    images += message.images?.length ?? 0;
    for (const call of message.toolCalls ?? []) {
      add(call.id);
      add(call.name);
      add(typeof call.arguments === 'string' ? call.arguments : canonicalJsonText(call.arguments));
    }
  }
  for (const tool of request.tools) {
    add(tool.wireName);
    add(tool.description);
    // The reader proved the schema is JSON of bounded depth.
    if (tool.parameters !== undefined) add(canonicalJsonText(tool.parameters));
  }
  return Math.ceil(bytes / BYTES_PER_TOKEN) + images * IMAGE_TOKEN_ESTIMATE;
}
