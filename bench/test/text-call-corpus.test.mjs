// @ts-check
/**
 * The text-call section's own logic (issue 12): scoring a case, tallying a corpus per family, and
 * the two report tables. The parser is a stand-in here; the real one runs the corpus in
 * `packages/infrastructure/test/tool-calls/text-call-corpus.test.ts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusToolDefinitions, loadCorpus, textResponse } from '../lib/text-calls/corpus.mjs';
import { callKey, runCorpus, scoreCase } from '../lib/text-calls/corpus-run.mjs';
import { keepAsPrevious, loadPreviousRun, toPreviousRun } from '../lib/text-calls/previous-run.mjs';
import { textCallContext, textCallCostTable, textCallPreamble, textCallTable, TOTAL_LABEL } from '../lib/text-calls/text-call-table.mjs';
import { costInputs, familyCostInputs, FAMILY_TASK_PREFIX, MIB, manyToolCalls, proseWithoutCalls, TEXT_CALL_TASK_IDS } from '../lib/text-calls/text-call-tasks.mjs';
import { replaceSection, SECTION_HEADING } from '../lib/text-calls/update-results.mjs';

const weather = { name: 'get_weather', arguments: { city: 'Paris', unit: 'c' } };

describe('text-call corpus scoring', () => {
  it('keys calls by name and arguments, whatever the key order', () => {
    expect(callKey({ name: 'a', arguments: { x: 1, y: { b: 2, a: 1 } } })).toBe(callKey({ name: 'a', arguments: { y: { a: 1, b: 2 }, x: 1 } }));
    expect(callKey({ name: 'a', arguments: { x: 1 } })).not.toBe(callKey({ name: 'a', arguments: { x: '1' } }));
  });

  it('is right only for the expected calls in order, with no error', () => {
    expect(scoreCase([weather], { toolCalls: [{ name: 'get_weather', arguments: { unit: 'c', city: 'Paris' } }], errors: [] })).toEqual({ right: true, missed: 0, falseCalls: 0, errors: 0 });
    expect(scoreCase([weather], { toolCalls: [weather], errors: [{ code: 'ACODE-TLP-002' }] })).toMatchObject({ right: false, errors: 1 });
    const other = { name: 'search', arguments: {} };
    expect(scoreCase([weather, other], { toolCalls: [other, weather], errors: [] })).toEqual({ right: false, missed: 0, falseCalls: 0, errors: 0 });
  });

  it('counts a missed call and a false call apart', () => {
    expect(scoreCase([weather], { toolCalls: [], errors: [] })).toEqual({ right: false, missed: 1, falseCalls: 0, errors: 0 });
    expect(scoreCase([], { toolCalls: [weather], errors: [] })).toEqual({ right: false, missed: 0, falseCalls: 1, errors: 0 });
    expect(scoreCase([weather], { toolCalls: [{ ...weather, arguments: { city: 'Lyon' } }], errors: [] })).toEqual({ right: false, missed: 1, falseCalls: 1, errors: 0 });
  });

  it('tallies each file, the negatives last', () => {
    const files = [
      { file: 'negatives', cases: [{ id: 'n', family: 'negative', source: 's', content: 'FALSE', expected: [] }] },
      {
        file: 'hermes',
        cases: [
          { id: 'a', family: 'hermes', source: 's', content: 'RIGHT', expected: [weather] },
          { id: 'b', family: 'hermes', source: 's', content: 'NONE', expected: [weather] },
        ],
      },
    ];
    const parse = (/** @type {any} */ response) => {
      const text = response.message.content;
      return { toolCalls: text === 'NONE' ? [] : [weather], errors: [] };
    };
    expect(runCorpus(parse, files)).toEqual([
      { family: 'hermes', cases: 2, expectedCalls: 2, right: 1, missed: 1, falseCalls: 0, errors: 0, failedCases: ['b'] },
      { family: 'negatives', cases: 1, expectedCalls: 0, right: 0, missed: 0, falseCalls: 1, errors: 0, failedCases: ['n'] },
    ]);
  });
});

