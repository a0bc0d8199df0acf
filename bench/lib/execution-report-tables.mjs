// @ts-check
/**
 * The tool execution section of the report as data (see `report-tables.mjs`): its timings, with
 * one ratio column (against the direct call of the same handler; there is no peer), its budgets,
 * and notes on what the figures mean.
 */
import { EXECUTION_MEASUREMENT_IDS } from './execution-tasks.mjs';
import { formatMicros, formatRatio } from './format-figures.mjs';
import { BUDGET_COLUMNS, budgetRow, timingRowsTable } from './report-tables.mjs';

/**
 * @typedef {object} ExecutionReport
 * @property {import('./report-tables.mjs').BenchReport['timings']} timings
 * @property {readonly import('./budgets.mjs').BudgetVerdict[]} budgets Judged on p99.
 */

/** @typedef {import('./report-tables.mjs').Table} Table */

/**
 * @param {ExecutionReport} execution
 * @returns {Table}
 */
export function executionTimingTable(execution) {
  return timingRowsTable('Tool execution timings (per operation; ratios against the direct call of the same handler)', execution.timings, { baseline: '× direct call' });
}

/**
 * @param {ExecutionReport} execution
 * @returns {Table}
 */
export function executionBudgetTable(execution) {
  return { title: "Tool execution budgets (issue 5 and 003's latency budgets, on p99)", columns: BUDGET_COLUMNS, rows: execution.budgets.map(budgetRow) };
}

/**
 * The budgets of the section that did not pass, as one shouted line each.
 *
 * @param {ExecutionReport} execution
 * @returns {string[]}
 */
export function executionMisses(execution) {
  return execution.budgets
    .filter((verdict) => verdict.status !== 'PASS')
    .map(({ budget, status }) => `!!! BUDGET ${status === 'FAIL' ? 'MISSED' : 'NOT MEASURED'}: ${budget.label} (${budget.requirement})`);
}

/**
 * Notes on the section's figures: what the in-process executor adds to the core `file_read`
 * handler on average (its budget is judged on the whole row), and how few samples each
 * child-process row has.
 *
 * @param {ExecutionReport['timings']} timings
 * @returns {string[]}
 */
export function executionNotes(timings) {
  /** @type {string[]} */
  const notes = [];
  const byId = (/** @type {string} */ id) => timings.find((row) => row.id === id && row.state === 'measured');
  const direct = byId(EXECUTION_MEASUREMENT_IDS.fileReadDirect);
  const inProcess = byId(EXECUTION_MEASUREMENT_IDS.fileReadInProcess);
  if (direct?.meanMicros !== undefined && inProcess?.meanMicros !== undefined) {
    notes.push(
      `The in-process executor's mean is ${formatMicros(inProcess.meanMicros - direct.meanMicros)} µs above the direct file_read call's (${formatRatio(inProcess.vsBaseline)}); ` +
        'its budget is judged on the whole row, the handler included.',
    );
  }
  const children = [
    ['echo_text', byId(EXECUTION_MEASUREMENT_IDS.echoChildProcess)],
    ['kb_search', byId(EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess)],
  ].flatMap(([tool, row]) => (typeof row === 'object' && row.samples !== undefined ? [`${row.samples} (${tool})`] : []));
  if (children.length > 0) notes.push(`The child-process execution rows took ${children.join(' and ')} samples; each p99 is close to the slowest of its samples.`);
  return notes;
}
