import type { ICorrelationContext } from '@acode/application';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Longest correlation id accepted from a caller; longer ones are replaced, since ids end up in every log line. */
const MAX_CORRELATION_ID_LENGTH = 128;

/** Ids a caller may hand in (from an HTTP header, say): printable ASCII, no spaces. */
const CORRELATION_ID_PATTERN = /^[\x21-\x7e]+$/;

/**
 * The correlation id of the current operation (BP-011), carried across `await`, timers and
 * callbacks by `AsyncLocalStorage`, so concurrent operations never see each other's id.
 */
export class AsyncLocalCorrelationContext implements ICorrelationContext {
  private readonly storage = new AsyncLocalStorage<string>();

  /** @param newId Makes a fresh id; `crypto.randomUUID` unless a test needs predictable ids. */
  constructor(private readonly newId: () => string = randomUUID) {}

  /** The id of the running operation, or a fresh id (not remembered) when none is running. */
  current(): string {
    return this.storage.getStore() ?? this.newId();
  }

  /** The id of the running operation, or `undefined` outside one; for log lines, which must not invent ids. */
  active(): string | undefined {
    return this.storage.getStore();
  }

  /**
   * Runs `fn` with `id` as the current correlation id; a fresh id when `id` is absent, empty,
   * longer than 128 characters or not printable ASCII, since ids may come from outside.
   */
  run<T>(fn: () => T, id?: string): T {
    const accepted = id !== undefined && id.length <= MAX_CORRELATION_ID_LENGTH && CORRELATION_ID_PATTERN.test(id) ? id : this.newId();
    return this.storage.run(accepted, fn);
  }
}
