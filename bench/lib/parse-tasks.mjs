// @ts-check
/**
 * The tool-call parsing timing tasks (issue 3): this project's repairer, jsonrepair and, on valid
 * text, `JSON.parse`, on each shared input; extraction of 1 and 10 calls from an OpenAI chat
 * completion; and the full parse + repair + validate pipeline on one malformed call. Rows on the
 * same input share `work`, so each is divided by the `JSON.parse` and the cheapest peer of its
 * own input.
 */
import { fileReadParameters } from './fixtures.mjs';
import { JSONREPAIR_NAME, repairWithJsonrepair } from './jsonrepair-peer.mjs';
import { batched } from './measure-tasks.mjs';
import { chatCompletion, malformedCompletion, repairInputs } from './parse-fixtures.mjs';

/** @typedef {import('./measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./load-tool-calls.mjs').ParsingSubjects} ParsingSubjects */
/** @typedef {import('./load-peers.mjs').Peer} Peer */

/** Operations per sample on the small inputs, which take about a microsecond. */
const SMALL_INPUT_BATCH = 20;

/** Task ids the parsing budgets read; the bench must use these ids. */
export const PARSE_MEASUREMENT_IDS = Object.freeze({
  extractOne: 'acode-extract-1',
  extractTen: 'acode-extract-10',
  repairTrailingComma: 'acode-repair-trailing-comma',
  pipeline: 'acode-pipeline-trailing-comma',
});

/** Call counts of the extraction rows. */
export const EXTRACTION_COUNTS = Object.freeze([1, 10]);

/**
 * Id of the row of `subject` on the repair input `inputId`.
 *
 * @param {'acode-repair' | 'jsonrepair' | 'json-parse'} subject
 * @param {string} inputId
 * @returns {string}
 */
export function repairTaskId(subject, inputId) {
  return `${subject}-${inputId}`;
}

/**
 * Builds every parsing task. This project's rows are left out when its parser is not available.
 *
 * @param {ParsingSubjects | undefined} parsing
 * @param {readonly Peer[]} peers The schema validators, for the peers' pipeline rows.
 * @returns {TaskSpec[]}
 */
export function parseTasks(parsing, peers) {
  return [...repairTasks(parsing), ...extractionTasks(parsing), ...pipelineTasks(parsing, peers)];
}

/**
 * @param {ParsingSubjects | undefined} parsing
 * @returns {TaskSpec[]}
 */
function repairTasks(parsing) {
  /** @type {TaskSpec[]} */
  const tasks = [];
  for (const input of repairInputs()) {
    const { text } = input;
    const work = `repair: ${input.label}`;
    // The 10 KiB input takes tens of microseconds: one per sample is enough to dwarf the timer.
    const batch = text.length > 1024 ? 1 : SMALL_INPUT_BATCH;
    /** @param {string} id @param {string} label @param {import('./measure-tasks.mjs').TaskRole} role @param {() => unknown} operation */
    const add = (id, label, role, operation) => tasks.push({ id, label, work, role, batch, run: batched(operation, batch) });
    if (input.valid) add(repairTaskId('json-parse', input.id), `JSON.parse, ${input.label}`, 'baseline', () => JSON.parse(text));
    if (parsing) {
      const options = { timeoutMs: parsing.repairTimeoutMs };
      add(repairTaskId('acode-repair', input.id), `acode repair, ${input.label}`, 'acode', () => parsing.repairer.repair(text, options));
    }
    add(repairTaskId('jsonrepair', input.id), `${JSONREPAIR_NAME}, ${input.label}`, 'peer', () => repairWithJsonrepair(text));
  }
  return tasks;
}

/**
 * Extraction through `parseResponse`, as 002's benchmark times it: that includes decoding and
 * validating each call against the registry. When the package exports the extraction step alone
 * (`readResponse`), it gets a row too. The baseline is the least any extractor must do:
 * `JSON.parse` of every call's arguments string.
 *
 * @param {ParsingSubjects | undefined} parsing
 * @returns {TaskSpec[]}
 */
function extractionTasks(parsing) {
  return EXTRACTION_COUNTS.flatMap((count) => {
    const calls = count === 1 ? '1 call' : `${count} calls`;
    const work = `extract ${calls}`;
    const response = chatCompletion(count);
    const argumentTexts = argumentsOf(response);
    /** @type {TaskSpec[]} */
    const tasks = [
      {
        id: `json-parse-arguments-${count}`,
        label: `JSON.parse of the arguments alone, ${calls}`,
        work,
        role: 'baseline',
        batch: 1,
        run: () => argumentTexts.map((text) => JSON.parse(text)),
      },
    ];
    if (parsing) {
      tasks.push({
        id: count === 1 ? PARSE_MEASUREMENT_IDS.extractOne : count === 10 ? PARSE_MEASUREMENT_IDS.extractTen : `acode-extract-${count}`,
        label: `acode parseResponse (extract + validate), ${calls}`,
        work,
        role: 'acode',
        batch: 1,
        run: () => parsing.parser.parseResponse(response),
      });
      const { readResponse } = parsing;
      if (readResponse) {
        tasks.push({ id: `acode-read-response-${count}`, label: `acode readResponse (extraction only), ${calls}`, work, role: 'acode', batch: 1, run: () => readResponse(response) });
      }
    }
    return tasks;
  });
}

/**
 * One malformed call end to end. The peers' rows do the same steps with jsonrepair and a bare
 * validator: repair, parse, validate (no error mapping, no defaults, no extraction rules).
 *
 * @param {ParsingSubjects | undefined} parsing
 * @param {readonly Peer[]} peers
 * @returns {TaskSpec[]}
 */
function pipelineTasks(parsing, peers) {
  const work = 'parse + repair + validate, trailing comma';
  const response = malformedCompletion();
  /** @type {TaskSpec[]} */
  const tasks = [];
  if (parsing) {
    tasks.push({
      id: PARSE_MEASUREMENT_IDS.pipeline,
      label: 'acode parseResponse, 1 call with a trailing comma',
      work,
      role: 'acode',
      batch: 1,
      run: () => parsing.parser.parseResponse(response),
    });
  }
  for (const peer of peers) {
    const validate = peer.createEngine().compile(fileReadParameters());
    tasks.push({
      id: `jsonrepair-${peer.id}-pipeline`,
      label: `${JSONREPAIR_NAME} + JSON.parse + ${peer.name} validate`,
      work,
      role: 'peer',
      batch: 1,
      run: () =>
        argumentsOf(response).map((text) => {
          const repaired = repairWithJsonrepair(text);
          return repaired !== undefined && validate(JSON.parse(repaired));
        }),
    });
  }
  return tasks;
}

/**
 * The arguments strings of a chat completion built by `parse-fixtures.mjs`.
 *
 * @param {Record<string, any>} response
 * @returns {string[]}
 */
export function argumentsOf(response) {
  return response.choices[0].message.tool_calls.map((/** @type {any} */ call) => call.function.arguments);
}
