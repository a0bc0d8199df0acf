import type { InteractionMode } from '../interaction-mode.js';
import type { JsonObject, JsonValue } from '../json-value.js';
import type { SessionState } from './session-state.js';
import type { ToolErrorType } from './tool-error-type.js';
import type { ToolIntent } from './tool-intent.js';

/** What a handler returns (003): data and intents, or an expected failure. */
export type ToolHandlerResult =
  | { readonly ok: true; readonly data: JsonValue; readonly intents?: readonly ToolIntent[] }
  | {
      readonly ok: false;
      readonly error: {
        readonly type: ToolErrorType;
        readonly message: string;
        readonly retryable?: boolean;
        readonly partialSideEffects?: boolean;
        readonly suggestion?: string;
        readonly details?: JsonObject;
      };
    };

/** The audit capability: an event name and facts, written to the log with the execution id. */
export interface AuditLog {
  log(event: string, data?: JsonObject): void;
}

/**
 * What a resolved path is for: `read` refuses paths acode keeps out of tools' sight (`.agent/`:
 * the configuration and the telemetry database); `write` also refuses the controls of the tool
 * system itself (`tools/`, `tool_registry.json`, `.git/` and the configured protected paths).
 */
export type WorkspaceAccessKind = 'read' | 'write';

/**
 * The workspace capability: file tools see paths only through it. `resolve` refuses (throws a
 * `ToolError` of type `POLICY_DENIED`) any path that is, or through a symlink leads, outside
 * `root`, or that is protected for the access asked (`write` when none is named).
 */
export interface WorkspaceAccess {
  /** Absolute, real path of the workspace root. */
  readonly root: string;
  /**
   * The absolute real path of `path` (relative paths are taken from `root`). For a path that
   * does not exist yet (a file to write), its nearest existing parent is the one checked.
   */
  resolve(path: string, access?: WorkspaceAccessKind): Promise<string>;
}

/**
 * Everything a handler is given besides its arguments: read-only facts and capabilities, no
 * raw transports (003's capabilities pattern). Built anew for every run, in the process the
 * handler runs in.
 */
export interface ToolHandlerContext {
  /** The session's mode. */
  readonly mode: InteractionMode;
  /** This run's execution id. */
  readonly executionId: string;
  /** The tool being run. */
  readonly tool: { readonly name: string; readonly version: string; readonly idempotent: boolean };
  /** The session: id, pinned registry version and a frozen snapshot of its state. */
  readonly session: { readonly id: string; readonly registryVersion: string; readonly state: SessionState };
  /** Aborted when the run passes its time limit or the caller cancels; handlers must stop then. */
  readonly signal: AbortSignal;
  /** Epoch milliseconds by which the run must be done. */
  readonly deadline: number;
  readonly audit: AuditLog;
  readonly workspace: WorkspaceAccess;
  /**
   * The environment a handler passes to processes it starts: an allowlist (`PATH`, `HOME`,
   * `LANG`, `TZ`, `TMPDIR` and the names `execution.handler_env` adds), never the host's own.
   * Optional for hosts built before it existed; handlers fall back to the same allowlist.
   */
  readonly environment?: Readonly<Record<string, string>>;
}

/** What a handler module exports as `execute` (003). Arguments are validated, with defaults applied. */
export type ToolHandler = (input: { readonly args: JsonObject; readonly context: ToolHandlerContext }) => Promise<ToolHandlerResult> | ToolHandlerResult;
