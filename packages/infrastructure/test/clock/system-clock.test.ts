import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/index.js';

describe('SystemClock', () => {
  it('never goes backwards and measures elapsed work', async () => {
    const clock = new SystemClock();
    const readings = [clock.now()];
    await new Promise((resolve) => setTimeout(resolve, 5));
    readings.push(clock.now(), clock.now());
    expect(readings[1]!).toBeGreaterThan(readings[0]!);
    expect(readings[2]!).toBeGreaterThanOrEqual(readings[1]!);
  });
});
