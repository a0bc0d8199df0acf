// @ts-check
/**
 * Before anything is timed, every execution row must give the right answer: a call the executor
 * refused answers fast and would measure nothing useful. `kb_search` must find the onboarding
 * process directly and, with the same results, through the executor in a child process (isolation
 * `standard`), with a fresh execution id each time; `file_read` (the core tool) must read the
 * bench's file directly and, with the same data, through the executor in process (isolation
 * `none`); `echo_text` must echo its text directly and from a child process. Findings are notes
 * for the report, as in `check-subjects.mjs`.
 */
import { isDeepStrictEqual } from 'node:util';
import { executeInFreshTurn } from './execution-tasks.mjs';
import { ECHO_ARGS, ECHO_TOOL_NAME, FILE_READ_ARGS, FILE_READ_CONTENT, FILE_READ_NAME, FILE_READ_PATH, KB_SEARCH_ARGS, KB_SEARCH_EXPECTED_ID, KB_SEARCH_NAME } from './execution-fixtures.mjs';

/** @typedef {import('./load-execution.mjs').ExecutionSubjects} ExecutionSubjects */
/** @typedef {import('./load-execution.mjs').BenchToolResponse} BenchToolResponse */

/**
 * @param {ExecutionSubjects | undefined} execution
 * @returns {Promise<{ problems: string[], facts: string[] }>} `problems` are wrong answers;
 *   `facts` are observations worth recording.
 */
export async function checkExecution(execution) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const facts = [];
  if (!execution) return { problems, facts };
  const { kbSearch, fileRead, echo } = execution;

  const direct = await attempt(() => kbSearch.direct.execute({ args: KB_SEARCH_ARGS, context: kbSearch.direct.context }));
  const directIds = resultIds(direct);
  if (typeof direct === 'string') problems.push(`${KB_SEARCH_NAME} handler threw: ${direct}`);
  else if (!direct?.ok || !directIds.includes(KB_SEARCH_EXPECTED_ID)) problems.push(`${KB_SEARCH_NAME} handler did not find ${KB_SEARCH_EXPECTED_ID} (${describe(direct)})`);

  const { registryVersion } = kbSearch.standard;
  /** @type {string[]} */
  const executionIds = [];
  for (let call = 1; call <= 2; call += 1) {
    const response = await attempt(() => executeInFreshTurn(kbSearch.standard, { name: KB_SEARCH_NAME, args: KB_SEARCH_ARGS }));
    const problem = wrongResponse(response, 'standard', registryVersion);
    if (problem) {
      problems.push(`acode ToolExecutor, ${KB_SEARCH_NAME}, call ${call}: ${problem}`);
      continue;
    }
    const answered = /** @type {BenchToolResponse & { ok: true }} */ (response);
    executionIds.push(answered.meta.executionId);
    if (!resultIds(answered).includes(KB_SEARCH_EXPECTED_ID)) problems.push(`acode ToolExecutor, ${KB_SEARCH_NAME}, call ${call}: no ${KB_SEARCH_EXPECTED_ID} among the results`);
    else if (direct && typeof direct !== 'string' && !isDeepStrictEqual(answered.data?.results, direct.data?.results)) {
      problems.push(`acode ToolExecutor, ${KB_SEARCH_NAME}, call ${call}: results differ from the direct call's`);
    }
  }
  if (executionIds.length === 2 && executionIds[0] === executionIds[1]) problems.push(`acode ToolExecutor, ${KB_SEARCH_NAME}: two calls got the same execution id`);

  const read = await attempt(() => fileRead.direct.execute({ args: FILE_READ_ARGS, context: fileRead.direct.context }));
  if (typeof read === 'string' || read?.ok !== true || read.data?.content !== FILE_READ_CONTENT) problems.push(`${FILE_READ_NAME} handler did not read ${FILE_READ_PATH} (${describe(read)})`);

  const core = fileRead.inProcess;
  const inProcess = await attempt(() => executeInFreshTurn(core, { name: FILE_READ_NAME, args: FILE_READ_ARGS }));
  const inProcessProblem = wrongResponse(inProcess, 'none', core.registryVersion);
  if (inProcessProblem) problems.push(`acode ToolExecutor, ${FILE_READ_NAME}: ${inProcessProblem}`);
  else if (typeof inProcess !== 'string' && inProcess.ok && typeof read !== 'string' && !isDeepStrictEqual(inProcess.data, read?.data)) {
    problems.push(`acode ToolExecutor, ${FILE_READ_NAME}: the data differ from the direct call's`);
  }

  const echoed = await attempt(() => echo.direct.execute({ args: ECHO_ARGS, context: echo.direct.context }));
  if (typeof echoed === 'string' || echoed?.data?.echoed !== ECHO_ARGS.text) problems.push(`${ECHO_TOOL_NAME} handler did not echo its text (${describe(echoed)})`);

  const standard = echo.standard;
  const fromChild = await attempt(() => executeInFreshTurn(standard, { name: ECHO_TOOL_NAME, args: ECHO_ARGS }));
  const childProblem = wrongResponse(fromChild, 'standard', standard.registryVersion);
  if (childProblem) problems.push(`acode ToolExecutor, ${ECHO_TOOL_NAME}: ${childProblem}`);
  else if (typeof fromChild !== 'string' && fromChild.ok && fromChild.data?.echoed !== ECHO_ARGS.text) problems.push(`acode ToolExecutor, ${ECHO_TOOL_NAME}: the child process did not echo the text`);

  if (problems.length === 0) {
    facts.push(
      `Tool execution: ${KB_SEARCH_NAME} found ${directIds.join(', ')} directly and, with the same results, through the executor in a child process (isolation standard, registry v${registryVersion}); ` +
        `the core tool ${FILE_READ_NAME} read ${FILE_READ_PATH} directly and, with the same data, through the executor in process (isolation none); ` +
        `the echo handler echoed its text directly and from a child process (${ECHO_TOOL_NAME}, isolation standard).`,
    );
  }
  return { problems, facts };
}

