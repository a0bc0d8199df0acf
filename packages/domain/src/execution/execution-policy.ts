import type { InteractionMode } from '../interaction-mode.js';
import type { SandboxIsolationLevel } from '../sandbox-isolation-level.js';

/** The executor's policies that are not per tool (003 "Orchestrator Policy Enforcement"). */
export interface ExecutionPolicy {
  /** Retrieval-kind runs allowed per turn, by mode; `null` for no limit. */
  readonly retrievalBudgetPerTurn: Readonly<Record<InteractionMode, number | null>>;
  /** How long a confirmation token stays valid, in milliseconds. */
  readonly confirmationTtlMs: number;
  /** Results kept per session for idempotent replay by execution id. */
  readonly idempotencyHistory: number;
  /** The strongest isolation this executor can provide; a tool asking for more is refused. */
  readonly maxIsolation: SandboxIsolationLevel;
  /**
   * Permissions the configuration grants (001 `requiredPermissions`): a tool runs only when every
   * permission it requires is granted. An entry is an exact permission (`tool.filesystem.read`),
   * a prefix ending in `.*` (`tool.git.*`), or `*` for all.
   */
  readonly grantedPermissions: readonly string[];
  /**
   * Retries of an idempotent tool's retryable `TRANSIENT` failure, by mode (003: text may retry
   * once; voice never, its latency budget is too tight).
   */
  readonly transientRetries: Readonly<Record<InteractionMode, number>>;
  /** Wait before such a retry, in milliseconds. */
  readonly transientRetryBackoffMs: number;
}

/**
 * What the shipped core tools require (`requiredPermissions` of file_read, file_write,
 * directory_list, command_execute, git_status, git_diff, git_commit): granted by default, so they
 * keep working without configuration. Anything else must be granted in
 * `execution.granted_permissions`.
 */
export const DEFAULT_GRANTED_PERMISSIONS: readonly string[] = Object.freeze([
  'tool.filesystem.read',
  'tool.filesystem.write',
  'tool.process.execute',
  'tool.git.read',
  'tool.git.write',
]);

/**
 * Retrievals per turn: voice 2, text 5 (003: voice answers after at most two searches, text
 * allows deeper retrieval, 3-5 calls); tokens live 5 minutes; 100 results kept; up to
 * `standard`; the core tools' permissions granted; one retry of an idempotent transient failure
 * in text mode after 200 ms, none in voice.
 */
export const DEFAULT_EXECUTION_POLICY: ExecutionPolicy = Object.freeze({
  retrievalBudgetPerTurn: Object.freeze({ text: 5, voice: 2 }),
  confirmationTtlMs: 5 * 60_000,
  idempotencyHistory: 100,
  maxIsolation: 'standard',
  grantedPermissions: DEFAULT_GRANTED_PERMISSIONS,
  transientRetries: Object.freeze({ text: 1, voice: 0 }),
  transientRetryBackoffMs: 200,
});

/** Whether `permission` is granted by one of `granted` (exact, `prefix.*`, or `*`). */
export function isPermissionGranted(permission: string, granted: readonly string[]): boolean {
  return granted.some((entry) => entry === '*' || entry === permission || (entry.endsWith('.*') && permission.startsWith(entry.slice(0, -1))));
}
