import type { ConfirmationBinding, ConfirmationCheck, ConfirmationGrant, IToolExecutionStore, StoredExecution } from '@acode/application';
import { checkConfirmation, EXPIRED_TOKEN_RETENTION_MS, type StoredConfirmation } from './check-confirmation.js';
import { normaliseKeep } from './normalise-keep.js';
import { sha256Hex } from './sha256-hex.js';

/**
 * Confirmation tokens and results by execution id in this process's memory (a host's sessions,
 * tests). Same rules as the SQLite store: tokens kept as digests, single use, a mismatch leaves a
 * token unused; results copied in and out, the last `keep` per session. JavaScript runs one call
 * at a time, so each method is atomic as it is.
 */
export class InMemoryToolExecutionStore implements IToolExecutionStore {
  readonly #tokens = new Map<string, StoredConfirmation & { usedAtMs: number | null }>();
  /** Per session, results in the order saved (a Map keeps insertion order). */
  readonly #executions = new Map<string, Map<string, StoredExecution>>();

  saveConfirmation(grant: ConfirmationGrant): void {
    for (const [digest, token] of this.#tokens) {
      if (token.expiresAtMs < grant.createdAtMs - EXPIRED_TOKEN_RETENTION_MS) this.#tokens.delete(digest);
    }
    this.#tokens.set(sha256Hex(grant.token), {
      sessionId: grant.sessionId,
      tool: grant.tool,
      argsSha256: sha256Hex(grant.argsCanonical),
      expiresAtMs: grant.expiresAtMs,
      usedAtMs: null,
    });
  }

  consumeConfirmation(token: string, binding: ConfirmationBinding, nowEpochMs: number): ConfirmationCheck {
    const stored = this.#tokens.get(sha256Hex(token));
    const check = checkConfirmation(stored, binding, sha256Hex(binding.argsCanonical), nowEpochMs);
    if (check === 'accepted' && stored !== undefined) stored.usedAtMs = nowEpochMs;
    return check;
  }

  findExecution(sessionId: string, executionId: string): StoredExecution | undefined {
    const found = this.#executions.get(sessionId)?.get(executionId);
    return found === undefined ? undefined : structuredClone(found);
  }

  saveExecution(sessionId: string, executionId: string, execution: StoredExecution, keep: number): void {
    let session = this.#executions.get(sessionId);
    if (session === undefined) {
      session = new Map();
      this.#executions.set(sessionId, session);
    }
    // Deleted first so a saved-again id counts as the newest.
    session.delete(executionId);
    session.set(executionId, structuredClone(execution));
    const excess = session.size - normaliseKeep(keep);
    for (const oldest of [...session.keys()].slice(0, Math.max(0, excess))) session.delete(oldest);
  }

  /** Drops everything; the store stays usable (the contract's `close`). */
  close(): void {
    this.#tokens.clear();
    this.#executions.clear();
  }
}
