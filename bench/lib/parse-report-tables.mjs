// @ts-check
/**
 * The tool-call parsing section of the report as data (see `report-tables.mjs`): its timings and
 * one budget table holding 002's absolute budgets and issue 3's ratio checks.
 */
import { formatRatio } from './format-figures.mjs';
import { BUDGET_COLUMNS, budgetRow, timingRowsTable } from './report-tables.mjs';

/**
 * @typedef {object} ParsingReport
 * @property {import('./report-tables.mjs').BenchReport['timings']} timings
 * @property {readonly import('./budgets.mjs').BudgetVerdict[]} budgets Absolute, judged on p99.
 * @property {readonly import('./parse-budgets.mjs').RatioVerdict[]} ratios Relative, judged on paired median ratios.
 */

/** @typedef {import('./report-tables.mjs').Table} Table */

/**
 * @param {ParsingReport} parsing
 * @returns {Table}
 */
export function parseTimingTable(parsing) {
  return timingRowsTable('Tool-call parsing timings (per operation; ratios against the same input)', parsing.timings);
}

/**
 * @param {ParsingReport} parsing
 * @returns {Table}
 */
export function parseBudgetTable(parsing) {
  return {
    title: "Tool-call parsing budgets (002's targets on p99, issue 3's ratios on paired medians)",
    columns: BUDGET_COLUMNS,
    rows: [...parsing.budgets.map(budgetRow), ...parsing.ratios.map(ratioRow)],
  };
}

/**
 * @param {import('./parse-budgets.mjs').RatioVerdict} verdict
 * @returns {string[]}
 */
export function ratioRow({ check, status, measured, measuredBy, p25, p75, reason }) {
  // The interquartile range says how far to trust the median: a wide one means a noisy run.
  const spread = p25 === undefined || p75 === undefined ? '' : `IQR ${formatRatio(p25)}–${formatRatio(p75)}; `;
  return [
    check.label,
    check.requirement,
    `${check.inclusive ? '≤' : '<'} ${formatRatio(check.limit)}`,
    measured === undefined ? `— (${reason ?? 'not measured'})` : `${formatRatio(measured)} (${spread}${measuredBy ?? ''})`,
    status,
  ];
}

/**
 * The verdicts of the section that did not pass, as one shouted line each.
 *
 * @param {ParsingReport} parsing
 * @returns {string[]}
 */
export function parsingMisses(parsing) {
  const judged = [
    ...parsing.budgets.map(({ budget, status }) => ({ label: budget.label, requirement: budget.requirement, status })),
    ...parsing.ratios.map(({ check, status }) => ({ label: check.label, requirement: check.requirement, status })),
  ];
  return judged
    .filter((verdict) => verdict.status !== 'PASS')
    .map((verdict) => `!!! BUDGET ${verdict.status === 'FAIL' ? 'MISSED' : 'NOT MEASURED'}: ${verdict.label} (${verdict.requirement})`);
}
