import { describe, expect, it } from 'vitest';
import { measureRatioPairs } from '../lib/measure-ratio-pairs.mjs';

/**
 * A task doing `units` loops of fixed work per call.
 *
 * @param {string} id
 * @param {number} units Work per call of `run`.
 * @param {number} batch Operations `run` claims to perform.
 * @returns {import('../lib/measure-tasks.mjs').TaskSpec}
 */
function task(id, units, batch = 1) {
  return {
    id,
    label: `task ${id}`,
    work: 'w',
    role: 'acode',
    batch,
    run: () => {
      let x = 1;
      for (let i = 0; i < units * 500; i += 1) x = (Math.imul(x, 31) + i) | 0;
      return x;
    },
  };
}

const fast = { blocks: 60, warmupBlocks: 5 };

describe('measureRatioPairs', () => {
  it('measures each distinct pair once, in the order the checks name them', () => {
    const checks = [{ pairs: [{ subject: 'a', reference: 'b' }, { subject: 'c', reference: 'b' }] }, { pairs: [{ subject: 'a', reference: 'b' }] }];
    const figures = measureRatioPairs(checks, [task('a', 2), task('b', 1), task('c', 1)], fast);
    expect(figures.map((figure) => [figure.subject, figure.reference, figure.state, figure.label])).toEqual([
      ['a', 'b', 'measured', 'task a'],
      ['c', 'b', 'measured', 'task c'],
    ]);
    expect(figures[0]?.medianRatio).toBeGreaterThanOrEqual(1.6);
    expect(figures[0]?.medianRatio).toBeLessThanOrEqual(2.4);
    expect(figures[0]?.blocks).toBe(60);
  });

  it('divides by each side\'s batch: a run of 2 operations at twice the work is per-operation parity', () => {
    const [figure] = measureRatioPairs([{ pairs: [{ subject: 'one', reference: 'two' }] }], [task('one', 1, 1), task('two', 2, 2)], fast);
    expect(figure?.medianRatio).toBeGreaterThanOrEqual(0.8);
    expect(figure?.medianRatio).toBeLessThanOrEqual(1.25);
    expect(figure?.p25).toBeLessThanOrEqual(/** @type {number} */ (figure?.medianRatio));
  });

  it('records a missing task as failed, naming it, and still measures the other pairs', () => {
    const figures = measureRatioPairs(
      [{ pairs: [{ subject: 'a', reference: 'gone' }, { subject: 'lost', reference: 'b' }, { subject: 'a', reference: 'b' }] }],
      [task('a', 1), task('b', 1)],
      fast,
    );
    expect(figures.map((figure) => [figure.state, figure.failure])).toEqual([
      ['failed', 'gone was not measured'],
      ['failed', 'lost was not measured'],
      ['measured', undefined],
    ]);
  });

  it('records a throwing task as failed with the first line of its message, never a stack', () => {
    const crashing = { ...task('x', 1), run: () => { throw new Error('repairer crashed\n    at JsonRepairer.repair (repairer.ts:1:1)'); } };
    const hostile = { ...task('y', 1), run: () => { throw Object.create(null); } };
    const figures = measureRatioPairs([{ pairs: [{ subject: 'x', reference: 'b' }, { subject: 'b', reference: 'y' }] }], [crashing, hostile, task('b', 1)], fast);
    expect(figures.map((figure) => [figure.state, figure.failure])).toEqual([
      ['failed', 'repairer crashed'],
      ['failed', 'a non-Error value was thrown'],
    ]);
  });

  it('measures nothing for no checks', () => {
    expect(measureRatioPairs([], [task('a', 1)])).toEqual([]);
  });
});
