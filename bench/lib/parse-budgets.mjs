// @ts-check
/**
 * Issue 3's performance targets for tool-call parsing: 002's absolute budgets (its
 * ToolCallBenchmarks table; judged on p99 like every latency budget, by `checkBudgets`) and two
 * relative ones, judged on paired, interleaved measurements (`measure-paired.mjs`): the median
 * of per-pair ratios. Two tinybench tasks run one after the other see different machines, and
 * the ratio of their means swung by ±25% between runs on a shared 2-core host even for the same
 * code; a p99 ratio would compare the two rows' noise instead.
 */
import { pairKey } from './measure-ratio-pairs.mjs';
import { repairInputs } from './parse-fixtures.mjs';
import { PARSE_MEASUREMENT_IDS, repairTaskId } from './parse-tasks.mjs';

/** Where the absolute budgets come from. */
const SPEC_TABLE = '002 ToolCallBenchmarks';

/** @type {readonly import('./budgets.mjs').Budget[]} */
export const PARSE_BUDGETS = Object.freeze([
  {
    id: 'extract-1',
    requirement: `${SPEC_TABLE} / NFR-001`,
    label: 'Extraction of 1 call, p99',
    limit: 500,
    unit: 'µs',
    source: 'timing',
    measurementIds: [PARSE_MEASUREMENT_IDS.extractOne],
  },
  {
    id: 'extract-10',
    requirement: SPEC_TABLE,
    label: 'Extraction of 10 calls, p99',
    limit: 2_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [PARSE_MEASUREMENT_IDS.extractTen],
  },
  {
    id: 'repair-trailing-comma',
    requirement: SPEC_TABLE,
    label: 'Repair of a trailing comma, p99',
    limit: 100,
    unit: 'µs',
    source: 'timing',
    measurementIds: [PARSE_MEASUREMENT_IDS.repairTrailingComma],
  },
  {
    id: 'pipeline',
    requirement: SPEC_TABLE,
    label: 'Full parse + repair + validate, p99',
    limit: 1_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [PARSE_MEASUREMENT_IDS.pipeline],
  },
]);

/**
 * A bound on the cost of some rows relative to others.
 *
 * @typedef {object} RatioCheck
 * @property {string} id
 * @property {string} requirement
 * @property {string} label
 * @property {number} limit Upper bound on every `subject / reference` median paired ratio.
 * @property {boolean} inclusive Whether a ratio equal to `limit` passes ("at most") or not ("faster than").
 * @property {ReadonlyArray<{ subject: string, reference: string }>} pairs Task ids; judged on the worst pair.
 */

/**
 * @typedef {object} RatioVerdict
 * @property {RatioCheck} check
 * @property {'PASS' | 'FAIL' | 'NOT MEASURED'} status
 * @property {number} [measured] The worst pair's median ratio.
 * @property {number} [p25] The worst pair's first quartile.
 * @property {number} [p75] The worst pair's third quartile.
 * @property {string} [measuredBy] Label of the subject row of the worst pair.
 * @property {string} [reason] Why it was not measured.
 */

/** @returns {readonly RatioCheck[]} */
function ratioChecks() {
  const inputs = repairInputs();
  return Object.freeze([
    {
      id: 'repair-valid-vs-json-parse',
      requirement: 'issue 3',
      label: 'Repair of valid input vs JSON.parse, paired median ratio (worst input)',
      limit: 1.2,
      inclusive: true,
      pairs: inputs.filter((input) => input.valid).map((input) => ({ subject: repairTaskId('acode-repair', input.id), reference: repairTaskId('json-parse', input.id) })),
    },
    {
      id: 'repair-vs-jsonrepair',
      requirement: 'issue 3',
      label: 'Repair vs jsonrepair on every shared input, paired median ratio (worst input)',
      limit: 1,
      inclusive: false,
      pairs: inputs.map((input) => ({ subject: repairTaskId('acode-repair', input.id), reference: repairTaskId('jsonrepair', input.id) })),
    },
  ]);
}

/** Issue 3's relative targets. */
export const PARSE_RATIO_CHECKS = ratioChecks();

/**
 * Judges every ratio check on the paired median ratio of each of its pairs, and on its worst pair.
 * A check with a missing, failed or unusable pair is `NOT MEASURED`, never `PASS`.
 *
 * @param {readonly RatioCheck[]} checks
 * @param {readonly import('./measure-ratio-pairs.mjs').PairFigure[]} pairs
 * @returns {RatioVerdict[]}
 */
export function checkRatios(checks, pairs) {
  const byKey = new Map(pairs.map((figure) => [pairKey(figure.subject, figure.reference), figure]));
  return checks.map((check) => {
    /** @type {Array<{ label: string, value: number, p25?: number, p75?: number }>} */
    const ratios = [];
    for (const { subject, reference } of check.pairs) {
      const figure = byKey.get(pairKey(subject, reference));
      const value = figure?.state === 'measured' ? figure.medianRatio : undefined;
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        const reason = figure?.failure ?? (figure ? `${subject} vs ${reference} gave no usable ratio` : `${subject} vs ${reference} was not measured`);
        return { check, status: /** @type {const} */ ('NOT MEASURED'), reason };
      }
      ratios.push({ label: figure?.label ?? subject, value, ...quartiles(figure) });
    }
    if (ratios.length === 0) return { check, status: /** @type {const} */ ('NOT MEASURED'), reason: 'no pair named' };
    const worst = ratios.reduce((a, b) => (b.value > a.value ? b : a));
    const holds = check.inclusive ? worst.value <= check.limit : worst.value < check.limit;
    const { label, value, ...spread } = worst;
    return { check, status: holds ? /** @type {const} */ ('PASS') : /** @type {const} */ ('FAIL'), measured: value, measuredBy: label, ...spread };
  });
}

/**
 * The quartiles of a figure, where both are finite.
 *
 * @param {import('./measure-ratio-pairs.mjs').PairFigure | undefined} figure
 * @returns {{ p25?: number, p75?: number }}
 */
function quartiles(figure) {
  const { p25, p75 } = figure ?? {};
  return typeof p25 === 'number' && typeof p75 === 'number' && Number.isFinite(p25) && Number.isFinite(p75) ? { p25, p75 } : {};
}
