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
}

/** Voice: 2 retrievals per turn; text: no limit; tokens live 5 minutes; 100 results kept; up to `standard`. */
export const DEFAULT_EXECUTION_POLICY: ExecutionPolicy = Object.freeze({
  retrievalBudgetPerTurn: Object.freeze({ text: null, voice: 2 }),
  confirmationTtlMs: 5 * 60_000,
  idempotencyHistory: 100,
  maxIsolation: 'standard',
});
