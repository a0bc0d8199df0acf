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
});
