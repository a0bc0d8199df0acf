import type { ChatMessage, JsonValue } from '@acode/domain';
import { excerpt, linkToolMessages, requestError, responseObject, responseOutputMessages, type AnswerIdentity, type GatewayAnswer, type GatewayFront, type GatewayRequest, type GatewayRequestError } from '@acode/infrastructure/gateway';
import type { StoredResponses } from './stored-responses.js';

/**
 * A Responses request that names a `previous_response_id`, with the stored conversation put
 * before its own input (its `instructions` first: they are never carried over, as the API has
 * it). Refused (ACODE-GTW-001 at `/previous_response_id`) when the host keeps no such response.
 */
export function continueConversation(request: GatewayRequest, stored: StoredResponses | undefined): { ok: true; request: GatewayRequest } | { ok: false; error: GatewayRequestError } {
  const id = request.previousResponseId;
  if (id === undefined) return { ok: true, request };
  const previous = stored?.get(id);
  if (previous === undefined) {
    return {
      ok: false,
      error: requestError(
        '/previous_response_id',
        `No stored response has the id ${excerpt(id)}: it was answered with store: false, has expired, or another host answered it; send the whole conversation in input instead`,
      ),
    };
  }
  const instructions = instructionsOf(request);
  const own = instructions === undefined ? request.messages : request.messages.slice(1);
  // Linked again: a tool output of this request answers a call of the stored conversation.
  return { ok: true, request: { ...request, messages: linkToolMessages([...(instructions === undefined ? [] : [instructions]), ...previous.conversation, ...own]) } };
}

/**
 * Keeps a Responses answer for a later `previous_response_id` and `GET /v1/responses/{id}`,
 * unless the client said `store: false`: the conversation without this request's
 * `instructions`, then the answer's own turn. `answer` is whole (a streamed answer's text
 * included); `sent` is the response object the client received (whole, or as its stream ended), kept as it saw it.
 */
export function keepResponse(front: GatewayFront, request: GatewayRequest, answer: GatewayAnswer, identity: AnswerIdentity, stored: StoredResponses | undefined, sent?: unknown): void {
  if (stored === undefined || front.name !== 'openai_responses' || request.store === false) return;
  const conversation = instructionsOf(request) === undefined ? request.messages : request.messages.slice(1);
  stored.put(identity.id, { conversation: [...conversation, ...responseOutputMessages(answer, request, identity)], response: (sent ?? responseObject(answer, identity, request)) as JsonValue });
}

/** The leading system message the request's `instructions` became, if any. */
function instructionsOf(request: GatewayRequest): ChatMessage | undefined {
  const instructions = request.echo?.['instructions'];
  const first = request.messages[0];
  return typeof instructions === 'string' && first !== undefined && first.role === 'system' && first.content === instructions ? first : undefined;
}
