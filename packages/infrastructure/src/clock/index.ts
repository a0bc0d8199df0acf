/**
 * `@acode/infrastructure/clock`: `SystemClock` and `MONOTONIC_CLOCK` (`performance.now()`). No optional peer needed.
 *
 * @packageDocumentation
 */
export { SystemClock } from './system-clock.js';
export { MONOTONIC_CLOCK } from './monotonic-clock.js';
