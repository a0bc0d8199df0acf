// @ts-check
/**
 * The "Hostile inputs" section of the bench (issue 13): each case of `hostile-cases.mjs` run a few
 * times through the built registry (validation from the arguments' text) or repairer, timing each
 * synchronous call, which is how long it holds the event loop. The worst run is the figure.
 */
import { performance } from 'node:perf_hooks';
import { HOLD_GOAL_MS, hostileCases } from './hostile-cases.mjs';

/**
 * @typedef {object} HostileRow
 * @property {string} id
 * @property {string} label
 * @property {number} bytes UTF-8 size of the input.
 * @property {number} runs Timed runs (after one warm-up).
 * @property {number} worstMs The longest run.
 * @property {number} medianMs
 * @property {number} goalMs What the worst run should stay under: {@link HOLD_GOAL_MS} for a
 *   validation, the budget plus 10% for a repair.
 * @property {string} outcome What the call answered (first error code, or "valid", or "repaired").
 * @property {string} [problem] Set when the answer was not the expected one.
 */

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * @param {() => unknown} call
 * @param {number} runs
 * @returns {{ times: number[], last: unknown }}
 */
function timeRuns(call, runs) {
  let last = call(); // warm-up: compiles the code paths, as a long-running host has
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = call();
    times.push(performance.now() - started);
  }
  return { times, last };
}

/**
 * @param {import('../load-acode.mjs').AcodeSubjects | undefined} acode
 * @param {import('../load-tool-calls.mjs').ParsingSubjects | undefined} parsing
 * @param {{ runs?: number, limit?: number }} [options]
 * @returns {HostileRow[]}
 */
export function runHostileInputs(acode, parsing, options = {}) {
  const runs = options.runs ?? 5;
  /** @type {HostileRow[]} */
  const rows = [];
  for (const testCase of hostileCases(options.limit === undefined ? {} : { limit: options.limit })) {
    const bytes = Buffer.byteLength(testCase.text);
    if (testCase.kind === 'validate') {
      if (acode === undefined) continue;
      const registry = acode.createRegistry();
      registry.registerTool(testCase.definition);
      const name = /** @type {{ name: string }} */ (testCase.definition).name;
      const { times, last } = timeRuns(() => registry.tryValidateArguments(name, testCase.text), runs);
      const result = /** @type {import('../load-acode.mjs').BenchValidationResult} */ (last);
      const outcome = result.success ? 'valid' : `${result.errors[0]?.code ?? 'no error'} (${result.errors.length} errors)`;
      const problem = result.success === testCase.expectValid ? undefined : `expected ${testCase.expectValid ? 'valid' : 'an error'}`;
      rows.push({ id: testCase.id, label: testCase.label, bytes, runs, worstMs: Math.max(...times), medianMs: median(times), goalMs: HOLD_GOAL_MS, outcome, ...(problem === undefined ? {} : { problem }) });
    } else {
      if (parsing === undefined) continue;
      const { times, last } = timeRuns(() => parsing.repairer.repair(testCase.text, { timeoutMs: testCase.budgetMs }), runs);
      const result = /** @type {import('../load-tool-calls.mjs').BenchRepairResult} */ (last);
      rows.push({ id: testCase.id, label: testCase.label, bytes, runs, worstMs: Math.max(...times), medianMs: median(times), goalMs: testCase.budgetMs * 1.1, outcome: result.success ? 'repaired' : (result.error?.code ?? 'failed') });
    }
  }
  return rows;
}
