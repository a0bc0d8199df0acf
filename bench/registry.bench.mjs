// @ts-check
/**
 * `pnpm bench`: this registry against JSON.parse, Ajv 2020 and raw @cfworker/json-schema, in one
 * process, side by side; then heap per schema and 000's budgets; then tool-call parsing (repair,
 * extraction, the full pipeline) against JSON.parse and jsonrepair, with 002's and issue 3's
 * budgets (issue 3's ratios from paired, interleaved runs); then tool execution (shipped handlers
 * called directly against the same call through the `ToolExecutor`: the core `file_read` in
 * process, `kb_search` and the bench's echo tool in a child process) with issue 5's budgets; then
 * repair safety, calls in text, hostile inputs (with two attacks on the real host process), import
 * cost, and the gateway (issue 15: the host's
 * `/v1/chat/completions`, `/v1/messages` and `/v1/responses` beside the same scripted upstream reached directly; alone with
 * `pnpm bench:gateway`). Prints the report and writes it to `bench/RESULTS.md`. Exits non-zero only when the bench itself crashes; budget misses are
 * printed, not fatal. Run with `node --expose-gc` (the heap figures need it).
 */
import { writeFileSync } from 'node:fs';
import { BUDGETS, checkBudgets } from './lib/budgets.mjs';
import { checkExecution } from './lib/check-execution.mjs';
import { checkParsing } from './lib/check-parsing.mjs';
import { checkSubjects } from './lib/check-subjects.mjs';
import { describeMachine } from './lib/describe-machine.mjs';
import { EXECUTION_BUDGETS } from './lib/execution-budgets.mjs';
import { executionNotes } from './lib/execution-report-tables.mjs';
import { executionTasks } from './lib/execution-tasks.mjs';
import { heapSubjects } from './lib/heap-subjects.mjs';
import { loadAcode } from './lib/load-acode.mjs';
import { loadExecution } from './lib/load-execution.mjs';
import { loadPeers } from './lib/load-peers.mjs';
import { loadToolCallParsing } from './lib/load-tool-calls.mjs';
import { measureHeap } from './lib/measure-heap.mjs';
import { measureRatioPairs } from './lib/measure-ratio-pairs.mjs';
import { measureTasks } from './lib/measure-tasks.mjs';
import { PARSE_BUDGETS, PARSE_RATIO_CHECKS, checkRatios } from './lib/parse-budgets.mjs';
import { parseTasks } from './lib/parse-tasks.mjs';
import { withRatios, withRatiosByWork } from './lib/ratios.mjs';
import { renderMarkdown, renderText } from './lib/render-report.mjs';
import { hostAttackNotes, hostileNotes } from './lib/hostile-inputs/hostile-table.mjs';
import { importSubjects } from './lib/import-cost/import-subjects.mjs';
import { importCostNotes, measureImportCost } from './lib/import-cost/measure-import-cost.mjs';
import { runGatewaySection } from './lib/gateway/run-gateway.mjs';
import { runHostAttacks } from './lib/hostile-inputs/run-host-attacks.mjs';
import { runHostileInputs } from './lib/hostile-inputs/run-hostile.mjs';
import { runSafetyComparison } from './lib/repair-safety/run-comparison.mjs';
import { runTextCalls } from './lib/text-calls/run-text-calls.mjs';
import { timingTasks } from './lib/timing-tasks.mjs';

const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

async function main() {
  const [loaded, peers] = await Promise.all([loadAcode(), loadPeers()]);
  const acode = loaded.ok ? loaded : undefined;
  /** @type {string[]} */
  const notes = [];
  if (!loaded.ok) notes.push(`This project's registry was NOT MEASURED: ${loaded.reason}.`);
  if (typeof globalThis.gc !== 'function') notes.push('Heap figures need `node --expose-gc`; they were not measured.');

  const loadedParsing = await loadToolCallParsing(acode);
  const parsing = loadedParsing.ok ? loadedParsing : undefined;
  if (!loadedParsing.ok) notes.push(`This project's repairer and parser were NOT MEASURED: ${loadedParsing.reason}.`);

  const loadedExecution = await loadExecution();
  const execution = loadedExecution.ok ? loadedExecution : undefined;
  if (!loadedExecution.ok) notes.push(`This project's tool executor was NOT MEASURED: ${loadedExecution.reason}.`);
  try {
    await measureAndReport({ acode, peers, parsing, execution, notes });
  } finally {
    // Closes the execution stores and removes the temporary tools folders.
    execution?.dispose();
  }
}

/**
 * Checks every subject's answers, measures every section and writes the report.
 *
 * @param {object} subjects
 * @param {import('./lib/load-acode.mjs').AcodeSubjects | undefined} subjects.acode
 * @param {readonly import('./lib/load-peers.mjs').Peer[]} subjects.peers
 * @param {import('./lib/load-tool-calls.mjs').ParsingSubjects | undefined} subjects.parsing
 * @param {import('./lib/load-execution.mjs').ExecutionSubjects | undefined} subjects.execution
 * @param {string[]} subjects.notes Notes so far; the checks' findings are added.
 */
