// @ts-check
/**
 * The tool execution timing tasks (issue 5), three tools, each called directly (the baseline) and
 * through the `ToolExecutor` as the product runs it: the shipped `kb_search` (isolation
 * `standard`: a fresh Node process per call); the shipped core tool `file_read` on a small file
 * (isolation `none`, in process: only core tools run there, so its row is the executor's
 * in-process cost plus a handler that does a little file I/O); and the bench's echo handler in a
 * child process (`echo_text`, isolation `standard`: a handler that costs next to nothing, so the
 * row is the child-process path itself). Rows on the same tool share `work`, so each executor row
 * is divided by the direct call of its own handler. Every task is async (the handlers and
 * `execute` return promises) and awaited inside the timed window.
 */
import { ECHO_ARGS, ECHO_TOOL_NAME, FILE_READ_ARGS, FILE_READ_NAME, FILE_READ_PATH, KB_SEARCH_ARGS, KB_SEARCH_NAME } from './execution-fixtures.mjs';

/** @typedef {import('./measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./load-execution.mjs').ExecutionSubjects} ExecutionSubjects */
/** @typedef {import('./load-execution.mjs').BenchToolResponse} BenchToolResponse */
/** @typedef {import('./load-execution.mjs').ExecutorRig} ExecutorRig */

/** Task ids the execution budgets read; the bench must use these ids. */
export const EXECUTION_MEASUREMENT_IDS = Object.freeze({
  kbSearchDirect: 'kb-search-direct',
  kbSearchChildProcess: 'acode-execute-kb-search-standard',
  fileReadDirect: 'file-read-direct',
  fileReadInProcess: 'acode-execute-file-read-in-process',
  echoDirect: 'echo-text-direct',
  echoChildProcess: 'acode-execute-echo-text-standard',
});

/**
 * Each child-process row takes a hundred milliseconds or more per call (a Node start each): a couple of
 * seconds and at least 16 samples, so the two of them keep the section within about 15 s. Their
 * p99 is then close to the slowest sample.
 *
 * @type {Readonly<import('./measure-tasks.mjs').TaskLimits>}
 */
export const CHILD_PROCESS_LIMITS = Object.freeze({ timeMs: 2_000, warmupTimeMs: 200, iterations: 16, warmupIterations: 2 });

/**
 * Builds every execution task; none without the executor (the handlers are loaded with it).
 *
 * @param {ExecutionSubjects | undefined} execution
 * @returns {TaskSpec[]}
 */
export function executionTasks(execution) {
  if (!execution) return [];
  const { kbSearch, fileRead, echo } = execution;
  const kbWork = `${KB_SEARCH_NAME}, one query`;
  const fileWork = `${FILE_READ_NAME}, one small file`;
  const echoWork = 'echo, one text';
  return [
    {
      id: EXECUTION_MEASUREMENT_IDS.kbSearchDirect,
      label: `${KB_SEARCH_NAME} handler, called directly`,
      work: kbWork,
      role: 'baseline',
      batch: 1,
      async: true,
      run: () => kbSearch.direct.execute({ args: KB_SEARCH_ARGS, context: kbSearch.direct.context }),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess,
      label: `acode ToolExecutor.execute, ${KB_SEARCH_NAME}, isolation standard (child process)`,
      work: kbWork,
      role: 'acode',
      batch: 1,
      async: true,
      limits: CHILD_PROCESS_LIMITS,
      run: async () => succeeded(await executeInFreshTurn(kbSearch.standard, { name: KB_SEARCH_NAME, args: KB_SEARCH_ARGS })),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.fileReadDirect,
      label: `${FILE_READ_NAME} handler (core), called directly, ${FILE_READ_PATH}`,
      work: fileWork,
      role: 'baseline',
      batch: 1,
      async: true,
      run: () => fileRead.direct.execute({ args: FILE_READ_ARGS, context: fileRead.direct.context }),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.fileReadInProcess,
      label: `acode ToolExecutor.execute, ${FILE_READ_NAME} (core), isolation none (in process)`,
      work: fileWork,
      role: 'acode',
      batch: 1,
      async: true,
      run: async () => succeeded(await executeInFreshTurn(fileRead.inProcess, { name: FILE_READ_NAME, args: FILE_READ_ARGS })),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.echoDirect,
      label: `${ECHO_TOOL_NAME} handler, called directly`,
      work: echoWork,
      role: 'baseline',
      batch: 1,
      async: true,
      run: () => echo.direct.execute({ args: ECHO_ARGS, context: echo.direct.context }),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.echoChildProcess,
      label: `acode ToolExecutor.execute, ${ECHO_TOOL_NAME}, isolation standard (child process)`,
      work: echoWork,
      role: 'acode',
      batch: 1,
      async: true,
      limits: CHILD_PROCESS_LIMITS,
      run: async () => succeeded(await executeInFreshTurn(echo.standard, { name: ECHO_TOOL_NAME, args: ECHO_ARGS })),
    },
  ];
}

/**
 * One executor call as the first of a new turn of the rig's session: the default policy allows
 * five retrieval-kind runs a turn in text mode (`kb_search` and `file_read` are retrievals), so a
 * row of thousands of calls in one turn would time the refusal. Starting a turn only resets a
 * counter; it is inside the timed window, as a turn's start is part of a real call.
 *
 * @param {ExecutorRig} rig
 * @param {{ name: string, args: object }} request
 * @returns {Promise<BenchToolResponse>}
 */
export function executeInFreshTurn(rig, request) {
  rig.startTurn();
  return rig.executor.execute(rig.session, request);
}

/**
 * The response of a call that ran. The executor never rejects: a refused or failed call answers
 * quickly with `ok: false`, and timing those would flatter it, so such a call fails the row.
 * No execution id is sent, so the executor makes a fresh one and no call is a replay.
 *
 * @param {BenchToolResponse} response
 * @returns {BenchToolResponse}
 */
export function succeeded(response) {
  if (!response.ok) throw new Error(`${response.meta.tool} answered ${response.error.type}: ${response.error.message}`);
  if (response.meta.replayed === true) throw new Error(`${response.meta.tool} replayed ${response.meta.executionId} instead of running`);
  return response;
}
