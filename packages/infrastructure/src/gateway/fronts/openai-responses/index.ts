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

export { readResponsesRequest } from './read-responses-request.js';
export { linkToolMessages } from './read-responses-input.js';
export { ResponsesStream } from './responses-stream.js';
export { responseObject, responseOutputMessages, responsesErrorBody, type ResponseObject } from './write-responses-response.js';

/** The OpenAI Responses front: `openai_responses` in metrics, answer ids `resp_…`. */
export const openAiResponsesFront: GatewayFront = {
  name: 'openai_responses',
  idPrefix: 'resp_',
  read: readResponsesRequest,
  answer: (answer, identity, request) => responseObject(answer, identity, request),
  stream: (identity, request) => new ResponsesStream(identity, request),
  error: responsesErrorBody,
};
