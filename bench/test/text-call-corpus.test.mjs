// @ts-check
/**
 * The text-call section's own logic (issue 12): scoring a case, tallying a corpus per family, and
 * the two report tables. The parser is a stand-in here; the real one runs the corpus in
 * `packages/infrastructure/test/tool-calls/text-call-corpus.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { corpusToolDefinitions, loadCorpus, textResponse } from '../lib/text-calls/corpus.mjs';
import { callKey, runCorpus, scoreCase } from '../lib/text-calls/corpus-run.mjs';
import { textCallCostTable, textCallTable } from '../lib/text-calls/text-call-table.mjs';
import { costInputs, MIB, manyToolCalls, proseWithoutCalls, TEXT_CALL_TASK_IDS } from '../lib/text-calls/text-call-tasks.mjs';

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

  it('gives one row per family and a total without the negatives', () => {
    const table = textCallTable(families);
    expect(table.columns).toEqual(['Family', 'cases', 'expected calls', 'extracted right', 'missed calls', 'false calls', 'failed calls']);
    expect(table.rows).toEqual([
      ['glm', '10', '12', '9 (90.0%)', '1', '0', '1'],
      ['kimi', '4', '5', '4 (100.0%)', '0', '0', '0'],
      ['negatives', '20', '0', '19 (95.0%)', '0', '2', '0'],
      ['all families (negatives excluded)', '14', '17', '13 (92.9%)', '1', '0', '1'],
    ]);
    expect(table.numericColumns).toEqual([1, 2, 3, 4, 5, 6]);
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
    expect(textResponse('hi')).toEqual({ model: 'bench', message: { role: 'assistant', content: 'hi', tool_calls: [] }, done: true });
  });
});
