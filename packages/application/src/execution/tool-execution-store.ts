import type { ToolResponse } from '@acode/domain';

/** What a confirmation token is bound to: the session, the tool and the exact arguments. */
export interface ConfirmationBinding {
  readonly sessionId: string;
  /** Canonical tool name. */
  readonly tool: string;
  /** Canonical JSON of the validated arguments (`canonicalJson` in the domain); stores keep a hash of it. */
  readonly argsCanonical: string;
}

/** A token handed out with a `CONFIRMATION_REQUIRED` error. */
export interface ConfirmationGrant extends ConfirmationBinding {
  /** The token as given to the user; stores keep only a hash of it. */
  readonly token: string;
  readonly createdAtMs: number;
  readonly expiresAtMs: number;
}

/** What presenting a token found. Only `accepted` lets the run go ahead, and it uses the token up. */
export type ConfirmationCheck = 'accepted' | 'unknown' | 'used' | 'expired' | 'mismatch';

/** A stored result, replayed for a repeated execution id. */
export interface StoredExecution {
  readonly tool: string;
  /** Canonical JSON of the validated arguments the first run had. */
  readonly argsCanonical: string;
  readonly response: ToolResponse;
}

/**
 * Where confirmation tokens and results by execution id are kept (003: single-use, expiring
 * tokens; idempotency by execution id, the last N results per session). Survives the process
 * when backed by SQLite, so a token printed by one `acode tools exec` works in the next.
 * Methods throw `AcodeException` ACODE-TEX-001 when the store cannot be used.
 */
export interface IToolExecutionStore {
  saveConfirmation(grant: ConfirmationGrant): void;
  /**
   * Checks a token against a binding and, when it matches and is unused and unexpired, marks it
   * used, atomically: two concurrent presentations accept once. A mismatch does not use it up.
   */
  consumeConfirmation(token: string, binding: ConfirmationBinding, nowEpochMs: number): ConfirmationCheck;
  /**
   * The stored result of an execution id. `argsCanonical`, when given, is the canonical text of
   * the arguments the caller has now: a store that keeps only a scrubbed copy of the arguments
   * (secrets are never written to disk) compares it with the hash it kept, and returns it as the
   * stored `argsCanonical` when the hashes match, a text no canonical JSON equals when they do not.
   */
  findExecution(sessionId: string, executionId: string, argsCanonical?: string): StoredExecution | undefined;
  /** Stores a result and drops the session's oldest beyond `keep`. */
  saveExecution(sessionId: string, executionId: string, execution: StoredExecution, keep: number): void;
}
