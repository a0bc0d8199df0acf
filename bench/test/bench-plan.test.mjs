import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../lib/budgets.mjs';
import { heapSubjects } from '../lib/heap-subjects.mjs';
import { loadPeers } from '../lib/load-peers.mjs';
import { timingTasks } from '../lib/timing-tasks.mjs';

/** A registry stub that answers instantly, to check the plan without the built packages. */
const stubAcode = /** @type {any} */ ({
  ok: true,
  options: { limits: {} },
  createCompiler: () => ({ compile: () => ({ ok: true, compiled: {} }) }),
  createRegistry: () => ({ registerTool() {}, tryValidateArguments: () => ({ success: true }), getAllTools: () => [] }),
});

describe('the bench plan', () => {
  it('measures every figure a budget is judged on', async () => {
    const peers = await loadPeers();
    const ids = new Set([...timingTasks(stubAcode, peers), ...heapSubjects(stubAcode, peers)].map((item) => item.id));
    for (const budget of BUDGETS) for (const id of budget.measurementIds) expect(ids, `${budget.id} needs ${id}`).toContain(id);
  });

  it('gives each peer a row for every kind of work the registry does, except listing and checking a definition', async () => {
    const peers = await loadPeers();
    const tasks = timingTasks(stubAcode, peers);
    // No peer has tool definitions or license tiers to check: that row stands alone, against its budget.
    const acodeWork = new Set(tasks.filter((t) => t.role === 'acode' && !t.work.startsWith('getAllTools') && t.work !== 'check a tool definition').map((t) => t.work));
    for (const peer of peers) {
      const peerWork = new Set(tasks.filter((t) => t.id.startsWith(`${peer.id}-`)).map((t) => t.work));
      expect(peerWork).toEqual(acodeWork);
    }
  });

  it('runs without the registry: baseline and peers only, ids unique, every task callable', async () => {
    const tasks = timingTasks(undefined, await loadPeers());
    expect(tasks.filter((t) => t.role === 'acode')).toEqual([]);
    expect(tasks.filter((t) => t.role === 'baseline').map((t) => t.id)).toEqual(['json-parse']);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    for (const task of tasks) expect(() => task.run()).not.toThrow();
  });

  it('compiles a schema no engine has seen on every run', async () => {
    /** @type {unknown[]} */
    const seen = [];
    const peer = /** @type {any} */ ({ id: 'spy', name: 'spy', createEngine: () => ({ compile: () => () => true, compileOnce: (/** @type {unknown} */ s) => seen.push(s) }) });
    const compile = timingTasks(undefined, [peer]).find((t) => t.id === 'spy-compile');
    compile?.run();
    compile?.run();
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(seen[0])).not.toBe(JSON.stringify(seen[1]));
  });
});
