import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExecution } from '../lib/check-execution.mjs';
import { ECHO_ARGS, FILE_READ_CONTENT, FILE_READ_PATH, KB_SEARCH_EXPECTED_ID } from '../lib/execution-fixtures.mjs';
import { EXECUTION_MEASUREMENT_IDS, executionTasks } from '../lib/execution-tasks.mjs';
import { EXECUTION_ENTRY_POINTS, loadExecution } from '../lib/load-execution.mjs';
import { repoPath } from '../lib/repo-paths.mjs';

// The bench runs the BUILT executor. Before `pnpm build` there is nothing to run, so this suite is
// skipped then; `pnpm test` builds first, so it runs there.
const built = EXECUTION_ENTRY_POINTS.every((path) => existsSync(repoPath(path)));

describe.skipIf(!built)('the built executor on the bench calls', () => {
  /** @type {import('../lib/load-execution.mjs').ExecutionSubjects} */
  let execution;
  /** @type {Map<string, import('../lib/measure-tasks.mjs').TaskSpec>} */
  let tasks;

  beforeAll(async () => {
    const loaded = await loadExecution();
    if (!loaded.ok) throw new Error(`the executor did not load: ${loaded.reason}`);
    execution = loaded;
    tasks = new Map(executionTasks(execution).map((task) => [task.id, task]));
  });
  afterAll(() => execution?.dispose());

  /** @param {string} id */
  const run = async (id) => /** @type {any} */ (await tasks.get(id)?.run());

  it('answers every bench call right before anything is timed', async () => {
    const checked = await checkExecution(execution);
    expect(checked.problems).toEqual([]);
    expect(checked.facts.join(' ')).toContain(KB_SEARCH_EXPECTED_ID);
  });

  it('runs kb_search through the executor in a child process: ok, the onboarding process found, a fresh execution id on every call', async () => {
    const first = await run(EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess);
    const second = await run(EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess);
    for (const response of [first, second]) {
      expect(response).toMatchObject({ ok: true, meta: { tool: 'kb_search', isolation: 'standard', registryVersion: execution.kbSearch.standard.registryVersion } });
      expect(response.data.results.map((/** @type {{ id: string }} */ record) => record.id)).toContain(KB_SEARCH_EXPECTED_ID);
      expect(response.meta.replayed).toBeUndefined();
    }
    expect(first.meta.executionId).not.toBe(second.meta.executionId);
  });

  it('gives the direct kb_search call the results the executor gives', async () => {
    const direct = await run(EXECUTION_MEASUREMENT_IDS.kbSearchDirect);
    const executed = await run(EXECUTION_MEASUREMENT_IDS.kbSearchChildProcess);
    expect(direct.ok).toBe(true);
    expect(direct.data.results).toEqual(executed.data.results);
  });

  it('runs the core tool file_read in process, with the data the direct call gives', async () => {
    const executed = await run(EXECUTION_MEASUREMENT_IDS.fileReadInProcess);
    expect(executed).toMatchObject({ ok: true, data: { path: FILE_READ_PATH, content: FILE_READ_CONTENT }, meta: { tool: 'file_read', isolation: 'none', registryVersion: execution.fileRead.inProcess.registryVersion } });
    const direct = await run(EXECUTION_MEASUREMENT_IDS.fileReadDirect);
    expect(direct).toEqual({ ok: true, data: executed.data });
  });

  it('runs echo_text in a child process (standard isolation), and directly', async () => {
    const fromChild = await run(EXECUTION_MEASUREMENT_IDS.echoChildProcess);
    expect(fromChild).toMatchObject({ ok: true, data: { echoed: ECHO_ARGS.text }, meta: { tool: 'echo_text', isolation: 'standard' } });
    expect(await run(EXECUTION_MEASUREMENT_IDS.echoDirect)).toEqual({ ok: true, data: { echoed: ECHO_ARGS.text } });
  });

  it('keeps results in memory, not in the SQLite store of the temporary project', () => {
    expect(existsSync(join(execution.kbSearch.direct.context.workspace.root, '.agent', 'acode.db'))).toBe(false);
  });

  it('removes its temporary directory on dispose', async () => {
    const other = await loadExecution();
    expect(other.ok, other.ok ? '' : other.reason).toBe(true);
    if (!other.ok) return;
    const root = other.kbSearch.direct.context.workspace.root;
    expect(existsSync(root)).toBe(true);
    other.dispose();
    expect(existsSync(root)).toBe(false);
  });
});
