// @ts-check
/**
 * The report as data: titled tables of strings plus notes, rendered to text for the terminal
 * and to Markdown for `bench/RESULTS.md` from the same model, so the two never disagree.
 */
import { formatBytes, formatInUnit, formatLimit, formatMicros, formatRate, formatRatio } from './format-figures.mjs';

/**
 * @typedef {object} Table
 * @property {string} title
 * @property {readonly string[]} columns
 * @property {ReadonlyArray<readonly string[]>} rows
 * @property {readonly number[]} [numericColumns] Indexes of right-aligned columns.
 */

/**
 * @typedef {object} Machine
 * @property {number} cpuCount
 * @property {string} cpuModel
 * @property {string} node
 * @property {string} platform
 * @property {number} totalMemoryBytes
 */

/**
 * @typedef {object} BenchReport
 * @property {string} date ISO 8601.
 * @property {Machine} machine
 * @property {ReadonlyArray<import('./measure-tasks.mjs').TaskMeasurement & { vsBaseline?: number, vsCheapestPeer?: number }>} timings
 * @property {ReadonlyArray<import('./measure-heap.mjs').HeapMeasurement & { vsCheapestPeer?: number }>} heaps
 * @property {readonly import('./budgets.mjs').BudgetVerdict[]} budgets
 * @property {readonly string[]} notes Problems and observations, most important first.
 * @property {import('./parse-report-tables.mjs').ParsingReport} [parsing] Issue 3's tool-call
 *   parsing section.
 * @property {import('./execution-report-tables.mjs').ExecutionReport} [execution] Issue 5's tool
 *   execution section.
 * @property {import('./repair-safety/safety-table.mjs').SafetyComparison} [safety] Issue 11's repair
 *   safety run.
 * @property {import('./text-calls/text-call-table.mjs').TextCallReport} [textCalls] Issue 12's
 *   text-call corpus and extraction cost.
 * @property {readonly import('./import-cost/measure-import-cost.mjs').ImportCostRow[]} [importCost] Issue 14's
 *   import cost of the core entry beside `openai` and `ollama`.
 * @property {import('./gateway/measure-gateway.mjs').GatewayReport} [gateway] Issue 15's gateway beside
 *   the same scripted upstream reached directly.
 * @property {readonly import('./hostile-inputs/run-hostile.mjs').HostileRow[]} [hostile] Issue 13's
 *   hostile inputs: the event-loop hold of one call within the limits.
 * @property {readonly import('./hostile-inputs/run-host-attacks.mjs').HostAttackRow[]} [hostAttacks] The
 *   same section's attacks on the real host process: its heap, event loop and `/healthz` under attack.
 */

/**
 * @param {BenchReport} report
 * @returns {Table}
 */
export function timingTable(report) {
  return timingRowsTable('Timings (per operation)', report.timings);
}

/**
 * Headings of a timing table's ratio columns.
 *
 * @typedef {object} RatioColumns
 * @property {string} baseline Heading of `vsBaseline`.
 * @property {string} [cheapestPeer] Heading of `vsCheapestPeer`; the column is left out when absent.
 */

/** @type {Readonly<RatioColumns>} */
const PEER_RATIO_COLUMNS = Object.freeze({ baseline: '× JSON.parse', cheapestPeer: '× cheapest peer' });

/**
 * A timing table of any rows, with their ratios. A failed row gives its reason in the last column.
 *
 * @param {string} title
 * @param {BenchReport['timings']} timings
 * @param {RatioColumns} [ratioColumns] `× JSON.parse` and `× cheapest peer` unless given.
 * @returns {Table}
 */
export function timingRowsTable(title, timings, ratioColumns = PEER_RATIO_COLUMNS) {
  const withPeer = ratioColumns.cheapestPeer !== undefined;
  const headings = withPeer ? [ratioColumns.baseline, ratioColumns.cheapestPeer ?? ''] : [ratioColumns.baseline];
  return {
    title,
    columns: ['Task', 'ops/s', 'mean µs', 'p99 µs', ...headings],
    // Every column but the task's name.
    numericColumns: Array.from({ length: 3 + headings.length }, (_, index) => index + 1),
    rows: timings.map((row) => {
      if (row.state !== 'measured') return [row.label, 'failed', '—', '—', ...headings.slice(1).map(() => '—'), `(${row.failure ?? 'no reason'})`];
      const ratios = withPeer ? [formatRatio(row.vsBaseline), formatRatio(row.vsCheapestPeer)] : [formatRatio(row.vsBaseline)];
      return [row.label, formatRate(row.opsPerSecond), formatMicros(row.meanMicros), formatMicros(row.p99Micros), ...ratios];
    }),
  };
}

/**
 * @param {BenchReport} report
 * @returns {Table}
 */
export function heapTable(report) {
  return {
    title: 'Heap retained per schema',
    columns: ['Subject', 'schemas', 'per schema', 'total', '× cheapest peer'],
    numericColumns: [1, 2, 3, 4],
    rows: report.heaps.map((row) =>
      row.state === 'measured'
        ? [row.label, row.count.toLocaleString('en-US'), formatBytes(row.bytesPerItem), formatBytes(row.retainedBytes), formatRatio(row.vsCheapestPeer)]
        : [row.label, row.count.toLocaleString('en-US'), 'failed', '—', `(${row.failure ?? 'no reason'})`],
    ),
  };
}

/**
 * @param {BenchReport} report
 * @returns {Table}
 */
export function budgetTable(report) {
  return { title: "Budgets (000's NFR-001..005)", columns: BUDGET_COLUMNS, rows: report.budgets.map(budgetRow) };
}

/** Columns of every budget table. */
export const BUDGET_COLUMNS = Object.freeze(['Budget', 'Requirement', 'Limit', 'Measured', 'Status']);

/**
 * One row of a budget table.
 *
 * @param {import('./budgets.mjs').BudgetVerdict} verdict
 * @returns {string[]}
 */
export function budgetRow({ budget, status, measured, measuredBy, reason }) {
  return [
    budget.label,
    budget.requirement,
    `< ${formatLimit(budget.limit, budget.unit)}`,
    measured === undefined ? `— (${reason ?? 'not measured'})` : `${formatInUnit(measured, budget.unit)} (${measuredBy ?? ''})`,
    status,
  ];
}

/**
 * @param {Machine} machine
 * @returns {string}
 */
export function describeMachineLine(machine) {
  return `${machine.cpuCount} × ${machine.cpuModel}, ${formatBytes(machine.totalMemoryBytes)} RAM, ${machine.platform}, Node ${machine.node}`;
}
