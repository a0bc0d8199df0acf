// @ts-check
/**
 * 000's performance budgets (NFR-001..005, AC-076..080) and the check of measured figures
 * against them. Latency budgets are judged on the 99th percentile, not the mean: a budget is a
 * promise about nearly every call.
 */

/**
 * @typedef {object} Budget
 * @property {string} id
 * @property {string} requirement The requirement it comes from.
 * @property {string} label
 * @property {number} limit Exclusive upper bound, in `unit`.
 * @property {'µs' | 'bytes'} unit
 * @property {'timing' | 'heap'} source Which measurements it is judged on.
 * @property {readonly string[]} measurementIds Judged on the worst of these; all must be measured.
 */

/**
 * @typedef {object} BudgetVerdict
 * @property {Budget} budget
 * @property {'PASS' | 'FAIL' | 'NOT MEASURED'} status
 * @property {number} [measured] The worst figure among the budget's measurements.
 * @property {string} [measuredBy] Label of the measurement that gave `measured`.
 * @property {string} [reason] Why it was not measured.
 */

/** Task and heap ids the budgets read; the bench must use these ids. */
export const BUDGET_MEASUREMENT_IDS = Object.freeze({
  compile: 'acode-compile',
  validateValid: 'acode-parse-validate-valid',
  validateInvalid: 'acode-parse-validate-invalid',
  getAllTools: 'acode-get-all-tools-1000',
  checkDefinition: 'acode-check-definition',
  heap1000: 'acode-heap-1000',
  heap10000: 'acode-heap-10000',
});

/** @type {readonly Budget[]} */
export const BUDGETS = Object.freeze([
  {
    id: 'compile',
    requirement: 'NFR-001 / AC-076',
    label: 'Schema compilation, p99',
    limit: 10_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [BUDGET_MEASUREMENT_IDS.compile],
  },
  {
    id: 'validate',
    requirement: 'NFR-002 / AC-077',
    label: 'Argument validation from JSON text, p99 (worse of valid and invalid)',
    limit: 1_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [BUDGET_MEASUREMENT_IDS.validateValid, BUDGET_MEASUREMENT_IDS.validateInvalid],
  },
  {
    id: 'get-all-tools',
    requirement: 'NFR-003 / AC-078',
    label: '`getAllTools()` with 1,000 tools, p99',
    limit: 100,
    unit: 'µs',
    source: 'timing',
    measurementIds: [BUDGET_MEASUREMENT_IDS.getAllTools],
  },
  {
    id: 'definition-validation',
    requirement: '001 §10.9 (issue 16)',
    label: 'Tool definition validation (domain rules + license policy), p99',
    limit: 5_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [BUDGET_MEASUREMENT_IDS.checkDefinition],
  },
  {
    id: 'heap-per-schema',
    requirement: 'NFR-005 / AC-080',
    label: 'Heap per registered schema (worse of 1,000 and 10,000)',
    // 50 KiB, the unit decision 10 uses for the schema size limit.
    limit: 50 * 1024,
    unit: 'bytes',
    source: 'heap',
    measurementIds: [BUDGET_MEASUREMENT_IDS.heap1000, BUDGET_MEASUREMENT_IDS.heap10000],
  },
]);

/**
 * @typedef {object} Figure
 * @property {string} id
 * @property {string} label
 * @property {'measured' | 'failed'} state
 * @property {number} [p99Micros]
 * @property {number} [bytesPerItem]
 * @property {string} [failure]
 */

/**
 * Judges every budget. A budget whose measurements are missing or failed is `NOT MEASURED`,
 * never `PASS`.
 *
 * @param {readonly Budget[]} budgets
 * @param {{ timings: readonly Figure[], heaps: readonly Figure[] }} measurements
 * @returns {BudgetVerdict[]}
 */
export function checkBudgets(budgets, measurements) {
  return budgets.map((budget) => {
    const pool = budget.source === 'timing' ? measurements.timings : measurements.heaps;
    /** @type {Array<{ label: string, value: number }>} */
    const figures = [];
    for (const id of budget.measurementIds) {
      const figure = pool.find((candidate) => candidate.id === id);
      const value = figure?.state === 'measured' ? (budget.source === 'timing' ? figure.p99Micros : figure.bytesPerItem) : undefined;
      if (figure === undefined || typeof value !== 'number' || !Number.isFinite(value)) {
        const reason = figure?.failure ?? `${id} was not measured`;
        return { budget, status: /** @type {const} */ ('NOT MEASURED'), reason };
      }
      figures.push({ label: figure.label, value });
    }
    if (figures.length === 0) return { budget, status: /** @type {const} */ ('NOT MEASURED'), reason: 'no measurement named' };
    const worst = figures.reduce((a, b) => (b.value > a.value ? b : a));
    return {
      budget,
      status: worst.value < budget.limit ? /** @type {const} */ ('PASS') : /** @type {const} */ ('FAIL'),
      measured: worst.value,
      measuredBy: worst.label,
    };
  });
}
