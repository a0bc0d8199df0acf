// @ts-check
/**
 * Import cost (issue 14): each subject imported in a fresh `node` process, rounds interleaved so a
 * noisy moment hits every subject alike; the medians of wall time (spawn to exit) and of resident
 * memory once the import is done, and both above the `node -e 0` baseline of the same rounds. The
 * resident size is read in the child (`process.memoryUsage().rss`), not as its peak: on Linux a
 * child's `maxRSS` starts from its parent's high-water mark, so under the bench it read the same
 * for every row.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { IMPORT_GOALS } from './import-subjects.mjs';

/**
 * @typedef {object} ImportCostRow
 * @property {string} label
 * @property {number} medianMs Wall time of the whole process.
 * @property {number} aboveMs Median wall time minus the baseline's.
 * @property {number} rssMiB Median resident memory after the import.
 * @property {number} aboveMiB Median resident memory minus the baseline's.
 * @property {boolean} judged Whether the goals apply.
 * @property {string | undefined} problem Why the row could not be measured.
 */

/**
 * @param {readonly import('./import-subjects.mjs').ImportSubject[]} subjects Baseline first.
 * @param {number} [rounds]
 * @returns {ImportCostRow[]}
 */
export function measureImportCost(subjects, rounds = 15) {
  /** @type {{ ms: number[], kib: number[], problem: string | undefined }[]} */
  const samples = subjects.map(() => ({ ms: [], kib: [], problem: undefined }));
  for (let round = 0; round < rounds; round += 1) {
    subjects.forEach((subject, index) => {
      const sample = samples[index];
      if (sample === undefined || sample.problem !== undefined) return;
      const importLine = subject.url === undefined ? '' : `await import(${JSON.stringify(subject.url)});`;
      const started = performance.now();
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', `${importLine}process.stdout.write(String(process.memoryUsage().rss))`], { encoding: 'utf8' });
      const ms = performance.now() - started;
      const kib = Number(child.stdout) / 1024;
      if (child.status !== 0 || !Number.isFinite(kib)) {
        sample.problem = `exit ${child.status}: ${(child.stderr || '').split('\n').find((line) => line.trim() !== '') ?? 'no output'}`;
        return;
      }
      sample.ms.push(ms);
      sample.kib.push(kib);
    });
  }
  const baseline = samples[0];
  const baseMs = baseline ? median(baseline.ms) : 0;
  const baseKib = baseline ? median(baseline.kib) : 0;
  return subjects.map((subject, index) => {
    const sample = samples[index] ?? { ms: [], kib: [], problem: 'not run' };
    const ms = median(sample.ms);
    const kib = median(sample.kib);
    return {
      label: subject.label,
      medianMs: ms,
      aboveMs: ms - baseMs,
      rssMiB: kib / 1024,
      aboveMiB: (kib - baseKib) / 1024,
      judged: subject.judged === true,
      problem: sample.problem,
    };
  });
}

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Notes for a judged row over a goal, or a row that could not be measured.
 *
 * @param {readonly ImportCostRow[]} rows
 * @returns {string[]}
 */
export function importCostNotes(rows) {
  return rows.flatMap((row) => {
    if (row.problem !== undefined) return [`Import cost of ${row.label} NOT MEASURED: ${row.problem}.`];
    if (!row.judged) return [];
    const over = [];
    if (row.aboveMs > IMPORT_GOALS.ms) over.push(`${row.aboveMs.toFixed(0)} ms above node -e 0 (goal < ${IMPORT_GOALS.ms})`);
    if (row.aboveMiB > IMPORT_GOALS.mib) over.push(`${row.aboveMiB.toFixed(1)} MiB above node -e 0 (goal < ${IMPORT_GOALS.mib})`);
    return over.length === 0 ? [] : [`Importing ${row.label} costs ${over.join(' and ')}.`];
  });
}
