import { ModelClientException, type AnswerMemory } from '@acode/application';
import { ERROR_CODES, formatByteSize } from '@acode/domain';

/**
 * The memory all the gateway's answers may hold together (`gateway.max_total_buffered_bytes`):
 * one per host, shared by every request's {@link AnswerBudget}. A hostile or broken upstream can
 * then cost the host at most this much, however many answers it streams at once.
 */
export class MemoryPool {
  readonly limit: number;
  #used = 0;

  /** @throws RangeError for a limit that is not a positive integer (a programming error). */
  constructor(limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${String(limit)}`);
    this.limit = limit;
  }

  /** Bytes claimed now by every answer. */
  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` when they fit; false (nothing taken) when they would pass the limit. */
  tryTake(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back `bytes` taken before. */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/**
 * What one gateway request's answers may hold in memory (`gateway.max_buffered_bytes`), drawn
 * from the host's {@link MemoryPool}: text held back as a possible call, a retry's text, call
 * arguments, a line not yet ended, a whole (non-streamed) answer. Text forwarded to the client as
 * it streams is not held, so it costs nothing. A claim past either limit throws ACODE-GTW-006, which
 * stops the upstream request; the client sees that error. {@link close} gives everything back.
 */
export class AnswerBudget implements AnswerMemory {
  readonly limit: number;
  readonly #pool: MemoryPool | undefined;
  readonly #provider: string;
  #used = 0;
  #peak = 0;
  #closed = false;

  /**
   * @param limit the request's own limit, in bytes.
   * @param pool the host's shared pool; none means only `limit` applies.
   * @param provider the upstream's name, carried by the error as every model-client error carries it.
   */
  constructor(limit: number, pool?: MemoryPool, provider = 'gateway') {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${String(limit)}`);
    this.limit = limit;
    this.#pool = pool;
    this.#provider = provider;
  }

  /** Bytes this request holds now. */
  get used(): number {
    return this.#used;
  }

  /** The most this request held at once. */
  get peak(): number {
    return this.#peak;
  }

  claim(bytes: number): void {
    if (bytes <= 0 || this.#closed) return;
    if (this.#used + bytes > this.limit) {
      throw new ModelClientException(
        ERROR_CODES.GATEWAY_BUFFER_LIMIT,
        `The upstream's answer needs more than ${formatByteSize(this.limit)} of memory in the gateway (gateway.max_buffered_bytes); it was cut there`,
        { provider: this.#provider },
      );
    }
    if (this.#pool !== undefined && !this.#pool.tryTake(bytes)) {
      throw new ModelClientException(
        ERROR_CODES.GATEWAY_BUFFER_LIMIT,
        `The gateway's answers together hold ${formatByteSize(this.#pool.limit)} of memory (gateway.max_total_buffered_bytes); this answer was cut to keep the host alive, retry shortly`,
        { provider: this.#provider },
      );
    }
    this.#used += bytes;
    if (this.#used > this.#peak) this.#peak = this.#used;
  }

  release(bytes: number): void {
    if (bytes <= 0 || this.#closed) return;
    const given = Math.min(bytes, this.#used);
    this.#used -= given;
    this.#pool?.give(given);
  }

  /** Gives everything back to the pool: the request is over. Idempotent; later claims are ignored. */
  close(): void {
    if (this.#closed) return;
    this.#pool?.give(this.#used);
    this.#used = 0;
    this.#closed = true;
  }
}
