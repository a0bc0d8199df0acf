import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_OPS_PER_BLOCK, calibrateOpsPerBlock, measurePairedRatio, quantile } from '../lib/measure-paired.mjs';

/**
 * Deterministic CPU work: `iterations` rounds of integer arithmetic whose result is returned, so
 * the optimiser cannot drop the loop.
 *
 * @param {number} iterations
 * @returns {() => number}
 */
function work(iterations) {
  return () => {
    let x = 1;
    for (let i = 0; i < iterations; i += 1) x = (Math.imul(x, 31) + i) | 0;
    return x;
  };
}

/**
 * A clock that only moves when the fake work says so: each function advances it by its cost.
 * Makes block times, and so every ratio, exact.
 */
function fakeClock() {
  let now = 0n;
  vi.spyOn(process.hrtime, 'bigint').mockImplementation(() => now);
  return { advance: (/** @type {number} */ ns) => void (now += BigInt(ns)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('measurePairedRatio on real work (bands wide enough for a noisy machine)', () => {
  it('finds twice the loop iterations about twice as expensive', () => {
    const result = measurePairedRatio(work(2_000), work(1_000));
    expect(result.medianRatio).toBeGreaterThanOrEqual(1.6);
    expect(result.medianRatio).toBeLessThanOrEqual(2.4);
    expect(result.p25).toBeLessThanOrEqual(result.medianRatio);
    expect(result.p75).toBeGreaterThanOrEqual(result.medianRatio);
    expect(result.blocks).toBe(200);
  });

  it('finds half the work about half as expensive: the ratio is subject over reference', () => {
    const { medianRatio } = measurePairedRatio(work(1_000), work(2_000));
    expect(medianRatio).toBeGreaterThanOrEqual(0.4);
    expect(medianRatio).toBeLessThanOrEqual(0.625);
  });

  it('finds identical functions at parity', () => {
    const { medianRatio } = measurePairedRatio(work(1_000), work(1_000));
    expect(medianRatio).toBeGreaterThanOrEqual(0.8);
    expect(medianRatio).toBeLessThanOrEqual(1.25);
  });

  it('calibrates more calls per block for cheap work than for costly work, at least one', () => {
    const cheap = calibrateOpsPerBlock(work(10), work(10));
    const costly = calibrateOpsPerBlock(work(10_000), work(10));
    expect(cheap).toBeGreaterThan(costly);
    expect(costly).toBeGreaterThanOrEqual(1);
    expect(cheap).toBeLessThanOrEqual(MAX_OPS_PER_BLOCK);
  });

  it('does not hang on functions that do nothing', () => {
    const result = measurePairedRatio(
      () => undefined,
      () => undefined,
      { blocks: 4, warmupBlocks: 0 },
    );
    expect(result.opsPerBlock).toBeLessThanOrEqual(MAX_OPS_PER_BLOCK);
    expect(result.blocks).toBeLessThanOrEqual(4);
  });
});

describe('measurePairedRatio with a fake clock (exact)', () => {
  it('runs blocks in A B B A order, warm-up first, the same number of calls on each side', () => {
    /** @type {string[]} */
    const calls = [];
    measurePairedRatio(
      () => calls.push('A'),
      () => calls.push('B'),
      { blocks: 4, warmupBlocks: 2, opsPerBlock: 3 },
    );
    const blocks = calls.join('').match(/A{3}|B{3}/g)?.map((block) => block[0]);
    expect(blocks?.join('')).toBe('ABBA' + 'ABBAABBA');
    expect(calls.filter((call) => call === 'A')).toHaveLength(18);
    expect(calls.filter((call) => call === 'B')).toHaveLength(18);
  });

  it('gives the exact ratio when every block costs the same', () => {
    const clock = fakeClock();
    const result = measurePairedRatio(
      () => clock.advance(2_000),
      () => clock.advance(1_000),
      { blocks: 50, warmupBlocks: 0, opsPerBlock: 10 },
    );
    expect(result).toEqual({ medianRatio: 2, p25: 2, p75: 2, blocks: 50, opsPerBlock: 10 });
  });

  it('is not moved by a pause that spoils a few blocks, where a ratio of means would be', () => {
    const clock = fakeClock();
    let subjectCalls = 0;
    // Every tenth subject block (one call per block) hits a 100× pause, as a GC or a neighbour would.
    const subject = () => clock.advance((subjectCalls++ % 10 === 0 ? 100 : 1) * 1_500);
    const result = measurePairedRatio(subject, () => clock.advance(1_000), { blocks: 100, warmupBlocks: 0, opsPerBlock: 1 });
    expect(result.medianRatio).toBe(1.5);
    expect(result.p75).toBe(1.5);
    // The mean subject block is (9 × 1.5 + 150) / 10 = 16.35 µs: a ratio of means would read 16.35×.
  });

  it('cancels a steady drift: the A B and B A pairs err in opposite directions', () => {
    const clock = fakeClock();
    let cost = 100_000;
    // Identical work on a machine that slows steadily (1,000 ns more per call): whichever runs
    // second in a pair pays more, so A B B A order is what keeps the median at parity.
    const run = () => {
      clock.advance(cost);
      cost += 1_000;
    };
    const result = measurePairedRatio(run, run, { blocks: 100, warmupBlocks: 0, opsPerBlock: 1 });
    expect(result.p25).toBeLessThan(1);
    expect(result.p75).toBeGreaterThan(1);
    expect(result.medianRatio).toBeCloseTo(1, 2);
  });

  it('rejects a run where no reference block took measurable time', () => {
    fakeClock();
    expect(() => measurePairedRatio(() => 1, () => 2, { blocks: 3, warmupBlocks: 0, opsPerBlock: 1 })).toThrow(
      new RangeError('no reference block took measurable time'),
    );
  });

  it('drops pairs whose reference block took no time instead of dividing by zero', () => {
    const clock = fakeClock();
    let referenceCalls = 0;
    const reference = () => clock.advance(referenceCalls++ % 2 === 0 ? 1_000 : 0);
    const result = measurePairedRatio(() => clock.advance(3_000), reference, { blocks: 10, warmupBlocks: 0, opsPerBlock: 1 });
    expect(result).toMatchObject({ medianRatio: 3, blocks: 5 });
  });
});

describe('measurePairedRatio on hostile input', () => {
  it.each([
    ['blocks', 0],
    ['blocks', -1],
    ['blocks', 1.5],
    ['blocks', Number.NaN],
    ['blocks', Number.POSITIVE_INFINITY],
    ['blocks', '10'],
    ['blocks', 1e12],
    ['opsPerBlock', 0],
    ['opsPerBlock', MAX_OPS_PER_BLOCK + 1],
    ['warmupBlocks', -1],
    ['warmupBlocks', 'none'],
  ])('rejects %s = %s with a RangeError naming the option, before running anything', (name, value) => {
    let calls = 0;
    const count = () => (calls += 1);
    expect(() => measurePairedRatio(count, count, /** @type {any} */ ({ [name]: value }))).toThrow(RangeError);
    expect(() => measurePairedRatio(count, count, /** @type {any} */ ({ [name]: value }))).toThrow(new RegExp(`^${name} must be an integer`));
    expect(calls).toBe(0);
  });

  it('rejects arguments that are not functions', () => {
    expect(() => measurePairedRatio(/** @type {any} */ ('JSON.parse'), () => 1)).toThrow(TypeError);
    expect(() => measurePairedRatio(() => 1, /** @type {any} */ (undefined))).toThrow('subject and reference must be functions');
  });

  it('lets an error thrown by the work propagate, unchanged', () => {
    const boom = new Error('repairer crashed');
    expect(() => measurePairedRatio(() => { throw boom; }, () => 1, { opsPerBlock: 1 })).toThrow(boom);
  });
});

describe('quantile', () => {
  it('interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([7], 0.25)).toBe(7);
    expect(quantile([1, 5, 9], 0)).toBe(1);
    expect(quantile([1, 5, 9], 1)).toBe(9);
  });

  it('rejects no values', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});
