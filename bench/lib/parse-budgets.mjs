// @ts-check
/**
 * Issue 3's performance targets for tool-call parsing: 002's absolute budgets (its
 * ToolCallBenchmarks table; judged on p99 like every latency budget, by `checkBudgets`) and two
 * relative ones, judged on the mean ratio of rows measured side by side: a ratio of means is
 * what "costs 1.2× as much" means, and a p99 ratio would compare the two rows' noise instead.
 */
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
 * A bound on the mean cost of some rows relative to others.
 *
 * @typedef {object} RatioCheck
 * @property {string} id
 * @property {string} requirement
 * @property {string} label
 * @property {number} limit Upper bound on every `subject / reference` mean ratio.
 * @property {boolean} inclusive Whether a ratio equal to `limit` passes ("at most") or not ("faster than").
 * @property {ReadonlyArray<{ subject: string, reference: string }>} pairs Task ids; judged on the worst pair.
 */

/**
 * @typedef {object} RatioVerdict
 * @property {RatioCheck} check
 * @property {'PASS' | 'FAIL' | 'NOT MEASURED'} status
 * @property {number} [measured] The worst ratio.
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
      label: 'Repair of valid input vs JSON.parse, mean ratio (worst input)',
      limit: 1.2,
      inclusive: true,
      pairs: inputs.filter((input) => input.valid).map((input) => ({ subject: repairTaskId('acode-repair', input.id), reference: repairTaskId('json-parse', input.id) })),
    },
    {
      id: 'repair-vs-jsonrepair',
      requirement: 'issue 3',
      label: 'Repair vs jsonrepair on every shared input, mean ratio (worst input)',
      limit: 1,
      inclusive: false,
      pairs: inputs.map((input) => ({ subject: repairTaskId('acode-repair', input.id), reference: repairTaskId('jsonrepair', input.id) })),
    },
  ]);
}

/** Issue 3's relative targets. */
export const PARSE_RATIO_CHECKS = ratioChecks();

/**
 * @typedef {object} MeanFigure
 * @property {string} id
 * @property {string} label
 * @property {'measured' | 'failed'} state
 * @property {number} [meanMicros]
 * @property {string} [failure]
 */

/**
 * Judges every ratio check on mean times. A check with a missing, failed or unusable row is
 * `NOT MEASURED`, never `PASS`.
 *
 * @param {readonly RatioCheck[]} checks
 * @param {readonly MeanFigure[]} timings
 * @returns {RatioVerdict[]}
 */
export function checkRatios(checks, timings) {
  return checks.map((check) => {
    /** @type {Array<{ label: string, value: number }>} */
    const ratios = [];
    for (const { subject, reference } of check.pairs) {
      const top = timings.find((row) => row.id === subject);
      const bottom = timings.find((row) => row.id === reference);
      const topMean = usableMean(top);
      const bottomMean = usableMean(bottom);
      if (topMean === undefined || bottomMean === undefined) {
        const unusable = topMean === undefined ? { row: top, id: subject } : { row: bottom, id: reference };
        return { check, status: /** @type {const} */ ('NOT MEASURED'), reason: unusable.row?.failure ?? `${unusable.id} was not measured` };
      }
      ratios.push({ label: top?.label ?? subject, value: topMean / bottomMean });
    }
    if (ratios.length === 0) return { check, status: /** @type {const} */ ('NOT MEASURED'), reason: 'no pair named' };
    const worst = ratios.reduce((a, b) => (b.value > a.value ? b : a));
    const holds = check.inclusive ? worst.value <= check.limit : worst.value < check.limit;
    return { check, status: holds ? /** @type {const} */ ('PASS') : /** @type {const} */ ('FAIL'), measured: worst.value, measuredBy: worst.label };
  });
}

/**
 * @param {MeanFigure | undefined} row
 * @returns {number | undefined}
 */
function usableMean(row) {
  const mean = row?.state === 'measured' ? row.meanMicros : undefined;
  return typeof mean === 'number' && Number.isFinite(mean) && mean > 0 ? mean : undefined;
}
