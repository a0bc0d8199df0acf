/**
 * `@acode/gateway`: the tool-call gateway as a library. Four client APIs (OpenAI chat, Ollama
 * chat, Anthropic Messages, OpenAI Responses) read into one neutral request, one checked pipeline
 * (calls written in text extracted, arguments repaired and validated against the request's tools,
 * re-asked), and the answer written back in the client's own wire, whole or streamed.
 * {@link createGatewayHandler} mounts it in any fetch-style server; the Acode host runs the same
 * routes on Node with {@link createGatewayRequests} and a sink of its own.
 */
export type { AnswerSink } from './answer-sink.js';
export { BoundedSemaphore, type SemaphoreSlot } from './bounded-semaphore.js';
export { createGatewayHandler, type GatewayHandler, type GatewayHandlerOptions } from './create-gateway-handler.js';
export { deadlineBeforeUpstream, deadlineExceeded, deadlineMessage, gatewayError, type GatewayErrorDetails } from './gateway-errors.js';
export { deadlineRelabelled, GatewayRequestMetrics, type GatewayRouteLabel } from './gateway-metrics.js';
export type { FrontExchange, GatewayOptions } from './gateway-options.js';
export type { GatewayReply } from './gateway-reply.js';
export { createGatewayRequests, type BodyReading, type GatewayRequestInput, type GatewayRequests, type GatewayRoute, type PassThrough } from './gateway-requests.js';
export { bearerToken, tokenDigest, tokenMatches } from './gateway-token.js';
export { toNodeListener } from './node-listener.js';
export type { RequestDeadline } from './request-deadline.js';
export { StoredResponses, type StoredResponse, type StoredResponsesOptions } from './stored-responses.js';
// The fronts and the pipeline they share, for users who write their own route.
export {
  anthropicMessagesFront,
  ollamaChatFront,
  openAiChatFront,
  openAiResponsesFront,
  runGatewayChat,
  ToolContractCache,
  MemoryPool,
  type AnswerFacts,
  type AnswerIdentity,
  type FrontError,
  type FrontReadContext,
  type FrontStream,
  type GatewayAnswer,
  type GatewayFront,
  type GatewayFrontName,
  type GatewayRequest,
  type GatewayTool,
  type GatewayToolCall,
} from '@acode/infrastructure/gateway';
