/** What a request's deadline signal aborts with: tells a deadline from a client that hung up. */
const DEADLINE_REASON: unique symbol = Symbol('gateway.request_timeout_ms passed');

/** The overall deadline of one gateway request (`gateway.request_timeout_ms`). */
export interface RequestDeadline {
  /** Aborts when the deadline passes. */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Stops the timer (the request is over). */
  clear(): void;
}

/**
 * Starts the deadline of a request that arrived now. The idle timeout (`timeout_ms`) only bounds
 * the upstream's silences: a stream trickling a chunk now and then would otherwise never end.
 */
export function startRequestDeadline(timeoutMs: number): RequestDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(DEADLINE_REASON), timeoutMs);
  // The deadline never keeps the process alive on its own.
  timer.unref();
  return { signal: controller.signal, timeoutMs, clear: () => clearTimeout(timer) };
}

/** Whether `signal` (a request's, or one combined with it) aborted because the deadline passed. */
export function deadlinePassed(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason === DEADLINE_REASON;
}
