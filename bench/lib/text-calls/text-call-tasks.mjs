// @ts-check
/**
 * The extraction cost rows of the text-call section (issue 12): the whole corpus parsed once per
 * sample (its cost per KiB of content), and two linearity rows: 1 MiB of prose with no call (but
 * every near-miss of a marker: braces, brackets, angle brackets, fences, `>>>`, tool names), and
 * 1,000 `<tool_call>` spans (the parser decodes the first 128, its cap per response, and must
 * still scan the rest in linear time).
 */
import { NEGATIVES_FILE, textResponse } from './corpus.mjs';

/** @typedef {import('../measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./corpus.mjs').CorpusFile} CorpusFile */

/** Task ids of the rows, in the table's order. */
export const TEXT_CALL_TASK_IDS = Object.freeze({
  corpus: 'acode-text-calls-corpus',
  noCall: 'acode-text-calls-1mib-no-call',
  manyCalls: 'acode-text-calls-1000-calls',
  positives: 'acode-text-calls-positives',
});

/** Task id prefix of a family's cost row; the family's file name follows. */
export const FAMILY_TASK_PREFIX = 'acode-text-calls-family-';

/** One MiB. */
export const MIB = 1024 * 1024;

/** Calls of the many-calls row. */
export const MANY_CALLS = 1000;

/** The budget of a row that takes milliseconds: a second of samples, at least ten. */
const SLOW_LIMITS = Object.freeze({ timeMs: 1000, warmupTimeMs: 200, iterations: 10, warmupIterations: 2 });

/**
 * The budget of a family's row: its texts are a KiB or two, parsed in a fraction of a millisecond,
 * so a third of a second gives hundreds of samples; twenty-odd families then cost seconds, not half a minute.
 */
const FAMILY_LIMITS = Object.freeze({ timeMs: 300, warmupTimeMs: 50, iterations: 20, warmupIterations: 5 });

/** A paragraph with every near-miss of a call marker and no call. */
const NEAR_MISS_PARAGRAPH =
  'The forecast {sunny, 21°C} [see notes] uses get_weather (not functools) and <b>bold</b> text; ' +
  '3 > 2 >> 1 >>> 0, a <tool> tag never closed, {"name": "lookup_inventory"} and ``` a fence.\n';

/**
 * Prose of exactly `bytes` UTF-8 bytes with no call in it.
 *
 * @param {number} bytes
 * @returns {string}
 */
export function proseWithoutCalls(bytes) {
  const unit = Buffer.from(NEAR_MISS_PARAGRAPH, 'utf8');
  const out = Buffer.alloc(bytes, 0x20);
  for (let at = 0; at + unit.length <= bytes; at += unit.length) unit.copy(out, at);
  return out.toString('utf8');
}

/**
 * `count` Hermes calls of `get_weather`, one a line.
 *
 * @param {number} count
 * @returns {string}
 */
export function manyToolCalls(count) {
  const lines = [];
  for (let index = 0; index < count; index += 1) lines.push(`<tool_call>{"name": "get_weather", "arguments": {"city": "City ${index}"}}</tool_call>`);
  return lines.join('\n');
}

/**
 * @typedef {object} CostInput
 * @property {string} id A {@link TEXT_CALL_TASK_IDS} value.
 * @property {string} label
 * @property {readonly string[]} contents Parsed one after the other in one operation.
 * @property {number} bytes UTF-8 bytes of all the contents.
 * @property {import('../measure-tasks.mjs').TaskLimits} [limits] The row's time budget; a second of samples when left out.
 */

/**
 * @param {readonly string[]} texts
 * @returns {number}
 */
function utf8Bytes(texts) {
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
}

/**
 * One cost input per corpus file (its texts parsed in one operation), then every family's texts
 * but the negatives' (the cost of the table's total row).
 *
 * @param {readonly CorpusFile[]} files
 * @returns {Array<CostInput & { family: string }>}
 */
export function familyCostInputs(files) {
  const perFamily = files.map(({ file, cases }) => {
    const contents = cases.map((item) => item.content);
    return { id: `${FAMILY_TASK_PREFIX}${file}`, family: file, label: `${file} (${contents.length} texts)`, contents, bytes: utf8Bytes(contents), limits: FAMILY_LIMITS };
  });
  const positives = files.filter(({ file }) => file !== NEGATIVES_FILE).flatMap(({ cases }) => cases.map((item) => item.content));
  return [...perFamily, { id: TEXT_CALL_TASK_IDS.positives, family: '', label: `every family but the negatives (${positives.length} texts)`, contents: positives, bytes: utf8Bytes(positives), limits: SLOW_LIMITS }];
}

/**
 * The three inputs of the cost rows.
 *
 * @param {readonly CorpusFile[]} files
 * @returns {CostInput[]}
 */
export function costInputs(files) {
  const corpus = files.flatMap((file) => file.cases.map((item) => item.content));
  const bytes = utf8Bytes;
  const noCall = [proseWithoutCalls(MIB)];
  const many = [manyToolCalls(MANY_CALLS)];
  return [
    { id: TEXT_CALL_TASK_IDS.corpus, label: `whole corpus (${corpus.length} texts)`, contents: corpus, bytes: bytes(corpus) },
    { id: TEXT_CALL_TASK_IDS.noCall, label: '1 MiB of prose, no call', contents: noCall, bytes: bytes(noCall) },
    { id: TEXT_CALL_TASK_IDS.manyCalls, label: `${MANY_CALLS.toLocaleString('en-US')} <tool_call> spans`, contents: many, bytes: bytes(many) },
  ];
}

/**
 * One timing task per cost input: every content parsed by `parse` in one operation.
 *
 * @param {(response: unknown) => unknown} parse
 * @param {readonly CostInput[]} inputs
 * @returns {TaskSpec[]}
 */
export function textCallTasks(parse, inputs) {
  return inputs.map((input) => {
    const responses = input.contents.map(textResponse);
    return {
      id: input.id,
      label: `acode parseResponse, ${input.label}`,
      work: input.id,
      role: /** @type {const} */ ('acode'),
      batch: 1,
      run: () => {
        let last;
        for (const response of responses) last = parse(response);
        return last;
      },
      limits: input.limits ?? SLOW_LIMITS,
    };
  });
}
