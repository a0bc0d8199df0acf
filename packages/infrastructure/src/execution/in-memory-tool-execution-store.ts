import type { ConfirmationBinding, ConfirmationCheck, ConfirmationGrant, IToolExecutionStore, StoredExecution } from '@acode/application';
import { checkConfirmation, EXPIRED_TOKEN_RETENTION_MS, type StoredConfirmation } from './check-confirmation.js';
import { normaliseKeep } from './normalise-keep.js';
import { sha256Hex } from './sha256-hex.js';

/** Sessions an {@link InMemoryToolExecutionStore} keeps results for unless told otherwise. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/**
 * Confirmation tokens and results by execution id in this process's memory (a host's sessions,
 * tests). Same rules as the SQLite store: tokens kept as digests, single use, a mismatch leaves a
 * token unused; results copied in and out, the last `keep` per session. JavaScript runs one call
 * at a time, so each method is atomic as it is.
 */
export class InMemoryToolExecutionStore implements IToolExecutionStore {
  readonly #tokens = new Map<string, StoredConfirmation & { usedAtMs: number | null }>();
  /** Per session, results in the order saved; sessions in the order last saved to (a Map keeps insertion order). */
  readonly #executions = new Map<string, Map<string, StoredExecution>>();
  readonly #maxSessions: number;

  /** `maxSessions`: sessions whose results are kept (10,000 by default); past it, the one saved to least recently is dropped. */
  constructor(options: { readonly maxSessions?: number } = {}) {
    this.#maxSessions = Math.max(1, Math.floor(options.maxSessions ?? DEFAULT_MAX_SESSIONS));
  }

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
    const session = this.#executions.get(sessionId) ?? new Map<string, StoredExecution>();
    // Re-inserted so the session counts as the most recent; the least recent go past the bound.
    this.#executions.delete(sessionId);
    this.#executions.set(sessionId, session);
    // At most one over the bound (one session was added): dropping the oldest keys needs no copy of them.
    for (const stale of this.#executions.keys()) {
      if (this.#executions.size <= this.#maxSessions) break;
      this.#executions.delete(stale);
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
