import type { IClock } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { repairJson } from '../../src/repair/index.js';
import { FINISH_BLOCK, RepairOutput } from '../../src/repair/repair-output.js';
import { DEADLINE_CHECK_INTERVAL } from '../../src/repair/repair-pass.js';
import { frozenClock } from './repair-test-kit.js';

/**
 * Issue 13: a repair's budget holds to within 10%. The clock is read every
 * {@link DEADLINE_CHECK_INTERVAL} characters and between blocks of the final join, and the pass
 * leaves room for the JSON.parse that follows it. Fake clocks: results, not timings.
 */

/** A clock that advances `step` ms at every read after the first: time proportional to the checks made. */
function steppingClock(step: number): IClock & { readonly reads: () => number; readonly at: () => number } {
  let reads = 0;
  let time = 0;
  return {
    now: () => {
      if (reads++ > 0) time += step;
      return time;
    },
    reads: () => reads,
    at: () => time,
  };
}

const damaged = (count: number): string => `{'list': [${Array.from({ length: count }, (_, index) => `{'id': ${index}}`).join(', ')}]`;

describe('repair deadline', () => {
  it(`reads the clock at least once per ${DEADLINE_CHECK_INTERVAL} characters`, () => {
    const text = damaged(20_000);
    const clock = steppingClock(0);
    expect(repairJson(text, { clock, timeoutMs: 100 }).success).toBe(true);
    expect(clock.reads()).toBeGreaterThanOrEqual(Math.floor(text.length / DEADLINE_CHECK_INTERVAL));
  });

  it('stops before the deadline when the parse after the pass would no longer fit', () => {
    const text = damaged(20_000);
    const checks = Math.ceil(text.length / DEADLINE_CHECK_INTERVAL);
    // The pass alone would end at about 95 ms of a 100 ms budget: no room for the final parse.
    const clock = steppingClock(95 / checks);
    const result = repairJson(text, { clock, timeoutMs: 100 });
    expect(result.error?.code).toBe('ACODE-TLP-007');
    expect(result.error?.position).toBeLessThan(text.length);
    expect(clock.at()).toBeLessThanOrEqual(100);
  });

  it('finishes when the pass leaves room for the parse', () => {
    const text = damaged(20_000);
    const checks = Math.ceil(text.length / DEADLINE_CHECK_INTERVAL);
    const clock = steppingClock(50 / checks);
    expect(repairJson(text, { clock, timeoutMs: 100 }).success).toBe(true);
  });

  it('a slow start (code not yet optimised) does not end a long pass early', () => {
    let reads = 0;
    // 5 ms pass over the first check, then nothing: the early pace would predict a parse far over budget.
    const clock: IClock = { now: () => (reads++ === 0 ? 0 : 5) };
    expect(repairJson(damaged(20_000), { clock, timeoutMs: 100 }).success).toBe(true);
  });

  it('a clock that stands still never times out', () => {
    expect(repairJson(damaged(20_000), { clock: frozenClock, timeoutMs: 1 }).success).toBe(true);
  });
});

describe('RepairOutput.finish', () => {
  const output = (pieces: number): RepairOutput => {
    const out = new RepairOutput('');
    for (let index = 0; index < pieces; index++) out.push(`${index},`);
    return out;
  };

  it('joins in blocks to the same text', () => {
    const pieces = FINISH_BLOCK * 3 + 7;
    const expected = Array.from({ length: pieces }, (_, index) => `${index},`).join('');
    expect(output(pieces).finish(() => false)).toBe(expected);
    expect(output(pieces).finish()).toBe(expected);
  });

  it('gives up between blocks once the deadline has passed', () => {
    let checks = 0;
    expect(output(FINISH_BLOCK * 3).finish(() => ++checks > 1)).toBeUndefined();
    expect(checks).toBe(2);
  });
});
