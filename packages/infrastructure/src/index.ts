/**
 * `@acode/infrastructure`: the strict tool schema registry, the schema compiler and validator, the
 * tool-call parser, the JSON repairer, the streaming accumulator and the retry handler, with the
 * small ports implementations needed to build them and the plain entry points
 * (`createToolRegistry`, `createToolCallParser`, `parseToolCalls`).
 *
 * This entry is light: it loads no DI container, no `reflect-metadata`, no winston, no SQLite
 * driver, no YAML parser and no `node:child_process`. Every class takes its ports through its
 * constructor. The rest lives in subpath entries, each with its types:
 *
 * - `/repair`, `/parse`, `/validate`, `/schema`, `/registry`, `/stream`, `/retry`: each area whole;
 * - `/model-clients`, `/provider-schemas`, `/providers`, `/config` (uses `yaml`), `/metrics`,
 *   `/correlation`, `/clock`;
 * - `/tool-folders` (Node only, `node:child_process`), `/execution` (Node only, optional peer
 *   `better-sqlite3`), `/telemetry` (optional peer `better-sqlite3`), `/logging` (optional peer
 *   `winston`);
 * - `/testing`: the scripted model server.
 *
 * The tsyringe wiring of the apps is `@acode/composition`.
 *
 * @packageDocumentation
 */

// The registry and its compiler.
export { ToolSchemaRegistry } from './registry/tool-schema-registry.js';
export { CfworkerSchemaCompiler, PARAMETERS_PATH } from './schema/cfworker-schema-compiler.js';
export { CompiledToolSchema } from './schema/compiled-tool-schema.js';

// The validator of argument text.
export { parseArguments, type ParseArgumentsLimits, type ParseArgumentsResult } from './validation/parse-arguments.js';

// The tool-call parser.
export { MAX_LISTED_TOOL_NAMES, ToolCallParser } from './tool-calls/tool-call-parser.js';
export { createToolCallSettingsCatalog } from './tool-calls/tool-call-settings-catalog.js';

// The JSON repairer.
export { JsonRepairer } from './repair/json-repairer.js';
export { DEFAULT_REPAIR_TIMEOUT_MS, MAX_REPAIR_INPUT_LENGTH, repairJson, type RepairJsonOptions } from './repair/repair-json.js';

// The streaming accumulator.
export { accumulateStream, type StreamChunks } from './streaming/accumulate-stream.js';
export {
  DEFAULT_MAX_LINE_BYTES,
  MAX_STREAM_ERRORS,
  type StreamAccumulation,
  type StreamingAccumulatorOptions,
  type StreamUsage,
} from './streaming/stream-accumulation.js';
export { NO_CALL_INDEX } from './streaming/stream-errors.js';
export { detectStreamFormat, type StreamFormat } from './streaming/stream-format.js';
export { StreamingToolCallAccumulator } from './streaming/streaming-tool-call-accumulator.js';

// The retry handler.
export {
  DEFAULT_RETRY_CIRCUIT_BREAKER_OPTIONS,
  RetryCircuitBreaker,
  type RetryCircuitBreakerOptions,
  type RetryCircuitState,
} from './retry/retry-circuit-breaker.js';
export type { RetrySleep, ToolCallHandlingRequest, ToolCallHandlingResult, ToolCallReport, ToolCallTimings } from './retry/tool-call-handling.js';
export { NEVER_RETRIED_CODES, ToolCallRetryHandler, type ToolCallRetryHandlerDependencies } from './retry/tool-call-retry-handler.js';

// Ports implementations needed to construct the classes above.
export { SystemClock } from './clock/system-clock.js';
export { InMemoryMetrics, type InMemoryMetricsOptions } from './metrics/in-memory-metrics.js';
export { AsyncLocalCorrelationContext } from './correlation/async-local-correlation-context.js';

// The plain entry points, without a DI container.
export * from './library/index.js';
