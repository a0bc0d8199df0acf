// @ts-check
/**
 * The previous run of the text-call section, kept as `previous-run.json` beside this file so each
 * run's tables can show it: a committed baseline, since `RESULTS.md` is rewritten by every run.
 * Move it with `node bench/lib/text-calls/update-results.mjs --keep-as-previous` after a run worth keeping.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { TOTAL_LABEL } from './text-call-table.mjs';
import { microsPerKiB } from './text-call-table.mjs';

/** @typedef {import('./text-call-table.mjs').PreviousRun} PreviousRun */
/** @typedef {import('./text-call-table.mjs').TextCallReport} TextCallReport */

/** The baseline file. */
export const PREVIOUS_RUN_FILE = new URL('./previous-run.json', import.meta.url);

/**
 * Reads the baseline; `undefined` when there is none or it cannot be read (the tables then have no previous columns).
 *
 * @param {URL} [file]
 * @returns {PreviousRun | undefined}
 */
export function loadPreviousRun(file = PREVIOUS_RUN_FILE) {
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(value?.families) && Array.isArray(value?.cost) && typeof value?.run === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A report's figures as a baseline for the next run.
 *
 * @param {TextCallReport} report
 * @param {string} run When the report's run was made (ISO date).
 * @returns {PreviousRun & { about: string }}
 */
export function toPreviousRun(report, run) {
  const costs = new Map((report.familyCosts ?? []).map((cost) => [cost.family, cost]));
  /** @param {number | undefined} value */
  const rounded = (value) => (value === undefined ? {} : { microsPerKiB: Number(value.toFixed(2)) });
  const positives = report.families.filter((tally) => tally.family !== 'negatives');
  const total = positives.reduce(
    (sum, tally) => ({ cases: sum.cases + tally.cases, expectedCalls: sum.expectedCalls + tally.expectedCalls, right: sum.right + tally.right, missed: sum.missed + tally.missed, falseCalls: sum.falseCalls + tally.falseCalls, errors: sum.errors + tally.errors }),
    { cases: 0, expectedCalls: 0, right: 0, missed: 0, falseCalls: 0, errors: 0 },
  );
  return {
    about: 'The text-call figures of a previous bench run, printed beside the current run in bench/RESULTS.md. Written by `node bench/lib/text-calls/update-results.mjs --keep-as-previous`.',
    run,
    families: [
      ...report.families.map((tally) => {
        const cost = costs.get(tally.family);
        return { family: tally.family, cases: tally.cases, expectedCalls: tally.expectedCalls, right: tally.right, missed: tally.missed, falseCalls: tally.falseCalls, errors: tally.errors, ...rounded(cost === undefined ? undefined : microsPerKiB(cost.measurement, cost.bytes)) };
      }),
      { family: TOTAL_LABEL, ...total, ...rounded(report.positivesCost === undefined ? undefined : microsPerKiB(report.positivesCost.measurement, report.positivesCost.bytes)) },
    ],
    cost: report.cost.map((row) => ({ id: row.id ?? row.label, label: row.label, ...rounded(microsPerKiB(row.measurement, row.bytes)) })),
  };
}

/**
 * Writes a report's figures as the baseline of the next run.
 *
 * @param {TextCallReport} report
 * @param {string} run
 * @param {URL} [file]
 */
export function keepAsPrevious(report, run, file = PREVIOUS_RUN_FILE) {
  writeFileSync(file, `${JSON.stringify(toPreviousRun(report, run), null, 2)}\n`);
}
