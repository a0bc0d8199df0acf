import type { ChatMessage, JsonValue } from '@acode/domain';

/** What the host keeps of one Responses answer: the conversation up to and including it, and the response object `GET /v1/responses/{id}` returns. */
export interface StoredResponse {
  /** Every message of the conversation, the answer's own turn last: what a later `previous_response_id` continues. */
  readonly conversation: readonly ChatMessage[];
  /** The response object as the client received it. */
  readonly response: JsonValue;
}

/** Bounds of {@link StoredResponses}. */
export interface StoredResponsesOptions {
  /** Most responses kept; the oldest go first. 1,000 by default. */
  readonly maxEntries?: number;
  /** Most bytes (UTF-16 code units × 2 of their JSON) kept in all; the oldest go first. 64 MiB by default. */
  readonly maxBytes?: number;
  /** How long one is kept after it was written. 1 hour by default. */
  readonly ttlMs?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/**
 * Responses the gateway answered with `store` left on (the API's default), for
 * `previous_response_id` and `GET /v1/responses/{id}`: kept in this process, bounded in number,
 * bytes and age, the oldest dropped first. A response not found (never stored, expired, dropped,
 * or kept by another host) is the client's to resend in full, as with the API's own expiry.
 */
export class StoredResponses {
  readonly #entries = new Map<string, { readonly stored: StoredResponse; readonly bytes: number; readonly expires: number }>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: StoredResponsesOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#ttlMs = options.ttlMs ?? 3_600_000;
    this.#now = options.now ?? Date.now;
  }

  /** The response of `id`, when still kept. */
  get(id: string): StoredResponse | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.#now()) {
      this.#drop(id);
      return undefined;
    }
    return entry.stored;
  }

  /** Keeps `stored` under `id`; one larger than the whole bound is not kept. */
  put(id: string, stored: StoredResponse): void {
    const bytes = 2 * (JSON.stringify(stored.conversation).length + JSON.stringify(stored.response).length);
    this.#drop(id);
    if (bytes > this.#maxBytes) return;
    this.#entries.set(id, { stored, bytes, expires: this.#now() + this.#ttlMs });
    this.#bytes += bytes;
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest);
    }
  }

  /** How many are kept. */
  get size(): number {
    return this.#entries.size;
  }

  #drop(id: string): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }
}
