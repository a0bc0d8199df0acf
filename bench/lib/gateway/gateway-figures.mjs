// @ts-check
/**
 * Pure figures of the gateway section: percentiles of a run's samples, and the goals of issue 15
 * judged on the difference between the two sides.
 */

/** Issue 15's goals, in milliseconds added by the gateway, judged on p99. */
export const GATEWAY_GOALS = Object.freeze({ addedLatencyMs: 1, addedFirstContentMs: 1 });

/**
 * @typedef {object} Percentiles
 * @property {number} p50
 * @property {number} p99
 * @property {number} count Samples.
 */

/**
 * Nearest-rank percentiles (the p99 of 1,000 samples is the tenth slowest).
 *
 * @param {readonly number[]} samples
 * @returns {Percentiles}
 */
export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: rank(sorted, 0.5), p99: rank(sorted, 0.99), count: sorted.length };
}

/**
 * @param {readonly number[]} sorted
 * @param {number} fraction
 * @returns {number}
 */
function rank(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A goal's verdict on the time a side adds: `PASS` under the limit, `MISS` at or over it,
 * `NOT MEASURED` when either side is missing.
 *
 * @param {number} directMs
 * @param {number} gatewayMs
 * @param {number} limitMs
 * @returns {'PASS' | 'MISS' | 'NOT MEASURED'}
 */
export function judgeAdded(directMs, gatewayMs, limitMs) {
  const added = gatewayMs - directMs;
  if (!Number.isFinite(added)) return 'NOT MEASURED';
  return added < limitMs ? 'PASS' : 'MISS';
}

/**
 * The order of the two sides in round `round`: A B, B A, B A, A B, ... so that neither side
 * always runs first or right after a collection of the other.
 *
 * @template T
 * @param {number} round
 * @param {T} a
 * @param {T} b
 * @returns {[T, T]}
 */
export function roundOrder(round, a, b) {
  return round % 4 === 0 || round % 4 === 3 ? [a, b] : [b, a];
}
