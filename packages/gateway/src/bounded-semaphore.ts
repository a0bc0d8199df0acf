/** The outcome of {@link BoundedSemaphore.acquire}: a slot (with its release), or why there is none. */
export type SemaphoreSlot =
  | { readonly ok: true; readonly release: () => void }
  /** `full`: every slot is taken and the queue is full; `aborted`: the signal fired first. */
  | { readonly ok: false; readonly reason: 'full' | 'aborted' };

interface Waiter {
  readonly grant: (slot: SemaphoreSlot) => void;
}

/**
 * At most `limit` holders at once; up to `queueLimit` more wait in arrival order, and any more are
 * refused at once (`full`). A waiter whose signal fires leaves the queue (`aborted`). Releasing
 * hands the slot to the first waiter; each release function works once.
 */
export class BoundedSemaphore {
  limit: number;
  queueLimit: number;
  #active = 0;
  readonly #queue: Waiter[] = [];

  constructor(limit: number, queueLimit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    if (!Number.isSafeInteger(queueLimit) || queueLimit < 0) throw new RangeError(`queueLimit must be a non-negative integer, got ${queueLimit}`);
    this.limit = limit;
    this.queueLimit = queueLimit;
  }

  /**
   * Changes the bounds (a reloaded `gateway.max_concurrent_upstream`) while holders keep their
   * slots: a higher limit hands the new slots to waiters at once; a lower one grants nothing more
   * until enough holders have released. Waiters past a lower queue bound keep their places.
   */
  resize(limit: number, queueLimit: number): void {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    if (!Number.isSafeInteger(queueLimit) || queueLimit < 0) throw new RangeError(`queueLimit must be a non-negative integer, got ${queueLimit}`);
    this.limit = limit;
    this.queueLimit = queueLimit;
    while (this.#active < this.limit && this.#queue.length > 0) {
      this.#active += 1;
      this.#queue.shift()!.grant(this.#slot());
    }
  }

  /** Slots held right now. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.#queue.length;
  }

  /** A slot now, a place in the queue until one is released, or a refusal. */
  acquire(signal?: AbortSignal): Promise<SemaphoreSlot> {
    if (signal?.aborted) return Promise.resolve({ ok: false, reason: 'aborted' });
    if (this.#active < this.limit) {
      this.#active += 1;
      return Promise.resolve(this.#slot());
    }
    if (this.#queue.length >= this.queueLimit) return Promise.resolve({ ok: false, reason: 'full' });
    return new Promise<SemaphoreSlot>((resolve) => {
      const onAbort = (): void => {
        const index = this.#queue.indexOf(waiter);
        if (index !== -1) this.#queue.splice(index, 1);
        resolve({ ok: false, reason: 'aborted' });
      };
      const waiter: Waiter = {
        grant: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  #slot(): SemaphoreSlot {
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        // The slot passes straight to the first waiter (`active` stays the same), unless a lower
        // limit since it was taken means it is one too many.
        const next = this.#active <= this.limit ? this.#queue.shift() : undefined;
        if (next === undefined) this.#active -= 1;
        else next.grant(this.#slot());
      },
    };
  }
}
