import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshThrottle } from '../../page/src/live/refresh-throttle.js';

// The live view reads its figures again after pushed calls: a short quiet time after the last one,
// at most once a second while they keep coming (a pure debounce would never read them during a
// steady stream of calls), and once after the last call.

describe('the refresh of the live figures after pushed calls', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());

  it('reads once, a quiet time after a burst', () => {
    const run = vi.fn();
    const throttle = refreshThrottle(run, 300, 1000);
    throttle.call();
    vi.advanceTimersByTime(100);
    throttle.call();
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('reads about once a second while calls keep coming faster than the quiet time, then once after the last', () => {
    const run = vi.fn();
    const times: number[] = [];
    run.mockImplementation(() => times.push(Date.now() - 1_000_000));
    const throttle = refreshThrottle(run, 300, 1000);
    // A call every 200 ms for 3 s.
    for (let t = 0; t < 3000; t += 200) {
      throttle.call();
      vi.advanceTimersByTime(200);
    }
    // Read during the stream, not only after it.
    expect(times.filter((time) => time < 3000).length).toBeGreaterThanOrEqual(2);
    expect(times[0]).toBeLessThanOrEqual(1000);
    vi.advanceTimersByTime(2000);
    // Never twice within a second, and the last read after the last call (at 2800 ms).
    for (let index = 1; index < times.length; index++) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1000);
    expect(times.at(-1)).toBeGreaterThan(2800);
  });

  it('reads nothing once cancelled', () => {
    const run = vi.fn();
    const throttle = refreshThrottle(run, 300, 1000);
    throttle.call();
    throttle.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
