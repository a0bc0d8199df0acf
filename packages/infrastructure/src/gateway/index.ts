/**
 * `@acode/infrastructure/gateway`: the library pieces of the tool-call gateway (issue 15). Reads a
 * client's OpenAI (`/v1/chat/completions`) or Ollama (`/api/chat`) request into one neutral form,
 * turns the tools it declares into a contract (a registry under valid names, mapped back to the
 * client's), and writes the checked answer in the client's wire, whole or as a stream.
 */
export type { GatewayAnswer, GatewayRequest, GatewayTool, GatewayToolCall, GatewayWire } from './gateway-request.js';
export type { GatewayRequestError, GatewayRequestReading } from './gateway-request-error.js';
export { readOpenAiChatRequest } from './read-openai-chat-request.js';
export { readOllamaChatRequest } from './read-ollama-chat-request.js';
export { MAX_REQUEST_TOOLS, readRequestTools, type RequestToolsReading } from './read-request-tools.js';
export { REQUEST_TOOL_VERSION, toolContract, type ToolContract, type ToolContractOptions, type ToolContractResult, type ToolContractWarning } from './request-tool-contract.js';
export { DEFAULT_TOOL_CONTRACT_CACHE_SIZE, ToolContractCache, type ToolContractCacheOptions } from './tool-contract-cache.js';
export { distinctToolNames, hashOf, isToolName, snakeCaseWords, toToolName } from './to-tool-name.js';
export {
  openAiChatChunks,
  openAiChatCompletion,
  openAiContentChunk,
  openAiFinishReason,
  type OpenAiChatChunksOptions,
  type OpenAiChatCompletion,
  type OpenAiCompletionIdentity,
  type OpenAiFinishReason,
  type OpenAiToolCall,
  type OpenAiUsage,
} from './write-openai-chat-response.js';
export { ollamaChatChunks, ollamaChatResponse, ollamaContentLine, ollamaDoneReason, type OllamaChatResponse, type OllamaChatResponseOptions, type OllamaToolCall } from './write-ollama-chat-response.js';
export {
  runGatewayChat,
  type GatewayChatAnswer,
  type GatewayChatDependencies,
  type GatewayChatInput,
  type GatewayChatReport,
  type GatewayChatResult,
  type GatewayOutcome,
  type GatewayStreamOptions,
  type GatewayUpstreamFailure,
} from './gateway-chat.js';
export { AnswerBudget, MemoryPool } from './answer-budget.js';
export { ArgumentsWatch, type WatchedMember } from './arguments-watch.js';
export { ContentHoldback } from './content-holdback.js';
export { REFUSED_CALLS_CLOSE, REFUSED_CALLS_OPEN, refusalReason, refusedCalls, refusedCallsText, type RefusalReason, type RefusedCall } from './refused-call.js';
export { StreamingCallJudge, type EarlyAbort, type EarlyAbortReason } from './streaming-call-judge.js';
export { WireNamedRegistry, type ToolNameMaps } from './wire-named-registry.js';
export * from './fronts/index.js';
export { base64Image, imageFromUrl } from './image-from-url.js';
export { excerpt, requestError, toolError } from './gateway-request-error.js';
