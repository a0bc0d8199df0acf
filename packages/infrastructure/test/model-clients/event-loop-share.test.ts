import { describe, expect, it } from 'vitest';
import { eventLoopShare, SHARE_PER_TURN } from '../../src/model-clients/event-loop-share.js';

/** Settles after the current turn's immediates: the next turn of the event loop. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('eventLoopShare', () => {
  it('lets work pass at once until the turn\'s share is spent, then defers the rest to later turns', async () => {
    await nextTurn();
    const piece = SHARE_PER_TURN / 4;
    const passed: number[] = [];
    const deferred: Array<Promise<void>> = [];
    for (let index = 0; index < 12; index++) {
      const wait = eventLoopShare(piece);
      if (wait === undefined) passed.push(index);
      else deferred.push(wait.then(() => void passed.push(index)));
    }
    // Four pieces make a share: the first four pass in this turn.
    expect(passed).toEqual([0, 1, 2, 3]);
    expect(deferred).toHaveLength(8);
    await Promise.all(deferred);
    // The deferred work passed later, in order, a share at a time.
    expect(passed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('lets work larger than a whole share pass alone at the start of a turn', async () => {
    await nextTurn();
    expect(eventLoopShare(SHARE_PER_TURN * 3)).toBeUndefined();
    const next = eventLoopShare(1);
    expect(next).toBeInstanceOf(Promise);
    await next;
  });

  it('serves other I/O between the turns of deferred work', async () => {
    await nextTurn();
    const order: string[] = [];
    // A hundred turns' worth of work: long enough for a timer to come due in between.
    const work = Array.from({ length: 200 }, (_, index) => eventLoopShare(SHARE_PER_TURN / 2)?.then(() => void order.push(`work ${index}`)));
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(work);
    // A timer set while the work waited ran before the last of it.
    expect(order.indexOf('timer')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
  });
});
