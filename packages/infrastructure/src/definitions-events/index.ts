/**
 * `@acode/infrastructure/definitions-events`: the tool-definition events of 001 §11 in memory
 * (`ToolDefinitionEventBus`), their subscribers (001 §8's `[TLS-DEF]` log lines and
 * `acode_tool_definitions_*` metrics, with the failure and per-category helpers the use cases
 * call) and the server-sent event encoding for an event stream. No optional peer needed.
 *
 * @packageDocumentation
 */
export { ToolDefinitionEventBus } from './tool-definition-event-bus.js';
export { DEFINITION_LOG_TAG, logDefinitionValidationFailure, subscribeDefinitionLogLines } from './definition-log-lines.js';
export { countDefinitionsByCategory, recordDefinitionValidationFailure, setDefinitionsByCategory, subscribeDefinitionMetrics } from './definition-metrics.js';
export { SSE_KEEP_ALIVE, TOOL_DEFINITION_EVENT_TYPES, toServerSentEvent } from './server-sent-event.js';
export { DEFINITION_METRIC_NAMES } from '../metrics/metric-help.js';
