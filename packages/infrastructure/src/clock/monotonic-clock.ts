import type { IClock } from '@acode/application';

/**
 * `performance.now()` as an {@link IClock}, without importing `node:perf_hooks` (the global is
 * the same clock), so the repair and parse entry points stay importable anywhere Node's globals are.
 */
export const MONOTONIC_CLOCK: IClock = Object.freeze({ now: () => performance.now() });
