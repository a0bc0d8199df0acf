/**
 * The OpenAI Responses front (`POST /v1/responses`, as Codex CLI and `openai.responses.create`
 * send it): its reader into the neutral request, and its writers of the response object, the
 * event stream and the error body. Storing responses for `previous_response_id` and `GET
 * /v1/responses/{id}` is the route's, with {@link responseObject} and {@link responseOutputMessages}.
 */
import type { GatewayFront } from '../gateway-front.js';
import { readResponsesRequest } from './read-responses-request.js';
import { ResponsesStream } from './responses-stream.js';
import { responseObject, responsesErrorBody } from './write-responses-response.js';

export { ECHOED_FIELDS, readResponsesRequest } from './read-responses-request.js';
export { linkToolMessages, readResponsesInput, type ResponsesReadOptions } from './read-responses-input.js';
export { namespacedToolName, readResponsesTools } from './read-responses-tools.js';
export { mapResponsesParameters } from './map-responses-parameters.js';
export { RESPONSES_KEEP_ALIVE, ResponsesStream } from './responses-stream.js';
export {
  buildResponse,
  callItem,
  customInput,
  messageItem,
  reasoningItem,
  responseIdOfItem,
  responseItemIds,
  responseObject,
  responseOutputMessages,
  responsesErrorBody,
  responseStatus,
  responseUsage,
  type ResponseCustomToolCallItem,
  type ResponseFrame,
  type ResponseFunctionCallItem,
  type ResponseItemIds,
  type ResponseMessageItem,
  type ResponseObject,
  type ResponseOutputItem,
  type ResponseReasoningItem,
  type ResponseStatus,
  type ResponseUsage,
} from './write-responses-response.js';

/** The OpenAI Responses front: `openai_responses` in metrics, answer ids `resp_…`. */
export const openAiResponsesFront: GatewayFront = {
  name: 'openai_responses',
  idPrefix: 'resp_',
  // One argument only: the route resolves `item_reference`s by calling `readResponsesRequest` with its store.
  read: (body, context) => readResponsesRequest(body, context ?? {}),
  answer: (answer, identity, request) => responseObject(answer, identity, request),
  stream: (identity, request) => new ResponsesStream(identity, request),
  error: responsesErrorBody,
};
