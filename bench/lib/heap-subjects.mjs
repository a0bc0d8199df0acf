// @ts-check
/**
 * What the heap figures measure: a fresh registry holding N generated tools (definition copy,
 * compiled schema, snapshot entry), and for scale each peer holding N compiled schemas.
 */
import { BUDGET_MEASUREMENT_IDS } from './budgets.mjs';
import { generatedToolDefinition } from './fixtures.mjs';

/** Registry sizes the heap is measured at. */
export const HEAP_COUNTS = Object.freeze([1_000, 10_000]);

/** @typedef {import('./measure-heap.mjs').HeapSubject} HeapSubject */

/**
 * @param {import('./load-acode.mjs').AcodeSubjects | undefined} acode
 * @param {readonly import('./load-peers.mjs').Peer[]} peers
 * @returns {HeapSubject[]}
 */
export function heapSubjects(acode, peers) {
  /** @type {HeapSubject[]} */
  const subjects = [];
  for (const count of HEAP_COUNTS) {
    const work = `hold ${count} schemas`;
    const shown = count.toLocaleString('en-US');
    if (acode) {
      subjects.push({
        id: count === 1_000 ? BUDGET_MEASUREMENT_IDS.heap1000 : count === 10_000 ? BUDGET_MEASUREMENT_IDS.heap10000 : `acode-heap-${count}`,
        label: `acode registry, ${shown} tools`,
        work,
        role: 'acode',
        count,
        build: (n) => {
          const registry = acode.createRegistry();
          for (let i = 0; i < n; i += 1) registry.registerTool(generatedToolDefinition(i));
          return registry;
        },
      });
    }
    for (const peer of peers) {
      subjects.push({
        id: `${peer.id}-heap-${count}`,
        label: `${peer.name}, ${shown} schemas`,
        work,
        role: 'peer',
        count,
        build: (n) => {
          const engine = peer.createEngine();
          const validators = [];
          for (let i = 0; i < n; i += 1) validators.push(engine.compile(generatedToolDefinition(i).parameters));
          return { engine, validators };
        },
      });
    }
  }
  return subjects;
}
