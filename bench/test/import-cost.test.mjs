import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCostTable } from '../lib/import-cost/import-cost-table.mjs';
import { importSubjects, IMPORT_GOALS } from '../lib/import-cost/import-subjects.mjs';
import { importCostNotes, measureImportCost } from '../lib/import-cost/measure-import-cost.mjs';

const dir = mkdtempSync(join(tmpdir(), 'acode-import-cost-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** @param {string} name @param {string} text */
function moduleFile(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return pathToFileURL(path).href;
}

/** @type {import('../lib/import-cost/measure-import-cost.mjs').ImportCostRow} */
const row = { label: 'core', medianMs: 100, aboveMs: 10, rssMiB: 45, aboveMiB: 5, judged: true, problem: undefined };

describe('import cost', () => {
  it('lists the core entry as the judged row, after the baseline, with openai and ollama beside it', () => {
    const { subjects } = importSubjects();
    expect(subjects[0]?.url).toBeUndefined();
    expect(subjects.filter((subject) => subject.judged).map((subject) => subject.label)).toEqual(['@acode/infrastructure (main entry)']);
    expect(subjects.map((subject) => subject.label)).toEqual(expect.arrayContaining(['openai', 'ollama']));
  });

  it('measures a module that loads and reports one that throws, without stopping', () => {
    const fine = moduleFile('fine.mjs', 'export const a = 1;\n');
    const broken = moduleFile('broken.mjs', "throw new Error('nope');\n");
    const rows = measureImportCost(
      [
        { label: 'baseline', url: undefined },
        // Not judged: whether one timed import of it passes the goal depends on the machine's load;
        // the judging itself is the next test's, over fixed rows.
        { label: 'fine', url: fine },
        { label: 'broken', url: broken },
      ],
      1,
    );
    expect(rows[1]?.problem).toBeUndefined();
    expect(rows[1]?.rssMiB).toBeGreaterThan(0);
    expect(rows[2]?.problem).toMatch(/^exit 1/);
    expect(importCostNotes(rows)).toEqual([expect.stringContaining('broken NOT MEASURED')]);
  });

  it('notes a judged row over either goal, and only that', () => {
    expect(importCostNotes([row])).toEqual([]);
    expect(importCostNotes([{ ...row, aboveMs: IMPORT_GOALS.ms + 1 }])[0]).toContain(`goal < ${IMPORT_GOALS.ms}`);
    expect(importCostNotes([{ ...row, aboveMiB: IMPORT_GOALS.mib + 1 }])[0]).toContain(`goal < ${IMPORT_GOALS.mib}`);
    expect(importCostNotes([{ ...row, judged: false, aboveMs: 999 }])).toEqual([]);
  });

  it('gives the verdict and the ratio to openai in the table', () => {
    const table = importCostTable([
      { ...row, label: 'node -e 0 (baseline)', aboveMs: 0, aboveMiB: 0, judged: false },
      row,
      { ...row, label: 'openai', aboveMs: 40, judged: false },
    ]);
    expect(table.rows[1]?.at(-1)).toBe('PASS');
    expect(table.rows[1]?.[5]).toBe('0.25×');
    expect(table.rows[0]?.[2]).toBe('');
  });
});
