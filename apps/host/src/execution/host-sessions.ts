import type { IToolExecutor, IToolSession } from '@acode/application';
import type { InteractionMode } from '@acode/domain';

/** Limits of the host's session table. */
export interface HostSessionLimits {
  /** Most sessions kept at once; opening one more evicts the least recently used. */
  readonly maxSessions: number;
  /** A session unused this long is dropped, in milliseconds. */
  readonly idleTtlMs: number;
}

/** 1,000 sessions, dropped after an hour without a request. */
export const DEFAULT_HOST_SESSION_LIMITS: HostSessionLimits = Object.freeze({ maxSessions: 1_000, idleTtlMs: 60 * 60_000 });

interface Entry {
  readonly session: IToolSession;
  lastUsedMs: number;
}

/**
 * The execution sessions opened over HTTP, in memory. A session pins the registry version it
 * opened with and owns its state and turn count (the executor's `IToolSession`); its confirmation
 * tokens and stored results live in the executor's store, keyed by the session id. The table is
 * bounded: idle sessions expire, and at the cap the least recently used one makes room, so no
 * client can grow the host's memory without limit.
 */
export class HostSessions {
  readonly #executor: IToolExecutor;
  readonly #limits: HostSessionLimits;
  readonly #now: () => number;
  /** Insertion order is recency order: a use re-inserts the entry. */
  readonly #entries = new Map<string, Entry>();

  constructor(executor: IToolExecutor, options: { readonly limits?: Partial<HostSessionLimits>; readonly now?: () => number } = {}) {
    this.#executor = executor;
    this.#limits = { ...DEFAULT_HOST_SESSION_LIMITS, ...options.limits };
    this.#now = options.now ?? Date.now;
  }

  /** The executor the sessions run their calls through. */
  get executor(): IToolExecutor {
    return this.#executor;
  }

  /** Sessions held now (expired ones included until the next open or look-up drops them). */
  get size(): number {
    return this.#entries.size;
  }

  /** Opens a session in `mode`; returns it and the id of a session evicted to make room, if any. */
  open(mode: InteractionMode): { readonly session: IToolSession; readonly evicted?: string } {
    const now = this.#now();
    this.#dropExpired(now);
    let evicted: string | undefined;
    if (this.#entries.size >= this.#limits.maxSessions) {
      evicted = this.#entries.keys().next().value;
      if (evicted !== undefined) this.#entries.delete(evicted);
    }
    const session = this.#executor.openSession({ mode });
    this.#entries.set(session.id, { session, lastUsedMs: now });
    return evicted === undefined ? { session } : { session, evicted };
  }

  /** The session with `id`, marked as used now; `undefined` when unknown or expired. */
  get(id: string): IToolSession | undefined {
    const now = this.#now();
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    this.#entries.delete(id);
    if (now - entry.lastUsedMs > this.#limits.idleTtlMs) return undefined;
    entry.lastUsedMs = now;
    this.#entries.set(id, entry);
    return entry.session;
  }

  #dropExpired(now: number): void {
    // Recency order: the first entry still fresh ends the scan.
    for (const [id, entry] of this.#entries) {
      if (now - entry.lastUsedMs <= this.#limits.idleTtlMs) break;
      this.#entries.delete(id);
    }
  }
}
