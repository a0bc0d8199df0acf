import { describe, expect, it } from 'vitest';
import { EXECUTION_BUDGETS } from '../lib/execution-budgets.mjs';
import { ECHO_ARGS, ECHO_TOOL_NAME, FILE_READ_ARGS, FILE_READ_NAME, KB_SEARCH_ARGS, KB_SEARCH_NAME } from '../lib/execution-fixtures.mjs';
import { CHILD_PROCESS_LIMITS, EXECUTION_MEASUREMENT_IDS, executionTasks, succeeded } from '../lib/execution-tasks.mjs';

/** A response as the executor answers a call that ran. */
const answered = (/** @type {string} */ tool, /** @type {unknown} */ data) => ({ ok: true, data, meta: { tool, executionId: 'exec_x', registryVersion: 'v' } });

/** Execution stubs that record what they were given, to check the plan without the built packages. */
function stubExecution() {
  /** @type {{ direct: Array<{ tool: string, input: any }>, executed: Array<{ rig: string, session: unknown, request: any }>, turns: string[] }} */
  const seen = { direct: [], executed: [], turns: [] };
  /** @param {string} tool */
  const direct = (tool) => ({ context: { tool }, execute: async (/** @type {any} */ input) => (seen.direct.push({ tool, input }), { ok: true, data: {} }) });
  /** @param {string} rig */
  const executorRig = (rig) => ({
    session: `${rig}-session`,
    registryVersion: 'v',
    startTurn: () => seen.turns.push(rig),
    executor: { execute: async (/** @type {unknown} */ session, /** @type {any} */ request) => (seen.executed.push({ rig, session, request }), answered(request.name, {})) },
  });
  const execution = /** @type {any} */ ({
    ok: true,
    kbSearch: { direct: direct(KB_SEARCH_NAME), standard: executorRig('shipped') },
    fileRead: { direct: direct(FILE_READ_NAME), inProcess: executorRig('shipped') },
    echo: { direct: direct(ECHO_TOOL_NAME), standard: executorRig('echo') },
    dispose() {},
  });
  return { execution, seen };
}

