// @ts-check
/**
 * `pnpm fuzz:repair [--cases N] [--seed S]`: issue 11's safety contract at scale. Generates N
 * damaged arguments (100,000 by default), runs them through this project's argument decoding and
 * through jsonrepair, prints the table per damage kind, and exits 1 if our decoding changed the
 * meaning of a single case (each is printed with its seed and index, to reproduce). Runs on the
 * built packages: `pnpm build` first (the `fuzz:repair` script does).
 */
import { textTable } from './lib/render-report.mjs';
import { runSafetyComparison, SAFETY_CASES, SAFETY_SEED } from './lib/repair-safety/run-comparison.mjs';
import { safetyTable } from './lib/repair-safety/safety-table.mjs';

/**
 * @param {string} flag
 * @param {number} fallback
 */
function numberFlag(flag, fallback) {
  const at = process.argv.indexOf(flag);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    process.stderr.write(`${flag} takes a non-negative integer\n`);
    process.exit(2);
  }
  return value;
}

const count = numberFlag('--cases', SAFETY_CASES);
const seed = numberFlag('--seed', SAFETY_SEED);
const comparison = await runSafetyComparison({ seed, count });
process.stdout.write(`${textTable(safetyTable(comparison))}\n`);
const { total, meaningChanges } = comparison.acode;
if (total.undetectable > 0) process.stdout.write(`${total.undetectable} cases were valid JSON as damaged (the generator should not make them)\n`);
for (const item of meaningChanges) {
  process.stdout.write(`\nMEANING CHANGE: seed ${seed}, case ${item.index} (${item.damages.join(' + ')})\n  text:     ${JSON.stringify(item.text)}\n  original: ${JSON.stringify(item.original)}\n`);
}
process.stdout.write(`\n${total.meaning_change === 0 ? 'OK' : 'FAILED'}: ${total.meaning_change} meaning changes in ${total.cases.toLocaleString('en-US')} cases\n`);
process.exitCode = total.meaning_change === 0 ? 0 : 1;
