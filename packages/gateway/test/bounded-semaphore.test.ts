import { describe, expect, it } from 'vitest';
import { BoundedSemaphore } from '../src/bounded-semaphore.js';

describe('BoundedSemaphore', () => {
  it('grants up to its limit, queues up to its queue limit, refuses the rest', async () => {
    const semaphore = new BoundedSemaphore(1, 1);
    const first = await semaphore.acquire();
    expect(first.ok).toBe(true);
    const second = semaphore.acquire();
    expect(semaphore.queued).toBe(1);
    expect(await semaphore.acquire()).toEqual({ ok: false, reason: 'full' });
    if (first.ok) first.release();
    const granted = await second;
    expect(granted.ok).toBe(true);
    expect(semaphore.active).toBe(1);
    expect(semaphore.queued).toBe(0);
    if (granted.ok) granted.release();
    expect(semaphore.active).toBe(0);
  });

  it('serves waiters in arrival order; a release works once', async () => {
    const semaphore = new BoundedSemaphore(1, 3);
    const first = await semaphore.acquire();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => semaphore.acquire().then((slot) => (order.push(n), slot)));
    if (!first.ok) throw new Error('no slot');
    first.release();
    first.release(); // no second slot out of one release
    const one = await waiting[0]!;
    expect(semaphore.active).toBe(1);
    expect(semaphore.queued).toBe(2);
    if (one.ok) one.release();
    const two = await waiting[1]!;
    if (two.ok) two.release();
    const three = await waiting[2]!;
    if (three.ok) three.release();
    expect(order).toEqual([1, 2, 3]);
    expect(semaphore.active).toBe(0);
  });

  it('drops a waiter whose signal fires, and refuses an already aborted signal', async () => {
    const semaphore = new BoundedSemaphore(1, 1);
    const first = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toEqual({ ok: false, reason: 'aborted' });
    expect(semaphore.queued).toBe(0);
    // Its place is free again.
    const next = semaphore.acquire();
    expect(semaphore.queued).toBe(1);
    if (first.ok) first.release();
    expect((await next).ok).toBe(true);
    expect(await semaphore.acquire(AbortSignal.abort())).toEqual({ ok: false, reason: 'aborted' });
  });

  it('refuses a limit below 1 and a negative queue limit', () => {
    expect(() => new BoundedSemaphore(0, 1)).toThrow(RangeError);
    expect(() => new BoundedSemaphore(1, -1)).toThrow(RangeError);
  });

  describe('resize', () => {
    /** Takes a slot that must be granted at once. */
    async function held(semaphore: BoundedSemaphore): Promise<() => void> {
      const slot = await semaphore.acquire();
      if (!slot.ok) throw new Error('no slot');
      return slot.release;
    }

    /** Whether `promise` has settled once pending callbacks have run. */
    async function settled(promise: Promise<unknown>): Promise<boolean> {
      let done = false;
      void promise.then(() => (done = true));
      await new Promise((resolve) => setImmediate(resolve));
      return done;
    }

    it('hands the new slots of a raised limit to waiters at once', async () => {
      const semaphore = new BoundedSemaphore(1, 3);
      await held(semaphore);
      const waiting = [semaphore.acquire(), semaphore.acquire(), semaphore.acquire()];
      semaphore.resize(3, 3);
      expect(await settled(waiting[0]!)).toBe(true);
      expect(await settled(waiting[1]!)).toBe(true);
      expect(await settled(waiting[2]!)).toBe(false);
      expect((await waiting[0]!).ok).toBe(true);
      expect(semaphore.active).toBe(3);
      expect(semaphore.queued).toBe(1);
    });

    it('grants nothing after a lowered limit until the holders are below it, and a release over the limit does not pass the slot on', async () => {
      const semaphore = new BoundedSemaphore(3, 3);
      const releases = [await held(semaphore), await held(semaphore), await held(semaphore)];
      semaphore.resize(1, 3);
      const waiter = semaphore.acquire();
      expect(await settled(waiter)).toBe(false);
      // 3 → 2 holders: still over the new limit of 1, so the waiter keeps waiting.
      releases[0]!();
      expect(semaphore.active).toBe(2);
      expect(await settled(waiter)).toBe(false);
      // 2 → 1: at the limit, still no room.
      releases[1]!();
      expect(semaphore.active).toBe(1);
      expect(await settled(waiter)).toBe(false);
      // The last old holder leaves: its slot goes to the waiter, and the limit holds.
      releases[2]!();
      const slot = await waiter;
      expect(slot.ok).toBe(true);
      expect(semaphore.active).toBe(1);
      expect(semaphore.queued).toBe(0);
    });

    it('refuses bounds its constructor refuses', () => {
      const semaphore = new BoundedSemaphore(2, 2);
      expect(() => semaphore.resize(0, 1)).toThrow(RangeError);
      expect(() => semaphore.resize(1, -1)).toThrow(RangeError);
      expect(semaphore.limit).toBe(2);
    });
  });
});