describe('the tool execution bench plan', () => {
  it('lists the six rows, with unique ids, and every row a budget is judged on', () => {
    const tasks = executionTasks(stubExecution().execution);
    expect(tasks.map((task) => task.id)).toEqual([
      EXECUTION_MEASUREMENT_IDS.kbSearchDirect,
      EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess,
      EXECUTION_MEASUREMENT_IDS.fileReadDirect,
      EXECUTION_MEASUREMENT_IDS.fileReadInProcess,
      EXECUTION_MEASUREMENT_IDS.echoDirect,
      EXECUTION_MEASUREMENT_IDS.echoChildProcess,
    ]);
    const ids = new Set(tasks.map((task) => task.id));
    expect(ids.size).toBe(tasks.length);
    for (const budget of EXECUTION_BUDGETS) for (const id of budget.measurementIds) expect(ids, `${budget.id} needs ${id}`).toContain(id);
  });

  it('divides each executor row by the direct call of its own handler: one baseline per work', () => {
    const tasks = executionTasks(stubExecution().execution);
    const works = new Set(tasks.map((task) => task.work));
    expect(works.size).toBe(3);
    for (const work of works) {
      expect(tasks.filter((task) => task.work === work && task.role === 'baseline'), work).toHaveLength(1);
    }
    /** @param {string} baselineId */
    const rowsOfWork = (baselineId) => {
      const work = tasks.find((task) => task.id === baselineId)?.work;
      return tasks.filter((task) => task.work === work).map((task) => task.id);
    };
    expect(rowsOfWork(EXECUTION_MEASUREMENT_IDS.kbSearchDirect)).toEqual([EXECUTION_MEASUREMENT_IDS.kbSearchDirect, EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess]);
    expect(rowsOfWork(EXECUTION_MEASUREMENT_IDS.fileReadDirect)).toEqual([EXECUTION_MEASUREMENT_IDS.fileReadDirect, EXECUTION_MEASUREMENT_IDS.fileReadInProcess]);
    expect(rowsOfWork(EXECUTION_MEASUREMENT_IDS.echoDirect)).toEqual([EXECUTION_MEASUREMENT_IDS.echoDirect, EXECUTION_MEASUREMENT_IDS.echoChildProcess]);
  });

  it('labels each executor row with the isolation the product runs its tool in', () => {
    const labels = Object.fromEntries(executionTasks(stubExecution().execution).map((task) => [task.id, task.label]));
    expect(labels[EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess]).toBe('acode ToolExecutor.execute, kb_search, isolation standard (child process)');
    expect(labels[EXECUTION_MEASUREMENT_IDS.fileReadInProcess]).toBe('acode ToolExecutor.execute, file_read (core), isolation none (in process)');
    expect(labels[EXECUTION_MEASUREMENT_IDS.echoChildProcess]).toBe('acode ToolExecutor.execute, echo_text, isolation standard (child process)');
    expect(Object.values(labels).filter((label) => label.includes('isolation none'))).toHaveLength(1);
  });

  it('marks every task async with one call to a sample, and gives only the child-process rows their own small budget', () => {
    const tasks = executionTasks(stubExecution().execution);
    for (const task of tasks) expect([task.id, task.async, task.batch]).toEqual([task.id, true, 1]);
    expect(tasks.filter((task) => task.limits !== undefined).map((task) => task.id)).toEqual([EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess, EXECUTION_MEASUREMENT_IDS.echoChildProcess]);
    for (const task of tasks) if (task.limits !== undefined) expect(task.limits).toBe(CHILD_PROCESS_LIMITS);
    expect(CHILD_PROCESS_LIMITS.timeMs).toBeLessThanOrEqual(5_000);
  });

  it('calls the handlers with the bench arguments and their contexts, and the executors in their sessions without an execution id', async () => {
    const { execution, seen } = stubExecution();
    for (const task of executionTasks(execution)) await task.run();
    expect(seen.direct).toEqual([
      { tool: KB_SEARCH_NAME, input: { args: KB_SEARCH_ARGS, context: { tool: KB_SEARCH_NAME } } },
      { tool: FILE_READ_NAME, input: { args: FILE_READ_ARGS, context: { tool: FILE_READ_NAME } } },
      { tool: ECHO_TOOL_NAME, input: { args: ECHO_ARGS, context: { tool: ECHO_TOOL_NAME } } },
    ]);
    expect(seen.executed).toEqual([
      { rig: 'shipped', session: 'shipped-session', request: { name: KB_SEARCH_NAME, args: KB_SEARCH_ARGS } },
      { rig: 'shipped', session: 'shipped-session', request: { name: FILE_READ_NAME, args: FILE_READ_ARGS } },
      { rig: 'echo', session: 'echo-session', request: { name: ECHO_TOOL_NAME, args: ECHO_ARGS } },
    ]);
  });

  it('starts a new turn before every executor call, so the per-turn retrieval budget never refuses a timed call', async () => {
    const { execution, seen } = stubExecution();
    const tasks = executionTasks(execution).filter((task) => task.role === 'acode');
    for (const task of tasks) for (let call = 0; call < 7; call += 1) await task.run();
    expect(seen.turns).toHaveLength(seen.executed.length);
    expect(seen.turns).toEqual(seen.executed.map((call) => call.rig));
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
  it('holds issue 5 and 003 targets, in µs, judged on the in-process core row and the child-process rows', () => {
    expect(EXECUTION_BUDGETS.map((budget) => [budget.label, budget.requirement, budget.limit, budget.unit, budget.source, budget.measurementIds])).toEqual([
      ['Tool call in process (core file_read, small file, handler included), p99', 'issue 5 (003: voice tools within 1 s)', 1_000, 'µs', 'timing', [EXECUTION_MEASUREMENT_IDS.fileReadInProcess]],
      [
        'Run in a child process (standard isolation; worse of echo_text and kb_search), p99',
        '003 latencyBudgetMs (voice < 1 s)',
        500_000,
        'µs',
        'timing',
        [EXECUTION_MEASUREMENT_IDS.echoChildProcess, EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess],
      ],
    ]);
  });
});
