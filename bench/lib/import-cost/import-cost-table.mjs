// @ts-check
/**
 * The "Import cost" section of the report (issue 14) as a table, each row beside `openai`'s.
 */
import { IMPORT_GOALS } from './import-subjects.mjs';

/**
 * @param {readonly import('./measure-import-cost.mjs').ImportCostRow[]} rows
 * @returns {import('../report-tables.mjs').Table}
 */
export function importCostTable(rows) {
  const openai = rows.find((row) => row.label === 'openai');
  return {
    title: 'Import cost: one fresh node process per import, medians of interleaved rounds',
    columns: ['Import', 'wall ms', 'ms above node -e 0', 'RSS MiB', 'MiB above node -e 0', '× openai (ms above)', 'goal', 'verdict'],
    rows: rows.map((row, index) => [
      row.label,
      figure(row.medianMs),
      index === 0 ? '' : figure(row.aboveMs),
      figure(row.rssMiB),
      index === 0 ? '' : figure(row.aboveMiB),
      index === 0 || openai === undefined || !(openai.aboveMs > 0) || !Number.isFinite(row.aboveMs) ? '' : `${(row.aboveMs / openai.aboveMs).toFixed(2)}×`,
      row.judged ? `< ${IMPORT_GOALS.ms} ms, < ${IMPORT_GOALS.mib} MiB` : '',
      row.problem !== undefined ? 'NOT MEASURED' : !row.judged ? '' : row.aboveMs < IMPORT_GOALS.ms && row.aboveMiB < IMPORT_GOALS.mib ? 'PASS' : 'OVER',
    ]),
    numericColumns: [1, 2, 3, 4, 5],
  };
}

/**
 * @param {number} value
 * @returns {string}
 */
function figure(value) {
  return Number.isFinite(value) ? value.toFixed(1) : '—';
}
