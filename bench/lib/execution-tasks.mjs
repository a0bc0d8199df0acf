// @ts-check
/**
 * The tool execution timing tasks (issue 5): the shipped `kb_search` handler called directly
 * (the baseline) and through the `ToolExecutor` in process (isolation `none`); the bench's echo
 * handler called directly, through the executor in process (`echo_inline`: the executor's own
 * cost, the handler costing next to nothing) and in a fresh Node process per call (`echo_text`,
 * isolation `standard`). Rows on the same tool share `work`, so each executor row is divided by
 * the direct call of its own handler. Every task is async (the handlers and `execute` return
 * promises) and awaited inside the timed window.
 */
import { ECHO_ARGS, ECHO_INLINE_NAME, ECHO_TOOL_NAME, KB_SEARCH_ARGS, KB_SEARCH_NAME } from './execution-fixtures.mjs';

/** @typedef {import('./measure-tasks.mjs').TaskSpec} TaskSpec */
/** @typedef {import('./load-execution.mjs').ExecutionSubjects} ExecutionSubjects */
/** @typedef {import('./load-execution.mjs').BenchToolResponse} BenchToolResponse */

/** Task ids the execution budgets read; the bench must use these ids. */
export const EXECUTION_MEASUREMENT_IDS = Object.freeze({
  kbSearchDirect: 'kb-search-direct',
  inProcess: 'acode-execute-kb-search-in-process',
  echoDirect: 'echo-text-direct',
  echoInProcess: 'acode-execute-echo-inline-in-process',
  childProcess: 'acode-execute-echo-text-standard',
});

/**
 * The child-process row takes a hundred milliseconds or more per call (a Node start each): a couple of
 * seconds and at least 16 samples, so the section stays within about 15 s. Its p99 is then close
 * to the slowest sample.
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
  const { kbSearch, echo } = execution;
  const kbWork = `${KB_SEARCH_NAME}, one query`;
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
      id: EXECUTION_MEASUREMENT_IDS.inProcess,
      label: `acode ToolExecutor.execute, ${KB_SEARCH_NAME}, isolation none (in process)`,
      work: kbWork,
      role: 'acode',
      batch: 1,
      async: true,
      run: async () => succeeded(await kbSearch.inProcess.executor.execute(kbSearch.inProcess.session, { name: KB_SEARCH_NAME, args: KB_SEARCH_ARGS })),
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
      id: EXECUTION_MEASUREMENT_IDS.echoInProcess,
      label: `acode ToolExecutor.execute, ${ECHO_INLINE_NAME}, isolation none (in process)`,
      work: echoWork,
      role: 'acode',
      batch: 1,
      async: true,
      run: async () => succeeded(await echo.inProcess.executor.execute(echo.inProcess.session, { name: ECHO_INLINE_NAME, args: ECHO_ARGS })),
    },
    {
      id: EXECUTION_MEASUREMENT_IDS.childProcess,
      label: `acode ToolExecutor.execute, ${ECHO_TOOL_NAME}, isolation standard (child process)`,
      work: echoWork,
      role: 'acode',
      batch: 1,
      async: true,
      limits: CHILD_PROCESS_LIMITS,
      run: async () => succeeded(await echo.standard.executor.execute(echo.standard.session, { name: ECHO_TOOL_NAME, args: ECHO_ARGS })),
    },
  ];
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
