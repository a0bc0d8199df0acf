// @ts-check
/**
 * The inputs of the tool-call parsing benchmarks (issue 3): the arguments texts every repairer
 * gets, and OpenAI chat completions carrying `file_read` calls. Plain data, built fresh on each
 * call so no subject can answer from a cache keyed by object identity.
 */
import { FILE_READ_NAME } from './fixtures.mjs';

/**
 * One arguments text every repairer is timed on.
 *
 * @typedef {object} RepairInput
 * @property {string} id Key fragment of the input's rows.
 * @property {string} label Shown in the report.
 * @property {string} text The arguments text, as a model sent it.
 * @property {boolean} valid Whether `text` is valid JSON already (then `JSON.parse` is timed too).
 * @property {unknown} expected The value a correct repair parses to.
 */

/** Approximate size of the large valid input, in UTF-16 code units (all ASCII, so bytes too). */
export const LARGE_INPUT_TARGET_LENGTH = 10 * 1024;

/** A trailing comma before the closing brace: 002's most common fault. */
export const TRAILING_COMMA_TEXT = '{"path": "src/index.ts", "encoding": "utf-8",}';

/** Three faults at once: an unquoted key, single quotes and a trailing comma (002's combined example). */
export const MULTI_ERROR_TEXT = "{path: 'test',}";

/** Output cut off before the closing brace. */
export const TRUNCATED_TEXT = '{"path": "src/index.ts", "start_line": 1';

/** The typical correct call, with spaces removed as servers send it. */
export const VALID_SMALL_TEXT = '{"path":"src/index.ts","encoding":"utf-8","start_line":1,"end_line":40}';

/**
 * A valid object of about 10 KiB: strings (with escapes) and arrays of
 * numbers and strings, the shape of a large `file_write` or multi-edit call.
 *
 * @returns {Record<string, unknown>}
 */
export function largeValidArguments() {
  /** @type {Array<{ line: number, text: string, tags: string[] }>} */
  const edits = [];
  /** @type {Record<string, unknown>} */
  const value = { path: 'src/generated/large-module.ts', encoding: 'utf-8', edits, checksums: [] };
  const checksums = /** @type {number[]} */ (value.checksums);
  for (let line = 1; JSON.stringify(value).length < LARGE_INPUT_TARGET_LENGTH; line += 1) {
    edits.push({ line, text: `export const value${line} = "line ${line}\twith \"quotes\"";`, tags: ['edit', `l${line}`] });
    checksums.push((line * 2_654_435_761) % 4_294_967_296);
  }
  return value;
}

/**
 * The five inputs shared by this project's repairer and jsonrepair (and, for the valid two,
 * `JSON.parse`).
 *
 * @returns {RepairInput[]}
 */
export function repairInputs() {
  const large = largeValidArguments();
  return [
    { id: 'trailing-comma', label: 'trailing comma', text: TRAILING_COMMA_TEXT, valid: false, expected: { path: 'src/index.ts', encoding: 'utf-8' } },
    { id: 'multi-error', label: 'unquoted key + single quotes + trailing comma', text: MULTI_ERROR_TEXT, valid: false, expected: { path: 'test' } },
    { id: 'truncated', label: 'truncated (missing brace)', text: TRUNCATED_TEXT, valid: false, expected: { path: 'src/index.ts', start_line: 1 } },
    { id: 'valid-small', label: `valid, ${VALID_SMALL_TEXT.length} B`, text: VALID_SMALL_TEXT, valid: true, expected: JSON.parse(VALID_SMALL_TEXT) },
    { id: 'valid-large', label: `valid, ${Math.round(JSON.stringify(large).length / 1024)} KiB`, text: JSON.stringify(large), valid: true, expected: large },
  ];
}

/**
 * The arguments text of the `index`-th `file_read` call of a response.
 *
 * @param {number} index
 * @returns {string}
 */
export function fileReadArgumentsText(index) {
  return JSON.stringify({ path: `src/module-${index}.ts`, start_line: index + 1, end_line: index + 40 });
}

/**
 * An OpenAI-compatible chat completion whose assistant message carries `count` `file_read`
 * calls, arguments as strings (as OpenAI sends them).
 *
 * @param {number} count A positive integer.
 * @param {(index: number) => string} [argumentsText] The arguments text of each call.
 * @returns {Record<string, unknown>}
 */
export function chatCompletion(count, argumentsText = fileReadArgumentsText) {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  return {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'qwen2.5-coder:7b',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: Array.from({ length: count }, (_, index) => ({
            id: `call_bench_${index}`,
            type: 'function',
            function: { name: FILE_READ_NAME, arguments: argumentsText(index) },
          })),
        },
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 30 * count, total_tokens: 120 + 30 * count },
  };
}

/**
 * The full-pipeline input: one `file_read` call whose arguments end in a trailing comma.
 *
 * @returns {Record<string, unknown>}
 */
export function malformedCompletion() {
  return chatCompletion(1, () => TRAILING_COMMA_TEXT);
}
