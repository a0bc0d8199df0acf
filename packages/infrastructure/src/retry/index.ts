/**
 * `@acode/infrastructure/retry`: the tool-call retry handler (`ToolCallRetryHandler`) and its circuit breaker.
 * No optional peer needed.
 *
 * @packageDocumentation
 */
export { backoffDelayMs, MAX_BACKOFF_DELAY_MS, sleepWithSignal } from './retry-backoff.js';
export {
  DEFAULT_RETRY_CIRCUIT_BREAKER_OPTIONS,
  MAX_TRACKED_PAIRS,
  RetryCircuitBreaker,
  type RetryCircuitBreakerOptions,
  type RetryCircuitState,
} from './retry-circuit-breaker.js';
export { fillRetryPrompt, MAX_RETRY_ERROR_MESSAGE_LENGTH, MAX_RETRY_MALFORMED_JSON_LENGTH, retryPromptValues, unknownToolPromptValues, type RetryPromptValues } from './retry-prompt.js';
export { argumentsFromContent, buildRetryRequest, type FailedCallEcho } from './retry-request.js';
export { droppedCallErrors, parseAnswer } from './parse-answer.js';
export { shareUsage } from './share-usage.js';
export type { RetrySleep, ToolCallHandlingRequest, ToolCallHandlingResult, ToolCallReport, ToolCallTimings } from './tool-call-handling.js';
export { NEVER_RETRIED_CODES, ToolCallRetryHandler, type ToolCallRetryHandlerDependencies } from './tool-call-retry-handler.js';