describe('text-call report tables', () => {
  const families = [
    { family: 'glm', cases: 10, expectedCalls: 12, right: 9, missed: 1, falseCalls: 0, errors: 1, failedCases: ['x'] },
    { family: 'kimi', cases: 4, expectedCalls: 5, right: 4, missed: 0, falseCalls: 0, errors: 0, failedCases: [] },
    { family: 'negatives', cases: 20, expectedCalls: 0, right: 19, missed: 0, falseCalls: 2, errors: 0, failedCases: ['y'] },
  ];

  it('gives one row per family and a total without the negatives: found, missed, false, failed, cases right', () => {
    const table = textCallTable(families);
    expect(table.columns).toEqual(['Family', 'cases', 'expected calls', 'found', 'missed', 'false', 'failed', 'cases right', 'KiB', 'µs per KiB']);
    expect(table.rows).toEqual([
      ['glm', '10', '12', '11', '1', '0', '1', '9 (90.0%)', '—', '—'],
      ['kimi', '4', '5', '5', '0', '0', '0', '4 (100.0%)', '—', '—'],
      ['negatives', '20', '0', '0', '0', '2', '0', '19 (95.0%)', '—', '—'],
      [TOTAL_LABEL, '14', '17', '16', '1', '0', '1', '13 (92.9%)', '—', '—'],
    ]);
    expect(table.numericColumns).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  /** @param {string} id @param {number} meanMicros */
  const timed = (id, meanMicros) => ({ id, label: id, work: id, role: /** @type {const} */ ('acode'), batch: 1, state: /** @type {const} */ ('measured'), meanMicros, p99Micros: meanMicros * 2 });
  const previous = {
    run: '2026-01-01T00:00:00.000Z',
    families: [
      { family: 'glm', cases: 8, expectedCalls: 10, right: 8, missed: 0, falseCalls: 0, errors: 0 },
      { family: 'negatives', cases: 20, expectedCalls: 0, right: 20, missed: 0, falseCalls: 0, errors: 0, microsPerKiB: 40 },
      { family: TOTAL_LABEL, cases: 8, expectedCalls: 10, right: 8, missed: 0, falseCalls: 0, errors: 0, microsPerKiB: 300 },
    ],
    cost: [{ id: TEXT_CALL_TASK_IDS.corpus, label: 'whole corpus (28 texts)', microsPerKiB: 325.29 }],
  };

  it("sets each family's cost per KiB and the previous run's figures beside this run's, 'new' for a family it did not have", () => {
    const table = textCallTable(families, {
      costs: [
        { family: 'glm', bytes: 2048, measurement: timed('g', 100) },
        { family: 'kimi', bytes: 1024, measurement: { id: 'k', label: 'k', work: 'k', role: 'acode', batch: 1, state: 'failed', failure: 'boom' } },
        { family: 'negatives', bytes: 512, measurement: timed('n', 10) },
      ],
      previous,
      totalBytes: 3072,
      totalCost: timed('t', 300),
    });
    expect(table.columns.slice(10)).toEqual(['prev. cases', 'prev. found', 'prev. missed', 'prev. false', 'prev. cases right', 'prev. µs per KiB']);
    expect(table.rows).toEqual([
      ['glm', '10', '12', '11', '1', '0', '1', '9 (90.0%)', '2.0', '50.00', '8', '10', '0', '0', '8 (100.0%)', '—'],
      ['kimi', '4', '5', '5', '0', '0', '0', '4 (100.0%)', '1.0', '—', 'new', '—', '—', '—', '—', '—'],
      ['negatives', '20', '0', '0', '0', '2', '0', '19 (95.0%)', '0.5', '20.00', '20', '0', '0', '0', '20 (100.0%)', '40.00'],
      [TOTAL_LABEL, '14', '17', '16', '1', '0', '1', '13 (92.9%)', '3.0', '100.00', '8', '10', '0', '0', '8 (100.0%)', '300.00'],
    ]);
    expect(table.numericColumns).toEqual(table.columns.map((_, index) => index).slice(1));
  });

  it("adds the gateway's found, missed and false per family when the corpus was replayed there", () => {
    const table = textCallTable(families, {
      gateway: [
        { family: 'glm', found: 12, missed: 0, falseCalls: 0 },
        { family: 'negatives', found: 0, missed: 0, falseCalls: 1 },
      ],
    });
    expect(table.columns.slice(-3)).toEqual(['gateway found', 'gateway missed', 'gateway false']);
    expect(table.rows.map((row) => row.slice(-3))).toEqual([
      ['12', '0', '0'],
      ['—', '—', '—'],
      ['0', '0', '1'],
      ['12', '0', '0'],
    ]);
  });

  it('takes its context from a report, and names the previous run in the preamble', () => {
    const report = { families, cost: [], familyCosts: [{ family: 'glm', bytes: 1 }], positivesCost: { bytes: 5 }, previous };
    expect(textCallContext(report)).toEqual({ costs: report.familyCosts, previous, totalBytes: 5 });
    expect(textCallPreamble(report)).toContain(previous.run);
    expect(textCallPreamble(report).startsWith(SECTION_HEADING)).toBe(true);
    expect(textCallPreamble(report)).not.toMatch(/issue \d/i);
  });

  it('divides each cost per KiB by the corpus row, and says when a row was not measured', () => {
    /** @param {string} id @param {number} meanMicros */
    const measured = (id, meanMicros) => ({ id, label: id, work: id, role: /** @type {const} */ ('acode'), batch: 1, state: /** @type {const} */ ('measured'), meanMicros, p99Micros: meanMicros * 2 });
    const table = textCallCostTable([
      { label: 'corpus', bytes: 2048, calls: 10, measurement: measured('c', 100) },
      { label: '1 MiB', bytes: MIB, calls: 0, measurement: measured('m', 2048) },
      { label: 'many', bytes: 1024, calls: 128, measurement: { id: 'x', label: 'x', work: 'x', role: 'acode', batch: 1, state: 'failed', failure: 'boom' } },
    ]);
    expect(table.rows).toEqual([
      ['corpus', '2.0', '10', '100.0', '200.0', '50.00', '1.00×'],
      ['1 MiB', '1024.0', '0', '2048.0', '4096.0', '2.00', '0.04×'],
      ['many', '1.0', '128', 'not measured: boom', '—', '—', '—'],
    ]);
  });

  it("adds the previous run's cost per KiB of the same row, matched by task id", () => {
    const table = textCallCostTable(
      [
        { id: TEXT_CALL_TASK_IDS.corpus, label: 'whole corpus (30 texts)', bytes: 2048, calls: 10, measurement: timed('c', 100) },
        { id: 'other', label: 'other', bytes: 1024, calls: 0, measurement: timed('o', 10) },
      ],
      previous,
    );
    expect(table.columns.at(-1)).toBe('prev. µs per KiB');
    expect(table.rows.map((row) => row.at(-1))).toEqual(['325.29', 'new']);
  });
});

describe('the previous run', () => {
  it('reads the committed baseline: every family it had, the total row and the cost rows by id', () => {
    const baseline = loadPreviousRun();
    expect(baseline?.families.map((tally) => tally.family)).toContain(TOTAL_LABEL);
    expect(baseline?.cost.map((row) => row.id)).toContain(TEXT_CALL_TASK_IDS.corpus);
  });

  it('turns a report into the next baseline, and reads it back', () => {
    const measured = { id: 'x', label: 'x', work: 'x', role: /** @type {const} */ ('acode'), batch: 1, state: /** @type {const} */ ('measured'), meanMicros: 100 };
    const report = {
      families: [
        { family: 'glm', cases: 2, expectedCalls: 3, right: 1, missed: 1, falseCalls: 0, errors: 0, failedCases: ['a'] },
        { family: 'negatives', cases: 1, expectedCalls: 0, right: 1, missed: 0, falseCalls: 0, errors: 0, failedCases: [] },
      ],
      cost: [{ id: TEXT_CALL_TASK_IDS.corpus, label: 'whole corpus (3 texts)', bytes: 1024, calls: 2, measurement: measured }],
      familyCosts: [{ family: 'glm', bytes: 512, measurement: measured }],
      positivesCost: { bytes: 2048, measurement: measured },
    };
    const next = toPreviousRun(report, 'when');
    expect(next.families).toEqual([
      { family: 'glm', cases: 2, expectedCalls: 3, right: 1, missed: 1, falseCalls: 0, errors: 0, microsPerKiB: 200 },
      { family: 'negatives', cases: 1, expectedCalls: 0, right: 1, missed: 0, falseCalls: 0, errors: 0 },
      { family: TOTAL_LABEL, cases: 2, expectedCalls: 3, right: 1, missed: 1, falseCalls: 0, errors: 0, microsPerKiB: 50 },
    ]);
    expect(next.cost).toEqual([{ id: TEXT_CALL_TASK_IDS.corpus, label: 'whole corpus (3 texts)', microsPerKiB: 100 }]);
    const file = new URL(`file://${mkdtempSync(join(tmpdir(), 'text-call-previous-'))}/previous-run.json`);
    keepAsPrevious(report, 'when', file);
    expect(loadPreviousRun(file)).toEqual(next);
  });
});

describe('rewriting only the text-call section of RESULTS.md', () => {
  it('replaces the section up to the next top-level heading, and leaves the rest as it was', () => {
    const before = ['# Registry', 'intro', '', SECTION_HEADING, 'old', '## old table', '', '# Hostile inputs', 'kept', ''].join('\n');
    expect(replaceSection(before, `${SECTION_HEADING}\nnew\n`)).toBe(['# Registry', 'intro', '', SECTION_HEADING, 'new', '', '# Hostile inputs', 'kept', ''].join('\n'));
    expect(replaceSection('# Registry\n', `${SECTION_HEADING}\nnew\n`)).toBe(`# Registry\n\n${SECTION_HEADING}\nnew\n`);
  });
});

describe('text-call cost inputs', () => {
  it('builds 1 MiB of prose with no marker, and 1,000 calls', () => {
    const prose = proseWithoutCalls(MIB);
    expect(Buffer.byteLength(prose, 'utf8')).toBe(MIB);
    for (const marker of ['<tool_call>', '[TOOL_CALLS]', '<|python_tag|>', '<function=', 'functools[']) expect(prose).not.toContain(marker);
    expect(manyToolCalls(1000).split('\n')).toHaveLength(1000);
  });

  it('reads the repository corpus, registers its tools and lists the three cost rows', () => {
    const files = loadCorpus();
    expect(files.map((file) => file.file)).toContain('negatives');
    const names = corpusToolDefinitions(files).map((tool) => tool.name);
    expect(names).toContain('special_function');
    expect(new Set(names).size).toBe(names.length);
    expect(costInputs(files).map((input) => input.id)).toEqual([TEXT_CALL_TASK_IDS.corpus, TEXT_CALL_TASK_IDS.noCall, TEXT_CALL_TASK_IDS.manyCalls]);
    const perFamily = familyCostInputs(files);
    expect(perFamily.map((input) => input.id)).toEqual([...files.map((file) => `${FAMILY_TASK_PREFIX}${file.file}`), TEXT_CALL_TASK_IDS.positives]);
    expect(perFamily.at(-1)?.contents.length).toBe(files.filter((file) => file.file !== 'negatives').reduce((sum, file) => sum + file.cases.length, 0));
    expect(textResponse('hi')).toEqual({ model: 'bench', message: { role: 'assistant', content: 'hi', tool_calls: [] }, done: true });
  });
});
