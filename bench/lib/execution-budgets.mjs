// @ts-check
/**
 * Issue 5's latency targets for tool execution, judged on p99 by `checkBudgets` like every
 * latency budget. 003 gives voice tools a `latencyBudgetMs` within 1 s: the in-process executor
 * must leave nearly all of it to the handler, and a `standard` run (process start, module load,
 * IPC) must fit in half of it.
 */
import { EXECUTION_MEASUREMENT_IDS } from './execution-tasks.mjs';

/** @type {readonly import('./budgets.mjs').Budget[]} */
export const EXECUTION_BUDGETS = Object.freeze([
  {
    id: 'execute-in-process',
    requirement: 'issue 5 (003: voice tools within 1 s)',
    // A handler that costs next to nothing: the row is the executor's own share of a call.
    label: 'Executor overhead, in process (trivial handler), p99',
    limit: 1_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [EXECUTION_MEASUREMENT_IDS.echoInProcess],
  },
  {
    id: 'execute-child-process',
    requirement: '003 latencyBudgetMs (voice < 1 s)',
    label: 'Run in a child process (standard isolation), p99',
    limit: 500_000,
    unit: 'µs',
    source: 'timing',
    measurementIds: [EXECUTION_MEASUREMENT_IDS.childProcess],
  },
]);
