/**
 * `@acode/infrastructure/execution`: tool runners (in process, child process), workspace confinement and the
 * SQLite store of confirmation tokens and results. Node only (`node:child_process`).
 *
 * Needs the optional peer dependency `better-sqlite3` (the store's driver, loaded with this entry):
 * install it next to this package before importing this entry.
 *
 * @packageDocumentation
 */
export { AUDIT_EVENT_NAME_PATTERN, INVALID_AUDIT_EVENT_NAME, MAX_AUDIT_DATA_BYTES, MAX_AUDIT_EVENTS_PER_RUN, sanitizeAuditEvent, type AuditEvent } from './audit-event.js';
export { CHILD_MAX_OLD_SPACE_MB, ChildProcessToolRunner, MAX_CAPTURED_OUTPUT_BYTES, type ChildProcessToolRunnerOptions } from './child-process-tool-runner.js';
export { createHandlerContext, type HandlerContextCapabilities } from './create-handler-context.js';
export { findJsonProblem } from './find-json-problem.js';
export { outcomeOfReturn, outcomeOfThrow } from './handler-outcome.js';
export { InMemoryToolExecutionStore } from './in-memory-tool-execution-store.js';
export { InProcessToolRunner, type InProcessToolRunnerOptions } from './in-process-tool-runner.js';
export { jsonByteLength, limitOutput, type LimitedOutput, type OutputTruncation } from './limit-output.js';
export { loadHandler, type HandlerLoading } from './load-handler.js';
export { RandomIdGenerator } from './random-id-generator.js';
export {
  MAX_HANDLER_FACT_BYTES,
  MAX_HANDLER_INTENTS,
  MAX_INTENT_TYPE_LENGTH,
  readHandlerResult,
  readHandlerThrow,
  type HandlerResultReading,
  type HandlerThrowReading,
} from './read-handler-result.js';
export { registerTypeScriptHooks, TYPESCRIPT_HOOKS_ENTRY_URL } from './register-typescript-hooks.js';
export { SqliteToolExecutionStore } from './sqlite-tool-execution-store.js';
export { SystemWallClock } from './system-wall-clock.js';
export { verifyHandlerFile } from './verify-handler-file.js';
export { createWorkspaceAccess, MAX_WORKSPACE_PATH_LENGTH } from './workspace-access.js';
