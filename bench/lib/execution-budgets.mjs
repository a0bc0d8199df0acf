// @ts-check
/**
 * Issue 5's latency targets for tool execution, judged on p99 by `checkBudgets` like every
 * latency budget. 003 gives voice tools a `latencyBudgetMs` within 1 s: an in-process call must
 * leave nearly all of it to the handler, and a `standard` run (process start, module load, IPC)
 * must fit in half of it.
 *
 * Only core tools run in process (a tool folder may ask for isolation `none` only when it extends
 * the core tool of its name), so the in-process budget is judged on the shipped core tool
 * `file_read` reading a small file: the executor's in-process cost with the handler's own file I/O
 * included, not the executor alone with a handler that costs nothing (the bench can no longer
 * build such a tool in process). The limit is the one the trivial-handler row had.
 */
import { EXECUTION_MEASUREMENT_IDS } from './execution-tasks.mjs';

/** @type {readonly import('./budgets.mjs').Budget[]} */
export const EXECUTION_BUDGETS = Object.freeze([
  {
    id: 'execute-in-process',
    requirement: 'issue 5 (003: voice tools within 1 s)',
    // The whole row, the handler's stat, open and read of a small file included.
    label: 'Tool call in process (core file_read, small file, handler included), p99',
    limit: 1_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [EXECUTION_MEASUREMENT_IDS.fileReadInProcess],
  },
  {
    id: 'execute-child-process',
    requirement: '003 latencyBudgetMs (voice < 1 s)',
    label: 'Run in a child process (standard isolation; worse of echo_text and kb_search), p99',
    limit: 500_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [EXECUTION_MEASUREMENT_IDS.echoChildProcess, EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess],
  },
]);
