/**
 * The plain entry points: a registry, a parser and the repairer without a DI container, each with
 * quiet defaults for its ports (no log lines, no metrics kept).
 */
export { createToolCallParser, type CreateToolCallParserOptions } from './create-tool-call-parser.js';
export { createToolRegistry, type CreateToolRegistryOptions } from './create-tool-registry.js';
export { DISCARD_METRICS } from './discard-metrics.js';
export { MONOTONIC_CLOCK } from '../clock/monotonic-clock.js';
export { parseToolCalls, type ParseToolCallsOptions } from './parse-tool-calls.js';
export { SILENT_LOGGER } from './silent-logger.js';
