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
 * Notes on the section's figures: what the in-process executor adds to the handler on average
 * (its budget is judged on the whole row), and how few samples the child-process row has.
 *
 * @param {ExecutionReport['timings']} timings
 * @returns {string[]}
 */
export function executionNotes(timings) {
  /** @type {string[]} */
  const notes = [];
  const byId = (/** @type {string} */ id) => timings.find((row) => row.id === id && row.state === 'measured');
  const direct = byId(EXECUTION_MEASUREMENT_IDS.kbSearchDirect);
  const inProcess = byId(EXECUTION_MEASUREMENT_IDS.inProcess);
  if (direct?.meanMicros !== undefined && inProcess?.meanMicros !== undefined) {
    notes.push(
      `The in-process executor's mean is ${formatMicros(inProcess.meanMicros - direct.meanMicros)} µs above the direct kb_search call's (${formatRatio(inProcess.vsBaseline)}); ` +
        'its budget is judged on the whole row, the handler included.',
    );
  }
  const child = byId(EXECUTION_MEASUREMENT_IDS.childProcess);
  if (child?.samples !== undefined) notes.push(`The child-process execution row took ${child.samples} samples; its p99 is close to the slowest of them.`);
  return notes;
}
