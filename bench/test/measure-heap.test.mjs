import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { measureHeap } from '../lib/measure-heap.mjs';

/** A real collector without `--expose-gc` on the test runner's command line. */
function exposeGc() {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
}

/** @type {import('../lib/measure-heap.mjs').HeapSubject} */
const subject = { id: 'h', label: 'objects', work: 'w', role: 'peer', count: 100_000, build: (n) => Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}` })) };
const originalGc = globalThis.gc;

afterEach(() => {
  globalThis.gc = originalGc;
});

describe('measureHeap', () => {
  it('refuses to guess without a garbage collector', () => {
    globalThis.gc = undefined;
    expect(measureHeap(subject)).toMatchObject({ state: 'failed', failure: 'run node with --expose-gc' });
  });

  it('counts what the built items retain', () => {
    globalThis.gc = exposeGc();
    const measured = measureHeap(subject);
    expect(measured.state).toBe('measured');
    // Each item is an object with two fields plus a distinct string: well above 32 bytes in V8,
    // and well below 1 KiB.
    expect(measured.bytesPerItem).toBeGreaterThan(32);
    expect(measured.bytesPerItem).toBeLessThan(1024);
    // bytesPerItem is retained / count, so multiplying back agrees up to floating-point rounding.
    expect(measured.retainedBytes).toBeCloseTo(/** @type {number} */ (measured.bytesPerItem) * subject.count, 3);
  });

  it('reports a build that throws as failed, with the first line of its message', () => {
    globalThis.gc = exposeGc();
    const measured = measureHeap({ ...subject, build: () => { throw new Error('duplicate tool\n  at Registry.register'); } });
    expect(measured).toMatchObject({ state: 'failed', failure: 'duplicate tool' });
  });

  it.each([0, -5, 2.5, Number.NaN])('refuses a count of %s', (count) => {
    globalThis.gc = exposeGc();
    expect(measureHeap({ ...subject, count }).state).toBe('failed');
  });
});
