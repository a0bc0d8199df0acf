// @ts-check
/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same cases on every machine,
 * so a meaning change found by the fuzz run is reproduced by its seed and case number alone.
 */

/**
 * @typedef {object} Random
 * @property {() => number} next A float in [0, 1).
 * @property {(n: number) => number} int An integer in [0, n).
 * @property {<T>(items: readonly T[]) => T} pick One of `items`.
 * @property {(p: number) => boolean} chance True with probability `p`.
 */

/**
 * @param {number} seed
 * @returns {Random}
 */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (/** @type {number} */ n) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => /** @type {any} */ (items[int(items.length)]),
    chance: (p) => next() < p,
  };
}
