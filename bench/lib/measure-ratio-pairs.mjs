// @ts-check
/**
 * Measures every pair a ratio check names with {@link measurePairedRatio}, from the same timing
 * tasks the tinybench table runs. A pair whose task is missing or throws is recorded as failed
 * with a one-line reason; the other pairs still run.
 */
import { measurePairedRatio } from './measure-paired.mjs';

/** @typedef {import('./measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./measure-paired.mjs').PairedOptions} PairedOptions */

/**
 * The paired figure of one `subject / reference` pair, per operation.
 *
 * @typedef {object} PairFigure
 * @property {string} subject Task id.
 * @property {string} reference Task id.
 * @property {string} label The subject task's label.
 * @property {'measured' | 'failed'} state
 * @property {number} [medianRatio]
 * @property {number} [p25]
 * @property {number} [p75]
 * @property {number} [blocks] Pairs of blocks behind the figure.
 * @property {string} [failure] Why a failed pair failed (a message, never a stack).
 */

/**
 * @param {ReadonlyArray<{ pairs: ReadonlyArray<{ subject: string, reference: string }> }>} checks
 * @param {readonly TaskSpec[]} tasks
 * @param {PairedOptions} [options]
 * @returns {PairFigure[]} One figure per distinct pair, in the order the checks name them.
 */
export function measureRatioPairs(checks, tasks, options = {}) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  /** @type {Map<string, PairFigure>} */
  const figures = new Map();
  for (const { subject, reference } of checks.flatMap((check) => check.pairs)) {
    const key = pairKey(subject, reference);
    if (!figures.has(key)) figures.set(key, measurePair(byId.get(subject), byId.get(reference), { subject, reference }, options));
  }
  return [...figures.values()];
}

/**
 * The key a pair is found under.
 *
 * @param {string} subject
 * @param {string} reference
 * @returns {string}
 */
export function pairKey(subject, reference) {
  return JSON.stringify([subject, reference]);
}

/**
 * @param {TaskSpec | undefined} subjectTask
 * @param {TaskSpec | undefined} referenceTask
 * @param {{ subject: string, reference: string }} ids
 * @param {PairedOptions} options
 * @returns {PairFigure}
 */
function measurePair(subjectTask, referenceTask, ids, options) {
  const label = subjectTask?.label ?? ids.subject;
  if (!subjectTask || !referenceTask) {
    return { ...ids, label, state: 'failed', failure: `${subjectTask ? ids.reference : ids.subject} was not measured` };
  }
  try {
    const paired = measurePairedRatio(subjectTask.run, referenceTask.run, options);
    // Each `run` performs `batch` operations; the figure is per operation.
    const perOperation = referenceTask.batch / subjectTask.batch;
    return {
      ...ids,
      label,
      state: 'measured',
      medianRatio: paired.medianRatio * perOperation,
      p25: paired.p25 * perOperation,
      p75: paired.p75 * perOperation,
      blocks: paired.blocks,
    };
  } catch (error) {
    return { ...ids, label, state: 'failed', failure: describeError(error) };
  }
}

/**
 * @param {unknown} error
 * @returns {string}
 */
function describeError(error) {
  // A thrown non-Error may not even convert to a string safely.
  const message = error instanceof Error ? String(error.message) : typeof error === 'string' ? error : 'a non-Error value was thrown';
  return message.split('\n', 1)[0]?.slice(0, 200) || 'unknown error';
}