/**
 * What is wrong with an executor's response, or `undefined` when it ran in the expected
 * isolation, against the pinned registry, and was not a replay.
 *
 * @param {BenchToolResponse | string} response A response, or the message of what was thrown.
 * @param {'none' | 'standard'} isolation
 * @param {string} registryVersion
 * @returns {string | undefined}
 */
export function wrongResponse(response, isolation, registryVersion) {
  if (typeof response === 'string') return `threw ${response}`;
  if (!response.ok) return `answered ${response.error.type}: ${response.error.message}`;
  if (response.meta.replayed === true) return 'replayed an earlier run instead of running';
  if (response.meta.isolation !== isolation) return `ran with isolation ${response.meta.isolation ?? 'unknown'}, not ${isolation}`;
  if (response.meta.registryVersion !== registryVersion) return `answered from registry v${response.meta.registryVersion}, not v${registryVersion}`;
  return undefined;
}

/**
 * The ids of a `kb_search` result's records.
 *
 * @param {unknown} result
 * @returns {string[]}
 */
function resultIds(result) {
  const results = /** @type {any} */ (result)?.data?.results;
  return Array.isArray(results) ? results.map((/** @type {any} */ record) => String(record?.id)) : [];
}

/**
 * A short description of an answer, for a problem line.
 *
 * @param {unknown} result
 * @returns {string}
 */
function describe(result) {
  if (typeof result === 'string') return `threw ${result}`;
  const text = JSON.stringify(result);
  return text === undefined ? String(result) : text.slice(0, 200);
}

/**
 * The value of a call, or the first line of what it threw.
 *
 * @template T
 * @param {() => Promise<T>} action
 * @returns {Promise<T | string>}
 */
async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n', 1)[0]?.slice(0, 200) ?? 'unknown error';
  }
}
