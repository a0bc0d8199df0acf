// @ts-check
/**
 * Runs the text-call part of the bench alone (a minute, not the whole bench's several) and
 * rewrites only its section of `bench/RESULTS.md`: from `# Calls written in the text` to the next
 * top-level heading. The rest of the file is left as the last full run wrote it.
 *
 *   node bench/lib/text-calls/update-results.mjs                      # after `pnpm build`
 *   node bench/lib/text-calls/update-results.mjs --keep-as-previous   # and make this run the baseline
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadAcode } from '../load-acode.mjs';
import { markdownTable, textTable } from '../render-report.mjs';
import { keepAsPrevious } from './previous-run.mjs';
import { runTextCalls } from './run-text-calls.mjs';
import { textCallContext, textCallCostTable, textCallPreamble, textCallTable } from './text-call-table.mjs';

const RESULTS_FILE = new URL('../../RESULTS.md', import.meta.url);

/** The section's first line in `RESULTS.md`. */
export const SECTION_HEADING = '# Calls written in the text';

/**
 * `markdown` with its text-call section replaced by `section` (appended when it has none).
 *
 * @param {string} markdown
 * @param {string} section Ends with a newline.
 * @returns {string}
 */
export function replaceSection(markdown, section) {
  const lines = markdown.split('\n');
  const start = lines.indexOf(SECTION_HEADING);
  if (start === -1) return `${markdown.trimEnd()}\n\n${section}`;
  const next = lines.findIndex((line, index) => index > start && line.startsWith('# '));
  const after = next === -1 ? [] : lines.slice(next);
  return [...lines.slice(0, start), ...section.trimEnd().split('\n'), ...(after.length === 0 ? [] : ['', ...after])].join('\n') + (after.length === 0 ? '\n' : '');
}

async function main() {
  const loaded = await loadAcode();
  const result = await runTextCalls(loaded.ok ? loaded : undefined);
  if (!result.ok) throw new Error(`the text-call part could not run: ${result.reason}`);
  const runAt = new Date().toISOString();
  const report = { ...result.report, runAlone: runAt };
  const families = textCallTable(report.families, textCallContext(report));
  const cost = textCallCostTable(report.cost, report.previous);
  process.stdout.write(`${textTable(families)}\n\n${textTable(cost)}\n`);
  for (const note of result.notes) process.stdout.write(`- ${note}\n`);
  const section = [textCallPreamble(report), markdownTable(families), '', markdownTable(cost), ''].join('\n');
  writeFileSync(RESULTS_FILE, replaceSection(readFileSync(RESULTS_FILE, 'utf8'), section));
  process.stdout.write(`\nRewrote the text-call section of ${RESULTS_FILE.pathname}\n`);
  if (process.argv.includes('--keep-as-previous')) {
    keepAsPrevious(result.report, runAt);
    process.stdout.write('Kept this run as the previous run of the next.\n');
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`text-call bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}
