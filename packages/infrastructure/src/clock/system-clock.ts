import type { IClock } from '@acode/application';
import { performance } from 'node:perf_hooks';

/** `IClock` on `performance.now()`: monotonic, sub-millisecond, unaffected by wall-clock changes. */
export class SystemClock implements IClock {
  /** Milliseconds since the process's time origin. */
  now(): number {
    return performance.now();
  }
}
