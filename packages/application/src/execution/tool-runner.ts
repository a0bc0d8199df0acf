import type { InteractionMode, JsonObject, SandboxIsolationLevel, SessionState, ToolFailure, ToolHandlerResult } from '@acode/domain';
import type { CatalogTool } from './tool-catalog.js';

/**
 * The serialisable facts a handler's context is built from, in whatever process the handler
 * runs in (see `ToolHandlerContext` in the domain for what the handler then sees).
 */
export interface ToolRunContextData {
  readonly mode: InteractionMode;
  readonly executionId: string;
  readonly tool: { readonly name: string; readonly version: string; readonly idempotent: boolean };
  readonly session: { readonly id: string; readonly registryVersion: string; readonly state: SessionState };
  /** Epoch milliseconds by which the run must be done. */
  readonly deadline: number;
  /** Absolute path file tools are confined to. */
  readonly workspaceRoot: string;
  /** Workspace-relative paths tools may not write, besides the built-in ones (`execution.protected_paths`). */
  readonly protectedPaths?: readonly string[];
  /** Names of host variables handlers get besides the base allowlist (`execution.handler_env`); names only, never values. */
  readonly handlerEnv?: readonly string[];
}

/** One handler run, as the executor asks a runner for it. */
export interface ToolRunRequest {
  readonly tool: CatalogTool;
  /** Validated arguments, defaults applied, clamps applied. */
  readonly args: JsonObject;
  readonly context: ToolRunContextData;
  /** The run is aborted after this many milliseconds (`maxExecutionTimeMs`). */
  readonly timeoutMs: number;
  /** Output beyond this many bytes of JSON is cut (`maxOutputSizeBytes`). */
  readonly maxOutputBytes: number;
  /** The caller's cancellation. */
  readonly signal?: AbortSignal;
  /** Receives the handler's `context.audit.log` events (relayed from a child process). */
  readonly audit: (event: string, data: JsonObject) => void;
}

/** How a run ended, before the executor wraps it in the envelope. */
export type ToolRunOutcome =
  /** The handler returned a well-formed result. `data` is already cut when `outputTruncated` is set. */
  | { readonly kind: 'returned'; readonly result: ToolHandlerResult; readonly outputTruncated?: { readonly originalBytes: number; readonly limitBytes: number } }
  /** The handler threw a `ToolError` (or its shape); kept with its type. */
  | { readonly kind: 'tool-error'; readonly error: ToolFailure }
  /** The handler threw something else, returned a malformed result, or its process died. `detail` is for logs only. */
  | { readonly kind: 'crashed'; readonly detail: string }
  /** The run passed `timeoutMs` and was aborted (a child process is killed). */
  | { readonly kind: 'timeout' }
  /** The caller's signal aborted the run. */
  | { readonly kind: 'cancelled' }
  /** The handler could not be started: its file is missing or changed since the build. Nothing ran. */
  | { readonly kind: 'unavailable'; readonly message: string };

/**
 * Runs handlers at one isolation level (001 §4.7): `none` in this process, `standard` in a child
 * process with the time and output limits. The executor picks the runner whose level equals the
 * tool's `requiredIsolation` and refuses the tool when none can provide it.
 */
export interface IToolRunner {
  /** The isolation this runner provides. */
  readonly isolation: SandboxIsolationLevel;
  /** Runs one handler. Never throws: every ending is an outcome. */
  run(request: ToolRunRequest): Promise<ToolRunOutcome>;
}