async function measureAndReport({ acode, peers, parsing, execution, notes }) {
  const checked = checkSubjects(acode, peers);
  const checkedParsing = checkParsing(parsing);
  const checkedExecution = await checkExecution(execution);
  notes.push(
    ...[...checked.problems, ...checkedParsing.problems, ...checkedExecution.problems].map((problem) => `WRONG ANSWER: ${problem}; its figures are not comparable.`),
    ...checked.facts,
    ...checkedParsing.facts,
    ...checkedExecution.facts,
  );

  process.stdout.write('Timing tasks (about half a minute)...\n');
  const timings = withRatios(await measureTasks(timingTasks(acode, peers)), (row) => row.meanMicros);
  process.stdout.write('Heap per schema...\n');
  const heaps = withRatios(
    heapSubjects(acode, peers).map((subject) => measureHeap(subject)),
    (row) => row.bytesPerItem,
  );
  const budgets = checkBudgets(BUDGETS, { timings, heaps });
  process.stdout.write('Tool-call parsing tasks (about ten seconds)...\n');
  const parsingTasks = parseTasks(parsing, peers);
  const parseTimings = withRatiosByWork(await measureTasks(parsingTasks), (row) => row.meanMicros);
  process.stdout.write('Paired ratio checks (a few seconds)...\n');
  const parsingReport = {
    timings: parseTimings,
    budgets: checkBudgets(PARSE_BUDGETS, { timings: parseTimings, heaps: [] }),
    ratios: checkRatios(PARSE_RATIO_CHECKS, measureRatioPairs(PARSE_RATIO_CHECKS, parsingTasks)),
  };

  process.stdout.write('Tool execution tasks (about fifteen seconds)...\n');
  const executionTimings = withRatiosByWork(await measureTasks(executionTasks(execution)), (row) => row.meanMicros);
  const executionReport = { timings: executionTimings, budgets: checkBudgets(EXECUTION_BUDGETS, { timings: executionTimings, heaps: [] }) };
  notes.push(...executionNotes(executionTimings));

  process.stdout.write('Repair safety run (100,000 damaged arguments, a few seconds)...\n');
  const safety = parsing === undefined ? undefined : await runSafetyComparison();
  if (safety !== undefined && safety.acode.total.meaning_change > 0) notes.unshift(`MEANING CHANGES: this project's repair changed the meaning of ${safety.acode.total.meaning_change} damaged arguments; run \`pnpm fuzz:repair\` for the cases.`);

  process.stdout.write('Text-call corpus, extraction cost per family and the replay through the gateway (about twenty seconds)...\n');
  const textCalls = parsing === undefined ? undefined : await runTextCalls(acode);
  if (textCalls !== undefined && !textCalls.ok) notes.push(`Text-call section not measured: ${textCalls.reason}.`);
  if (textCalls?.ok) notes.push(...textCalls.notes);
  const textCallReport = textCalls?.ok ? textCalls.report : undefined;
  const falseCalls = textCallReport?.families.reduce((sum, family) => sum + family.falseCalls, 0) ?? 0;
  if (falseCalls > 0) notes.unshift(`FALSE CALLS: the parser took ${falseCalls} call(s) from the text-call corpus that the text did not hold; run \`npx vitest run packages/infrastructure/test/tool-calls/text-call-corpus.test.ts\` for the cases.`);

  process.stdout.write('Hostile inputs (a few seconds)...\n');
  const hostile = runHostileInputs(acode, parsing);
  notes.push(...hostileNotes(hostile));
  process.stdout.write('Hostile inputs: the host under attack (real host processes, about half a minute)...\n');
  const hostAttacks = await runHostAttacks();
  notes.push(...hostAttacks.notes, ...hostAttackNotes(hostAttacks.rows));

  process.stdout.write('Import cost (fresh node processes, about twenty seconds)...\n');
  const { subjects: imports, missing } = importSubjects();
  const importCost = measureImportCost(imports);
  notes.push(...importCostNotes(importCost), ...missing.map((peer) => `Import cost of ${peer} NOT MEASURED: the package is not installed.`));

  process.stdout.write('Gateway, directly and through the host (chat, Messages and Responses routes; about forty seconds)...\n');
  const gateway = await runGatewaySection();
  notes.push(...gateway.notes);

  const report = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    timings,
    heaps,
    budgets,
    parsing: parsingReport,
    execution: executionReport,
    safety,
    ...(textCallReport === undefined ? {} : { textCalls: textCallReport }),
    ...(hostile.length === 0 ? {} : { hostile }),
    ...(hostAttacks.rows.length === 0 ? {} : { hostAttacks: hostAttacks.rows }),
    importCost,
    ...(gateway.ok ? { gateway: gateway.report } : {}),
    notes,
  };
  process.stdout.write(`\n${renderText(report)}`);
  writeFileSync(RESULTS_FILE, renderMarkdown(report));
  process.stdout.write(`\nWrote ${RESULTS_FILE.pathname}\n`);
}

try {
  await main();
} catch (error) {
  // A crash of the bench itself: the one case that fails the run.
  process.stderr.write(`bench crashed: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
