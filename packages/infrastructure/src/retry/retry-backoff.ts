import type { RetrySleep } from './tool-call-handling.js';

/** Longest single backoff wait, whatever the settings multiply to. */
export const MAX_BACKOFF_DELAY_MS = 60_000;

/**
 * Delay before retry `retry` (1, 2, 3...): `baseDelayMs * 2^(retry - 1)`, so 100 ms gives
 * 100, 200, 400 (002 threat 5), capped at {@link MAX_BACKOFF_DELAY_MS}.
 */
export function backoffDelayMs(baseDelayMs: number, retry: number): number {
  const delay = baseDelayMs * 2 ** Math.max(0, retry - 1);
  return Number.isFinite(delay) ? Math.min(Math.max(0, delay), MAX_BACKOFF_DELAY_MS) : MAX_BACKOFF_DELAY_MS;
}

/**
 * The real {@link RetrySleep}: a timer that an abort clears at once. It rejects with the
 * signal's reason; the handler turns that into ACODE-MDL-007.
 */
export const sleepWithSignal: RetrySleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
