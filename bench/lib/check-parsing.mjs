// @ts-check
/**
 * Before anything is timed, every repairer and the parser must give the right answer on the
 * bench inputs: a fast repairer that returns the wrong JSON measures nothing useful. Findings are
 * notes for the report, as in `check-subjects.mjs`.
 */
import { isDeepStrictEqual } from 'node:util';
import { FILE_READ_NAME } from './fixtures.mjs';
import { JSONREPAIR_NAME, repairWithJsonrepair } from './jsonrepair-peer.mjs';
import { argumentsOf, EXTRACTION_COUNTS } from './parse-tasks.mjs';
import { chatCompletion, malformedCompletion, repairInputs } from './parse-fixtures.mjs';

/**
 * @param {import('./load-tool-calls.mjs').ParsingSubjects | undefined} parsing
 * @returns {{ problems: string[], facts: string[] }} `problems` are wrong answers; `facts` are
 *   observations worth recording (which repairs ran).
 */
export function checkParsing(parsing) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const facts = [];

  for (const input of repairInputs()) {
    const repaired = repairWithJsonrepair(input.text);
    if (!parsesTo(repaired, input.expected)) problems.push(`${JSONREPAIR_NAME} did not repair the ${input.label} input to the expected value`);
  }
  if (!parsing) return { problems, facts };

  for (const input of repairInputs()) {
    const result = attempt(() => parsing.repairer.repair(input.text, { timeoutMs: parsing.repairTimeoutMs }));
    if (typeof result === 'string') {
      problems.push(`acode repair threw on the ${input.label} input: ${result}`);
    } else if (input.valid) {
      if (result.attempted || !result.success || result.repairs.length > 0) problems.push(`acode flagged the ${input.label} input as needing repair`);
      if (result.repaired !== undefined && result.repaired !== input.text) problems.push(`acode changed the ${input.label} input`);
    } else if (!result.success || !parsesTo(result.repaired, input.expected)) {
      problems.push(`acode did not repair the ${input.label} input to the expected value${result.error ? ` (${result.error.code})` : ''}`);
    } else {
      facts.push(`acode repaired the ${input.label} input with ${result.repairs.join(', ') || 'no named repair'}`);
    }
  }

  for (const count of EXTRACTION_COUNTS) {
    const response = chatCompletion(count);
    const expected = argumentsOf(response).map((text) => ({ name: FILE_READ_NAME, arguments: JSON.parse(text) }));
    const problem = wrongCalls(attempt(() => parsing.parser.parseResponse(response)), expected);
    if (problem) problems.push(`acode parseResponse, ${count} call(s): ${problem}`);
  }
  // The arguments of `malformedCompletion()` once the trailing comma is gone.
  const pipelineArguments = { path: 'src/index.ts', encoding: 'utf-8' };
  const pipelineProblem = wrongCalls(attempt(() => parsing.parser.parseResponse(malformedCompletion())), [{ name: FILE_READ_NAME, arguments: pipelineArguments }]);
  if (pipelineProblem) problems.push(`acode parseResponse, trailing comma: ${pipelineProblem}`);
  return { problems, facts };
}

/**
 * @param {string | undefined} text
 * @param {unknown} expected
 * @returns {boolean}
 */
function parsesTo(text, expected) {
  if (text === undefined) return false;
  try {
    return isDeepStrictEqual(JSON.parse(text), expected);
  } catch {
    return false;
  }
}

/**
 * What is wrong with a parse result, or `undefined` when it holds exactly the expected calls.
 * Defaults the registry applies (`encoding`) may be added to the expected arguments.
 *
 * @param {import('./load-tool-calls.mjs').BenchParseResult | string} result A result, or the
 *   message of what the parser threw.
 * @param {ReadonlyArray<{ name: string, arguments: Record<string, unknown> }>} expected
 * @returns {string | undefined}
 */
export function wrongCalls(result, expected) {
  if (typeof result === 'string') return `threw: ${result}`;
  if (!result.success) return `failed with ${result.errors.map((error) => error.code).join(', ') || 'no error code'}`;
  if (result.toolCalls.length !== expected.length) return `returned ${result.toolCalls.length} calls, expected ${expected.length}`;
  for (const [index, call] of result.toolCalls.entries()) {
    const want = expected[index];
    if (!want || call.name !== want.name) return `call ${index} is named ${call.name}`;
    // Compared as JSON data: the parser may hand out frozen or prototype-less objects.
    const received = JSON.parse(JSON.stringify(call.arguments));
    const withDefaults = { encoding: 'utf-8', ...want.arguments };
    if (!isDeepStrictEqual(received, want.arguments) && !isDeepStrictEqual(received, withDefaults)) return `call ${index} has other arguments than sent`;
  }
  return undefined;
}

/**
 * Runs `operation`; a throw (a fault: expected failures are results) becomes its message's first
 * line, so one broken subject does not stop the bench.
 *
 * @template T
 * @param {() => T} operation
 * @returns {T | string}
 */
function attempt(operation) {
  try {
    return operation();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n', 1)[0]?.slice(0, 200) ?? 'unknown error';
  }
}
