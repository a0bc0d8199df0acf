// @ts-check
/**
 * Paired, interleaved timing for ratio checks. Two tasks measured one after the other see
 * different machines: on a shared 2-core host the ratio of their means swings by ±25% even when
 * both run the same code. Here the two run in short alternating blocks (A B, B A, A B, …: the
 * ABBA order cancels linear drift such as CPU frequency and a neighbour's load ramping), each
 * pair of adjacent blocks gives one ratio, and the median of those ratios is the figure: a GC
 * pause or a burst of load spoils a few pairs, not the answer.
 */

/**
 * @typedef {object} PairedOptions
 * @property {number} [blocks] Blocks timed per function (so pairs compared), after warm-up. Default 200.
 * @property {number} [opsPerBlock] Calls per block, the same for both functions. Default: calibrated so
 *   the slower function's block takes about {@link TARGET_BLOCK_NS}.
 * @property {number} [warmupBlocks] Pairs run and discarded first, so both functions are optimised. Default 20.
 */

/**
 * @typedef {object} PairedRatio
 * @property {number} medianRatio Median over pairs of `subject block time / reference block time`.
 * @property {number} p25 First quartile of the per-pair ratios.
 * @property {number} p75 Third quartile of the per-pair ratios.
 * @property {number} blocks Pairs the quartiles were taken over.
 * @property {number} opsPerBlock Calls per block, as given or calibrated.
 */

/** Default pairs measured. */
export const DEFAULT_BLOCKS = 200;

/** Default pairs discarded before measuring. */
export const DEFAULT_WARMUP_BLOCKS = 20;

/**
 * Aimed-for duration of the slower function's block: long enough to dwarf the timer read (tens of
 * nanoseconds) and scheduler jitter, short enough that few blocks straddle a GC pause.
 */
export const TARGET_BLOCK_NS = 300_000;

/** Cap on calibrated calls per block, so a function the optimiser reduced to nothing cannot spin forever. */
export const MAX_OPS_PER_BLOCK = 1_000_000;

/**
 * A value the optimiser cannot prove unused, so timed calls are not removed as dead code.
 *
 * @type {unknown}
 */
export let sink;

/**
 * Measures how much `subject` costs relative to `reference`, robustly on a noisy machine.
 *
 * @param {() => unknown} subject
 * @param {() => unknown} reference
 * @param {PairedOptions} [options]
 * @returns {PairedRatio}
 * @throws {RangeError} On options that are not positive integers (`warmupBlocks` may be 0), or when
 *   no block of the reference took measurable time. Errors thrown by the functions propagate.
 */
export function measurePairedRatio(subject, reference, options = {}) {
  if (typeof subject !== 'function' || typeof reference !== 'function') throw new TypeError('subject and reference must be functions');
  const blocks = countOption('blocks', options.blocks ?? DEFAULT_BLOCKS, 1);
  const warmupBlocks = countOption('warmupBlocks', options.warmupBlocks ?? DEFAULT_WARMUP_BLOCKS, 0);
  const opsPerBlock =
    options.opsPerBlock === undefined ? calibrateOpsPerBlock(subject, reference) : countOption('opsPerBlock', options.opsPerBlock, 1);

  for (let pair = 0; pair < warmupBlocks; pair += 1) timePair(subject, reference, opsPerBlock, pair);

  /** @type {number[]} */
  const ratios = [];
  for (let pair = 0; pair < blocks; pair += 1) {
    const { subjectNs, referenceNs } = timePair(subject, reference, opsPerBlock, pair);
    // A zero-length reference block says nothing about the ratio; dropping it beats dividing by it.
    if (referenceNs > 0) ratios.push(subjectNs / referenceNs);
  }
  if (ratios.length === 0) throw new RangeError('no reference block took measurable time');
  ratios.sort((a, b) => a - b);
  return { medianRatio: quantile(ratios, 0.5), p25: quantile(ratios, 0.25), p75: quantile(ratios, 0.75), blocks: ratios.length, opsPerBlock };
}

/**
 * Calls per block so that the slower of the two blocks takes about {@link TARGET_BLOCK_NS}:
 * doubles from one call until a block is long enough to time, then scales.
 *
 * @param {() => unknown} subject
 * @param {() => unknown} reference
 * @returns {number}
 */
export function calibrateOpsPerBlock(subject, reference) {
  for (let ops = 1; ; ops *= 2) {
    const slowest = Math.max(timeBlock(subject, ops), timeBlock(reference, ops));
    if (slowest >= TARGET_BLOCK_NS / 4 || ops >= MAX_OPS_PER_BLOCK) {
      const scaled = slowest > 0 ? Math.round((ops * TARGET_BLOCK_NS) / slowest) : ops;
      return Math.min(MAX_OPS_PER_BLOCK, Math.max(1, scaled));
    }
  }
}

/**
 * Interpolated quantile of an ascending, non-empty array (the same definition as numpy's default).
 *
 * @param {readonly number[]} sorted
 * @param {number} q In [0, 1].
 * @returns {number}
 */
export function quantile(sorted, q) {
  if (sorted.length === 0) throw new RangeError('quantile of no values');
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const below = /** @type {number} */ (sorted[lower]);
  const above = sorted[Math.min(lower + 1, sorted.length - 1)] ?? below;
  return below + (above - below) * (position - lower);
}

/**
 * Times one block of each function; even pairs run the subject first, odd pairs the reference,
 * so the sequence reads A B B A A B B A.
 *
 * @param {() => unknown} subject
 * @param {() => unknown} reference
 * @param {number} ops
 * @param {number} pair
 * @returns {{ subjectNs: number, referenceNs: number }}
 */
function timePair(subject, reference, ops, pair) {
  if (pair % 2 === 0) {
    const subjectNs = timeBlock(subject, ops);
    return { subjectNs, referenceNs: timeBlock(reference, ops) };
  }
  const referenceNs = timeBlock(reference, ops);
  return { subjectNs: timeBlock(subject, ops), referenceNs };
}

/**
 * @param {() => unknown} run
 * @param {number} ops
 * @returns {number} Nanoseconds for `ops` calls.
 */
function timeBlock(run, ops) {
  let last;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i += 1) last = run();
  const elapsed = process.hrtime.bigint() - start;
  sink = last;
  return Number(elapsed);
}

/**
 * @param {string} name
 * @param {unknown} value
 * @param {number} min
 * @returns {number}
 */
function countOption(name, value, min) {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > MAX_OPS_PER_BLOCK) {
    throw new RangeError(`${name} must be an integer from ${min} to ${MAX_OPS_PER_BLOCK}, got ${typeof value === 'number' ? value : typeof value}`);
  }
  return value;
}
