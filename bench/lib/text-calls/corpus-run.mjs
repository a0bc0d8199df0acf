// @ts-check
/**
 * Runs the text-call corpus through a parser and counts, per family, the cases extracted exactly
 * right, the expected calls missed, and the false calls (calls the text did not hold: the one
 * outcome issue 12 forbids). A negative case has no expected call, so every call it gives is false.
 */
import { NEGATIVES_FILE, textResponse } from './corpus.mjs';

/** @typedef {import('./corpus.mjs').CorpusFile} CorpusFile */
/** @typedef {import('./corpus.mjs').CorpusCall} CorpusCall */

/**
 * @typedef {object} FamilyTally
 * @property {string} family The corpus file: a family, or `negatives`.
 * @property {number} cases
 * @property {number} expectedCalls
 * @property {number} right Cases whose calls were exactly the expected ones, with no error.
 * @property {number} missed Expected calls not found.
 * @property {number} falseCalls Calls found that the case did not expect.
 * @property {number} errors Failed calls reported (a marked call that could not be read...).
 * @property {string[]} failedCases Ids of the cases not right.
 */

/**
 * The part of a parse result the run reads.
 *
 * @typedef {object} CorpusParseResult
 * @property {ReadonlyArray<{ name: string, arguments: unknown }>} toolCalls
 * @property {readonly unknown[]} errors
 */

/**
 * A key equal for equal calls: the name and the arguments with object keys sorted.
 *
 * @param {{ name: string, arguments: unknown }} call
 * @returns {string}
 */
export function callKey(call) {
  return JSON.stringify([call.name, sortKeys(call.arguments)]);
}

/**
 * @param {unknown} value
 * @returns {unknown}
 */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = /** @type {Record<string, unknown>} */ (value);
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortKeys(record[key])]),
  );
}

/**
 * Scores one case: the expected and the found calls are matched as multisets.
 *
 * @param {readonly CorpusCall[]} expected
 * @param {CorpusParseResult} result
 * @returns {{ right: boolean, missed: number, falseCalls: number, errors: number }}
 */
export function scoreCase(expected, result) {
  /** @type {Map<string, number>} */
  const pending = new Map();
  for (const call of expected) pending.set(callKey(call), (pending.get(callKey(call)) ?? 0) + 1);
  let falseCalls = 0;
  for (const call of result.toolCalls) {
    const key = callKey(call);
    const left = pending.get(key) ?? 0;
    if (left > 0) pending.set(key, left - 1);
    else falseCalls += 1;
  }
  const missed = [...pending.values()].reduce((sum, count) => sum + count, 0);
  // Right means the calls in the model's order, nothing missed, nothing added, nothing failed.
  const inOrder = result.toolCalls.length === expected.length && result.toolCalls.every((call, index) => callKey(call) === callKey(/** @type {CorpusCall} */ (expected[index])));
  return { right: inOrder && result.errors.length === 0, missed, falseCalls, errors: result.errors.length };
}

/**
 * Runs every case of every file through `parse`.
 *
 * @param {(response: unknown) => CorpusParseResult} parse The parser's `parseResponse`.
 * @param {readonly CorpusFile[]} files
 * @returns {FamilyTally[]} One tally per file, the negatives last.
 */
export function runCorpus(parse, files) {
  const ordered = [...files.filter((file) => file.file !== NEGATIVES_FILE), ...files.filter((file) => file.file === NEGATIVES_FILE)];
  return ordered.map(({ file, cases }) => {
    /** @type {FamilyTally} */
    const tally = { family: file, cases: 0, expectedCalls: 0, right: 0, missed: 0, falseCalls: 0, errors: 0, failedCases: [] };
    for (const item of cases) {
      const score = scoreCase(item.expected, parse(textResponse(item.content)));
      tally.cases += 1;
      tally.expectedCalls += item.expected.length;
      tally.missed += score.missed;
      tally.falseCalls += score.falseCalls;
      tally.errors += score.errors;
      if (score.right) tally.right += 1;
      else tally.failedCases.push(item.id);
    }
    return tally;
  });
}
