// @ts-check
/**
 * The text-call section of the report (issue 12) as tables: per family, the cases extracted right,
 * the calls missed and the false calls; then the extraction cost per KiB of content, with the two
 * linearity rows.
 */

import { NEGATIVES_FILE } from './corpus.mjs';

/** @typedef {import('./corpus-run.mjs').FamilyTally} FamilyTally */
/** @typedef {import('../measure-tasks.mjs').TaskMeasurement} TaskMeasurement */

/**
 * @typedef {object} CostRow
 * @property {string} label
 * @property {number} bytes UTF-8 bytes parsed in one operation.
 * @property {number} calls Calls the parser returned for the input (all its texts together).
 * @property {TaskMeasurement} [measurement] Absent when the row could not be timed.
 */

/**
 * @typedef {object} TextCallReport
 * @property {readonly FamilyTally[]} families One per corpus file, the negatives last.
 * @property {readonly CostRow[]} cost The corpus row first, then the linearity rows.
 */

/**
 * @param {number} value
 * @returns {string}
 */
function count(value) {
  return value.toLocaleString('en-US');
}

/**
 * @param {number} part
 * @param {number} whole
 * @returns {string}
 */
function percent(part, whole) {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

/**
 * @param {readonly FamilyTally[]} families
 * @returns {import('../report-tables.mjs').Table}
 */
export function textCallTable(families) {
  const positives = families.filter((tally) => tally.family !== NEGATIVES_FILE);
  const total = positives.reduce(
    (sum, tally) => ({ cases: sum.cases + tally.cases, expectedCalls: sum.expectedCalls + tally.expectedCalls, right: sum.right + tally.right, missed: sum.missed + tally.missed, falseCalls: sum.falseCalls + tally.falseCalls, errors: sum.errors + tally.errors }),
    { cases: 0, expectedCalls: 0, right: 0, missed: 0, falseCalls: 0, errors: 0 },
  );
  /**
   * @param {string} label
   * @param {{ cases: number, expectedCalls: number, right: number, missed: number, falseCalls: number, errors: number }} tally
   */
  const row = (label, tally) => [label, count(tally.cases), count(tally.expectedCalls), `${count(tally.right)} (${percent(tally.right, tally.cases)})`, count(tally.missed), count(tally.falseCalls), count(tally.errors)];
  return {
    title: 'Text-call corpus: calls written in the text, per format family',
    columns: ['Family', 'cases', 'expected calls', 'extracted right', 'missed calls', 'false calls', 'failed calls'],
    rows: [...families.map((tally) => row(tally.family, tally)), row('all families (negatives excluded)', total)],
    numericColumns: [1, 2, 3, 4, 5, 6],
  };
}

/**
 * @param {readonly CostRow[]} rows The corpus row first: the others' cost per KiB is divided by it.
 * @returns {import('../report-tables.mjs').Table}
 */
export function textCallCostTable(rows) {
  const perKiB = (/** @type {CostRow} */ row) => (row.measurement?.meanMicros === undefined || row.bytes === 0 ? undefined : row.measurement.meanMicros / (row.bytes / 1024));
  const reference = rows[0] === undefined ? undefined : perKiB(rows[0]);
  return {
    title: 'Text-call extraction cost (parseResponse of text-only answers)',
    columns: ['Input', 'KiB', 'calls found', 'mean µs', 'p99 µs', 'µs per KiB', '× corpus per KiB'],
    rows: rows.map((row) => {
      const cost = perKiB(row);
      const measured = row.measurement?.state === 'measured';
      return [
        row.label,
        (row.bytes / 1024).toFixed(1),
        count(row.calls),
        measured && row.measurement?.meanMicros !== undefined ? row.measurement.meanMicros.toFixed(1) : `not measured${row.measurement?.failure ? `: ${row.measurement.failure}` : ''}`,
        measured && row.measurement?.p99Micros !== undefined ? row.measurement.p99Micros.toFixed(1) : '—',
        cost === undefined ? '—' : cost.toFixed(2),
        cost === undefined || reference === undefined || reference === 0 ? '—' : `${(cost / reference).toFixed(2)}×`,
      ];
    }),
    numericColumns: [1, 2, 3, 4, 5, 6],
  };
}
