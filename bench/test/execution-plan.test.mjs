import { describe, expect, it } from 'vitest';
import { EXECUTION_BUDGETS } from '../lib/execution-budgets.mjs';
import { ECHO_ARGS, ECHO_INLINE_NAME, ECHO_TOOL_NAME, KB_SEARCH_ARGS, KB_SEARCH_NAME } from '../lib/execution-fixtures.mjs';
import { CHILD_PROCESS_LIMITS, EXECUTION_MEASUREMENT_IDS, executionTasks, succeeded } from '../lib/execution-tasks.mjs';

/** A response as the executor answers a call that ran. */
const answered = (/** @type {string} */ tool, /** @type {unknown} */ data) => ({ ok: true, data, meta: { tool, executionId: 'exec_x', registryVersion: 'v' } });

/** Execution stubs that record what they were given, to check the plan without the built packages. */
function stubExecution() {
  /** @type {{ direct: Array<{ tool: string, input: any }>, executed: Array<{ rig: string, session: unknown, request: any }> }} */
  const seen = { direct: [], executed: [] };
  /** @param {string} tool */
  const direct = (tool) => ({ context: { tool }, execute: async (/** @type {any} */ input) => (seen.direct.push({ tool, input }), { ok: true, data: {} }) });
  /** @param {string} rig */
  const executorRig = (rig) => ({
    session: `${rig}-session`,
    registryVersion: 'v',
    executor: { execute: async (/** @type {unknown} */ session, /** @type {any} */ request) => (seen.executed.push({ rig, session, request }), answered(request.name, {})) },
  });
  const execution = /** @type {any} */ ({
    ok: true,
    kbSearch: { direct: direct(KB_SEARCH_NAME), inProcess: executorRig('in-process') },
    echo: { direct: direct(ECHO_TOOL_NAME), standard: executorRig('echo'), inProcess: executorRig('echo') },
    dispose() {},
  });
  return { execution, seen };
}

describe('the tool execution bench plan', () => {
  it('lists the five rows, with unique ids, and every row a budget is judged on', () => {
    const tasks = executionTasks(stubExecution().execution);
    expect(tasks.map((task) => task.id)).toEqual([
      EXECUTION_MEASUREMENT_IDS.kbSearchDirect,
      EXECUTION_MEASUREMENT_IDS.inProcess,
      EXECUTION_MEASUREMENT_IDS.echoDirect,
      EXECUTION_MEASUREMENT_IDS.echoInProcess,
      EXECUTION_MEASUREMENT_IDS.childProcess,
    ]);
    const ids = new Set(tasks.map((task) => task.id));
    expect(ids.size).toBe(tasks.length);
    for (const budget of EXECUTION_BUDGETS) for (const id of budget.measurementIds) expect(ids, `${budget.id} needs ${id}`).toContain(id);
  });

  it('divides each executor row by the direct call of its own handler: one baseline per work', () => {
    const tasks = executionTasks(stubExecution().execution);
    const works = new Set(tasks.map((task) => task.work));
    expect(works.size).toBe(2);
    for (const work of works) {
      expect(tasks.filter((task) => task.work === work && task.role === 'baseline'), work).toHaveLength(1);
    }
    const echoWork = tasks.find((task) => task.id === EXECUTION_MEASUREMENT_IDS.echoDirect)?.work;
    expect(tasks.filter((task) => task.work === echoWork).map((task) => task.id)).toEqual([
      EXECUTION_MEASUREMENT_IDS.echoDirect,
      EXECUTION_MEASUREMENT_IDS.echoInProcess,
      EXECUTION_MEASUREMENT_IDS.childProcess,
    ]);
  });

  it('marks every task async with one call to a sample, and gives only the child-process row its own small budget', () => {
    const tasks = executionTasks(stubExecution().execution);
    for (const task of tasks) expect([task.id, task.async, task.batch]).toEqual([task.id, true, 1]);
    expect(tasks.filter((task) => task.limits !== undefined).map((task) => task.id)).toEqual([EXECUTION_MEASUREMENT_IDS.childProcess]);
    expect(CHILD_PROCESS_LIMITS.timeMs).toBeLessThanOrEqual(5_000);
  });

  it('calls the handlers with the bench arguments and their contexts, and the executors in their sessions without an execution id', async () => {
    const { execution, seen } = stubExecution();
    for (const task of executionTasks(execution)) await task.run();
    expect(seen.direct).toEqual([
      { tool: KB_SEARCH_NAME, input: { args: KB_SEARCH_ARGS, context: { tool: KB_SEARCH_NAME } } },
      { tool: ECHO_TOOL_NAME, input: { args: ECHO_ARGS, context: { tool: ECHO_TOOL_NAME } } },
    ]);
    expect(seen.executed).toEqual([
      { rig: 'in-process', session: 'in-process-session', request: { name: KB_SEARCH_NAME, args: KB_SEARCH_ARGS } },
      { rig: 'echo', session: 'echo-session', request: { name: ECHO_INLINE_NAME, args: ECHO_ARGS } },
      { rig: 'echo', session: 'echo-session', request: { name: ECHO_TOOL_NAME, args: ECHO_ARGS } },
    ]);
  });

  it('has no rows without the executor', () => {
    expect(executionTasks(undefined)).toEqual([]);
  });
});

describe('succeeded', () => {
  it('passes a response that ran', () => {
    const response = /** @type {any} */ (answered(KB_SEARCH_NAME, { results: [] }));
    expect(succeeded(response)).toBe(response);
  });

  it('fails a refused call, so a fast refusal is never timed as a run', () => {
    const refused = /** @type {any} */ ({ ok: false, error: { type: 'POLICY_DENIED', message: 'no runner for standard' }, meta: { tool: ECHO_TOOL_NAME, executionId: 'e' } });
    expect(() => succeeded(refused)).toThrow('echo_text answered POLICY_DENIED: no runner for standard');
  });

  it('fails a replay, so no call is an idempotent answer from the store', () => {
    const replayed = /** @type {any} */ ({ ...answered(KB_SEARCH_NAME, {}), meta: { tool: KB_SEARCH_NAME, executionId: 'exec_1', replayed: true } });
    expect(() => succeeded(replayed)).toThrow(/replayed exec_1/);
  });
});

describe('EXECUTION_BUDGETS', () => {
  it('holds issue 5 and 003 targets, in µs, judged on the two executor rows', () => {
    expect(EXECUTION_BUDGETS.map((budget) => [budget.label, budget.requirement, budget.limit, budget.unit, budget.source, budget.measurementIds])).toEqual([
      ['Executor overhead, in process (trivial handler), p99', 'issue 5 (003: voice tools within 1 s)', 1_000, 'µs', 'timing', [EXECUTION_MEASUREMENT_IDS.echoInProcess]],
      ['Run in a child process (standard isolation), p99', '003 latencyBudgetMs (voice < 1 s)', 500_000, 'µs', 'timing', [EXECUTION_MEASUREMENT_IDS.childProcess]],
    ]);
  });
});
