// @ts-check
/**
 * Ratios make figures from noisy, shared machines comparable: two rows measured side by side in
 * one process drift together. Every ratio divides a cost by another cost of the same kind (time
 * by time, bytes by bytes), so `3.0` reads "three times as expensive" and below 1 is cheaper.
 */

/**
 * @typedef {object} Comparable
 * @property {string} id
 * @property {string} work Rows with equal `work` did the same thing.
 * @property {'baseline' | 'acode' | 'peer'} role
 * @property {'measured' | 'failed'} state
 */

/**
 * The cheapest peer value for each kind of work.
 *
 * @template {Comparable} T
 * @param {readonly T[]} rows
 * @param {(row: T) => number | undefined} costOf
 * @returns {Map<string, number>}
 */
export function cheapestPeerByWork(rows, costOf) {
  /** @type {Map<string, number>} */
  const cheapest = new Map();
  for (const row of rows) {
    const cost = usableCost(row, costOf);
    if (row.role !== 'peer' || cost === undefined) continue;
    const current = cheapest.get(row.work);
    if (current === undefined || cost < current) cheapest.set(row.work, cost);
  }
  return cheapest;
}

/**
 * Adds `vsBaseline` (cost divided by the baseline row's cost) and `vsCheapestPeer` (cost divided
 * by the cheapest peer doing the same work). A ratio is absent where either side was not measured.
 *
 * @template {Comparable} T
 * @param {readonly T[]} rows
 * @param {(row: T) => number | undefined} costOf
 * @returns {Array<T & { vsBaseline?: number, vsCheapestPeer?: number }>}
 */
export function withRatios(rows, costOf) {
  const baselineRow = rows.find((row) => row.role === 'baseline' && usableCost(row, costOf) !== undefined);
  const baseline = baselineRow === undefined ? undefined : usableCost(baselineRow, costOf);
  const cheapest = cheapestPeerByWork(rows, costOf);
  return rows.map((row) => {
    const cost = usableCost(row, costOf);
    const peer = cheapest.get(row.work);
    return {
      ...row,
      ...(cost !== undefined && baseline !== undefined ? { vsBaseline: cost / baseline } : {}),
      ...(cost !== undefined && peer !== undefined ? { vsCheapestPeer: cost / peer } : {}),
    };
  });
}

/**
 * Like {@link withRatios}, but each row is divided by the baseline doing the same work (the
 * parsing rows have one `JSON.parse` per input). A row whose work has no baseline gets no
 * `vsBaseline`.
 *
 * @template {Comparable} T
 * @param {readonly T[]} rows
 * @param {(row: T) => number | undefined} costOf
 * @returns {Array<T & { vsBaseline?: number, vsCheapestPeer?: number }>}
 */
export function withRatiosByWork(rows, costOf) {
  /** @type {Map<string, number>} */
  const baselines = new Map();
  for (const row of rows) {
    const cost = usableCost(row, costOf);
    if (row.role === 'baseline' && cost !== undefined && !baselines.has(row.work)) baselines.set(row.work, cost);
  }
  const cheapest = cheapestPeerByWork(rows, costOf);
  return rows.map((row) => {
    const cost = usableCost(row, costOf);
    const baseline = baselines.get(row.work);
    const peer = cheapest.get(row.work);
    return {
      ...row,
      ...(cost !== undefined && baseline !== undefined ? { vsBaseline: cost / baseline } : {}),
      ...(cost !== undefined && peer !== undefined ? { vsCheapestPeer: cost / peer } : {}),
    };
  });
}

/**
 * A cost that can be divided and divided by: finite and positive, from a measured row.
 *
 * @template {Comparable} T
 * @param {T} row
 * @param {(row: T) => number | undefined} costOf
 * @returns {number | undefined}
 */
function usableCost(row, costOf) {
  if (row.state !== 'measured') return undefined;
  const cost = costOf(row);
  return typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? cost : undefined;
}
