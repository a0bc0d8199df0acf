/**
 * Carries the correlation id of the current operation across async calls (BP-011). Infrastructure
 * implements it with AsyncLocalStorage.
 */
export interface ICorrelationContext {
  /** The current id, or a new one when no operation is running. */
  current(): string;
  /** Runs `fn` with `id` (or a new id) as the current correlation id. */
  run<T>(fn: () => T, id?: string): T;
}
