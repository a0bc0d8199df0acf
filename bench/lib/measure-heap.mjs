// @ts-check
/**
 * Heap retained per item: collect garbage, read `heapUsed`, build and hold `count` items, collect
 * again, read again. Whatever survives the second collection is what the items cost. Needs
 * `node --expose-gc`; without it the figure would mostly measure uncollected garbage.
 */

/**
 * @typedef {object} HeapSubject
 * @property {string} id Unique key.
 * @property {string} label Shown in the report.
 * @property {string} work Rows with equal `work` (same `count`) are compared with each other.
 * @property {'acode' | 'peer'} role
 * @property {number} count Items to build.
 * @property {(count: number) => unknown} build Builds and returns everything that must stay alive.
 */

/**
 * @typedef {object} HeapMeasurement
 * @property {string} id
 * @property {string} label
 * @property {string} work
 * @property {'acode' | 'peer'} role
 * @property {number} count
 * @property {'measured' | 'failed'} state
 * @property {number} [bytesPerItem] Retained heap divided by `count`.
 * @property {number} [retainedBytes] Retained heap in total.
 * @property {string} [failure] Why the measurement failed.
 */

/** Holds the built items until the second heap reading is taken. */
let retained;

/**
 * Measures one subject. A subject whose build throws, or a process started without
 * `--expose-gc`, is reported as failed rather than thrown.
 *
 * @param {HeapSubject} subject
 * @returns {HeapMeasurement}
 */
export function measureHeap(subject) {
  const { build, ...base } = subject;
  const collect = /** @type {(() => void) | undefined} */ (globalThis.gc);
  if (typeof collect !== 'function') return { ...base, state: 'failed', failure: 'run node with --expose-gc' };
  if (!Number.isSafeInteger(subject.count) || subject.count < 1) {
    return { ...base, state: 'failed', failure: `count must be a positive integer, got ${subject.count}` };
  }

  settle(collect);
  const before = process.memoryUsage().heapUsed;
  try {
    retained = build(subject.count);
  } catch (error) {
    retained = undefined;
    return { ...base, state: 'failed', failure: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) };
  }
  settle(collect);
  const after = process.memoryUsage().heapUsed;
  retained = undefined;

  const retainedBytes = after - before;
  if (retainedBytes <= 0) {
    // Garbage from before the first reading was collected later: the figure is noise, not a cost.
    return { ...base, state: 'failed', failure: 'the heap shrank while measuring; run again' };
  }
  return { ...base, state: 'measured', retainedBytes, bytesPerItem: retainedBytes / subject.count };
}

/**
 * Two full collections: the first can leave objects that only become unreachable once weak
 * references and finalizers from it have been processed.
 *
 * @param {() => void} collect
 */
function settle(collect) {
  collect();
  collect();
}
