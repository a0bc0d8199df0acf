import { describe, expect, it } from 'vitest';
import { loadPeers } from '../lib/load-peers.mjs';
import { PARSE_BUDGETS, PARSE_RATIO_CHECKS } from '../lib/parse-budgets.mjs';
import { repairInputs } from '../lib/parse-fixtures.mjs';
import { parseTasks, repairTaskId } from '../lib/parse-tasks.mjs';

/** Parsing stubs that record what they were given, to check the plan without the built packages. */
function stubParsing() {
  /** @type {{ repaired: Array<{ text: string, options: unknown }>, parsed: unknown[] }} */
  const seen = { repaired: [], parsed: [] };
  const parsing = /** @type {any} */ ({
    ok: true,
    repairTimeoutMs: 100,
    repairer: { repair: (/** @type {string} */ text, /** @type {unknown} */ options) => seen.repaired.push({ text, options }) },
    parser: { parseResponse: (/** @type {unknown} */ response) => seen.parsed.push(response) },
  });
  return { parsing, seen };
}

describe('the parsing bench plan', () => {
  it('measures every row a budget or a ratio check is judged on', async () => {
    const ids = new Set(parseTasks(stubParsing().parsing, await loadPeers()).map((task) => task.id));
    for (const budget of PARSE_BUDGETS) for (const id of budget.measurementIds) expect(ids, `${budget.id} needs ${id}`).toContain(id);
    for (const check of PARSE_RATIO_CHECKS) {
      for (const { subject, reference } of check.pairs) {
        expect(ids, `${check.id} needs ${subject}`).toContain(subject);
        expect(ids, `${check.id} needs ${reference}`).toContain(reference);
      }
    }
  });

  it('puts the repairer, jsonrepair and (on valid text) JSON.parse on each input under the same work', async () => {
    const tasks = parseTasks(stubParsing().parsing, await loadPeers());
    for (const input of repairInputs()) {
      const ids = ['acode-repair', 'jsonrepair', 'json-parse'].map((subject) => repairTaskId(/** @type {any} */ (subject), input.id));
      const rows = tasks.filter((task) => ids.includes(task.id));
      expect(rows.map((task) => task.role).sort(), input.id).toEqual(input.valid ? ['acode', 'baseline', 'peer'] : ['acode', 'peer']);
      expect(new Set(rows.map((task) => task.work)).size, input.id).toBe(1);
    }
  });

  it('hands the repairer the shared texts with the default time budget, and the parser the responses', async () => {
    const { parsing, seen } = stubParsing();
    const tasks = parseTasks(parsing, await loadPeers());
    for (const task of tasks) task.run();
    const texts = new Set(seen.repaired.map((call) => call.text));
    expect([...texts].sort()).toEqual(repairInputs().map((input) => input.text).sort());
    expect(seen.repaired.every((call) => JSON.stringify(call.options) === '{"timeoutMs":100}')).toBe(true);
    const counts = seen.parsed.map((response) => /** @type {any} */ (response).choices[0].message.tool_calls.length);
    expect(counts.sort((a, b) => a - b)).toEqual([1, 1, 10]);
  });

  it('times the extraction step alone when the package exports it', async () => {
    const { parsing } = stubParsing();
    /** @type {unknown[]} */
    const read = [];
    const tasks = parseTasks({ ...parsing, readResponse: (/** @type {unknown} */ response) => read.push(response) }, await loadPeers());
    const rows = tasks.filter((task) => task.id.startsWith('acode-read-response-'));
    expect(rows.map((task) => task.work)).toEqual(['extract 1 call', 'extract 10 calls']);
    for (const task of rows) task.run();
    expect(read).toHaveLength(2);
    expect(parseTasks(parsing, await loadPeers()).some((task) => task.id.startsWith('acode-read-response-'))).toBe(false);
  });

  it('runs without the parser: JSON.parse and peers only, ids unique, every task callable', async () => {
    const tasks = parseTasks(undefined, await loadPeers());
    expect(tasks.filter((task) => task.role === 'acode')).toEqual([]);
    expect(tasks.filter((task) => task.role === 'peer').length).toBeGreaterThanOrEqual(5);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
    for (const task of tasks) expect(() => task.run()).not.toThrow();
  });

  it("gives the peers' pipeline a real answer: the repaired call is valid file_read arguments", async () => {
    const tasks = parseTasks(undefined, await loadPeers());
    const pipelines = tasks.filter((task) => task.work.startsWith('parse + repair + validate'));
    expect(pipelines.length).toBe(2);
    for (const task of pipelines) expect(task.run()).toEqual([true]);
  });
});
