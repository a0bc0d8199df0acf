import { describe, expect, it } from 'vitest';
import { markdownTable, renderMarkdown, renderText, textTable } from '../lib/render-report.mjs';

/** @type {import('../lib/budgets.mjs').Budget} */
const budget = { id: 'v', requirement: 'NFR-002', label: 'Validation, p99', limit: 1000, unit: 'µs', source: 'timing', measurementIds: ['a'] };

/** @returns {import('../lib/report-tables.mjs').BenchReport} */
function report(overrides = {}) {
  return {
    date: '2025-01-01T00:00:00.000Z',
    machine: { cpuCount: 2, cpuModel: 'Test CPU', node: 'v20.0.0', platform: 'linux x64', totalMemoryBytes: 8 * 1024 ** 3 },
    timings: [
      { id: 'a', label: 'acode validate', work: 'w', role: 'acode', batch: 20, state: 'measured', opsPerSecond: 250_000, meanMicros: 4, p99Micros: 9.5, vsBaseline: 8, vsCheapestPeer: 3 },
      { id: 'b', label: 'broken', work: 'w', role: 'peer', batch: 1, state: 'failed', failure: 'boom' },
    ],
    heaps: [{ id: 'h', label: 'acode registry, 1,000 tools', work: 'h', role: 'acode', count: 1000, state: 'measured', bytesPerItem: 3072, retainedBytes: 3_072_000 }],
    budgets: [{ budget, status: 'PASS', measured: 9.5, measuredBy: 'acode validate' }],
    notes: [],
    ...overrides,
  };
}

describe('renderText', () => {
  it('prints the figures, the machine and the verdicts', () => {
    const text = renderText(report());
    expect(text).toContain('2 × Test CPU, 8.0 GiB RAM, linux x64, Node v20.0.0');
    expect(text).toMatch(/acode validate\s+250,000\s+4\.00\s+9\.50\s+8\.00×\s+3\.00×/);
    expect(text).toMatch(/broken\s+failed.*\(boom\)/);
    expect(text).toContain('3.0 KiB');
    expect(text).not.toContain('!!!');
  });

  it('shouts a missed or unmeasured budget', () => {
    const text = renderText(report({ budgets: [{ budget, status: 'FAIL', measured: 2500, measuredBy: 'acode validate' }, { budget, status: 'NOT MEASURED', reason: 'not built' }] }));
    expect(text).toContain('!!! BUDGET MISSED: Validation, p99 (NFR-002)');
    expect(text).toContain('!!! BUDGET NOT MEASURED: Validation, p99 (NFR-002)');
    expect(text).toContain('2.50 ms (acode validate)');
  });

  it('keeps hostile labels and notes on one line', () => {
    const text = renderText(report({ notes: ['line one\nline two\u0007'] }));
    expect(text).toContain('- line one line two ');
  });
});

describe('renderMarkdown', () => {
  it('opens with how to run and why ratios matter, then the tables', () => {
    const markdown = renderMarkdown(report());
    expect(markdown.startsWith('# Registry benchmarks')).toBe(true);
    expect(markdown).toContain('node --expose-gc bench/registry.bench.mjs');
    expect(markdown).toMatch(/shared and noisy/);
    expect(markdown).toContain('| acode validate | 250,000 | 4.00 | 9.50 | 8.00× | 3.00× |');
    expect(markdown).toContain('| Validation, p99 | NFR-002 | < 1 ms | 9.50 µs (acode validate) | PASS |');
  });
});

describe('the tool-call parsing section', () => {
  /** @type {import('../lib/budgets.mjs').Budget} */
  const repairBudget = { id: 'r', requirement: '002 ToolCallBenchmarks', label: 'Repair of a trailing comma, p99', limit: 100, unit: 'µs', source: 'timing', measurementIds: ['acode-repair'] };
  /** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
  const atMost = { id: 'v', requirement: 'issue 3', label: 'Repair of valid input vs JSON.parse', limit: 1.2, inclusive: true, pairs: [] };
  /** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
  const fasterThan = { id: 'j', requirement: 'issue 3', label: 'Repair vs jsonrepair', limit: 1, inclusive: false, pairs: [] };
  const parsing = {
    timings: [{ id: 'acode-repair', label: 'acode repair, trailing comma', work: 'repair', role: /** @type {const} */ ('acode'), batch: 20, state: /** @type {const} */ ('measured'), opsPerSecond: 1_000_000, meanMicros: 1, p99Micros: 2.5, vsCheapestPeer: 0.4 }],
    budgets: [{ budget: repairBudget, status: /** @type {const} */ ('PASS'), measured: 2.5, measuredBy: 'acode repair, trailing comma' }],
    ratios: [
      { check: atMost, status: /** @type {const} */ ('FAIL'), measured: 1.35, p25: 1.3, p75: 1.42, measuredBy: 'acode repair, valid, 10 KiB' },
      { check: fasterThan, status: /** @type {const} */ ('NOT MEASURED'), reason: 'jsonrepair-truncated was not measured' },
    ],
  };

  it('is absent when the report has none', () => {
    expect(renderMarkdown(report())).not.toContain('Tool-call parsing');
    expect(renderText(report())).not.toContain('Tool-call parsing');
  });

  it('renders its timings and one budget table holding p99 budgets and paired median ratios with their IQR', () => {
    const markdown = renderMarkdown(report({ parsing }));
    expect(markdown).toContain('# Tool-call parsing benchmarks');
    expect(markdown).toMatch(/judged on a \*\*paired median ratio\*\*/);
    expect(markdown).toContain('| acode repair, trailing comma | 1,000,000 | 1.00 | 2.50 | — | 0.40× |');
    expect(markdown).toContain('| Repair of a trailing comma, p99 | 002 ToolCallBenchmarks | < 100 µs | 2.50 µs (acode repair, trailing comma) | PASS |');
    expect(markdown).toContain('| Repair of valid input vs JSON.parse | issue 3 | ≤ 1.20× | 1.35× (IQR 1.30×–1.42×; acode repair, valid, 10 KiB) | FAIL |');
    expect(markdown).toContain('| Repair vs jsonrepair | issue 3 | < 1.00× | — (jsonrepair-truncated was not measured) | NOT MEASURED |');
    // The registry's section still comes first, and the notes last.
    expect(markdown.indexOf('# Registry benchmarks')).toBeLessThan(markdown.indexOf('# Tool-call parsing benchmarks'));
  });

  it('shouts every parsing target that missed or was not measured, and only those', () => {
    const text = renderText(report({ parsing }));
    expect(text).toContain('!!! BUDGET MISSED: Repair of valid input vs JSON.parse (issue 3)');
    expect(text).toContain('!!! BUDGET NOT MEASURED: Repair vs jsonrepair (issue 3)');
    expect(text).not.toContain('!!! BUDGET MISSED: Repair of a trailing comma');
  });
});

describe('the tool execution section', () => {
  /** @type {import('../lib/budgets.mjs').Budget} */
  const inProcessBudget = { id: 'i', requirement: 'issue 5 (003: voice tools within 1 s)', label: 'Executor overhead, in process, p99', limit: 1000, unit: 'µs', source: 'timing', measurementIds: ['acode-execute'] };
  /** @type {import('../lib/budgets.mjs').Budget} */
  const childBudget = { id: 'c', requirement: '003 latencyBudgetMs (voice < 1 s)', label: 'Run in a child process (standard isolation), p99', limit: 500_000, unit: 'µs', source: 'timing', measurementIds: ['acode-child'] };
  const row = { work: 'kb_search', batch: 1, state: /** @type {const} */ ('measured') };
  const execution = {
    timings: [
      { ...row, id: 'kb-direct', label: 'kb_search handler, called directly', role: /** @type {const} */ ('baseline'), opsPerSecond: 2_000, meanMicros: 500, p99Micros: 900, vsBaseline: 1 },
      { ...row, id: 'acode-execute', label: 'acode ToolExecutor.execute, kb_search', role: /** @type {const} */ ('acode'), opsPerSecond: 1_000, meanMicros: 1_000, p99Micros: 2_500, vsBaseline: 2 },
      { id: 'acode-child', label: 'acode ToolExecutor.execute, echo_text, standard', work: 'echo_text', role: /** @type {const} */ ('acode'), batch: 1, state: /** @type {const} */ ('failed'), failure: 'echo_text answered TIMEOUT' },
    ],
    budgets: [
      { budget: inProcessBudget, status: /** @type {const} */ ('FAIL'), measured: 2_500, measuredBy: 'acode ToolExecutor.execute, kb_search' },
      { budget: childBudget, status: /** @type {const} */ ('NOT MEASURED'), reason: 'echo_text answered TIMEOUT' },
    ],
  };

  it('is absent when the report has none', () => {
    expect(renderMarkdown(report())).not.toContain('Tool execution');
    expect(renderText(report())).not.toContain('Tool execution');
  });

  it('renders its timings with one ratio column, against the direct call, and its p99 budgets', () => {
    const markdown = renderMarkdown(report({ execution }));
    expect(markdown).toContain('# Tool execution benchmarks');
    expect(markdown).toContain('| Task | ops/s | mean µs | p99 µs | × direct call |');
    expect(markdown).toContain('| acode ToolExecutor.execute, kb_search | 1,000 | 1,000 | 2,500 | 2.00× |');
    expect(markdown).toContain('| acode ToolExecutor.execute, echo_text, standard | failed | — | — | (echo_text answered TIMEOUT) |');
    expect(markdown).toContain('| Executor overhead, in process, p99 | issue 5 (003: voice tools within 1 s) | < 1 ms | 2.50 ms (acode ToolExecutor.execute, kb_search) | FAIL |');
    expect(markdown).toContain('| Run in a child process (standard isolation), p99 | 003 latencyBudgetMs (voice < 1 s) | < 500 ms | — (echo_text answered TIMEOUT) | NOT MEASURED |');
    expect(markdown).not.toMatch(/Tool execution timings[^#]*× cheapest peer/);
  });

  it('explains what each row includes', () => {
    const markdown = renderMarkdown(report({ execution }));
    expect(markdown).toMatch(/argument validation/);
    expect(markdown).toMatch(/policies/);
    expect(markdown).toMatch(/envelope/);
    expect(markdown).toMatch(/process start, loading the runner and the handler module, the\s+arguments and the result over IPC/);
    // Only core tools run in process: the in-process row is file_read, and kb_search runs in a child process.
    expect(markdown).toMatch(/Only core tools run in process/);
    expect(markdown).toContain('`acode ToolExecutor.execute, kb_search, isolation standard`');
    expect(markdown).toContain('`acode ToolExecutor.execute, file_read (core), isolation none`');
    expect(markdown).not.toMatch(/echo_inline|kb_search, isolation none/);
  });

  it('comes after the parsing section and before the notes', () => {
    const parsing = { timings: [], budgets: [], ratios: [] };
    const markdown = renderMarkdown(report({ parsing, execution, notes: ['a note'] }));
    expect(markdown.indexOf('# Tool-call parsing benchmarks')).toBeLessThan(markdown.indexOf('# Tool execution benchmarks'));
    expect(markdown.indexOf('# Tool execution benchmarks')).toBeLessThan(markdown.indexOf('## Notes'));
  });

  it('prints its tables in text and shouts every budget that missed or was not measured', () => {
    const text = renderText(report({ execution }));
    expect(text).toContain('Tool execution timings');
    expect(text).toMatch(/acode ToolExecutor\.execute, kb_search\s+1,000\s+1,000\s+2,500\s+2\.00×/);
    expect(text).toContain('!!! BUDGET MISSED: Executor overhead, in process, p99 (issue 5 (003: voice tools within 1 s))');
    expect(text).toContain('!!! BUDGET NOT MEASURED: Run in a child process (standard isolation), p99 (003 latencyBudgetMs (voice < 1 s))');
  });
});

describe('tables', () => {
  const table = { title: 'T', columns: ['name', 'value'], numericColumns: [1], rows: [['a|b\nc', '1'], ['long name', '1,000']] };

  it('escapes pipes and newlines so a hostile cell cannot add columns or rows', () => {
    const lines = markdownTable(table).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe('| a\\|b c | 1 |');
    for (const line of lines.slice(2)) expect(line.replace(/\\\|/g, '').split('|')).toHaveLength(4);
  });

  it('right-aligns numeric columns in text', () => {
    const lines = textTable(table).split('\n');
    const ends = lines.slice(1).filter((line) => !line.startsWith('-')).map((line) => line.length);
    expect(new Set(ends).size).toBe(1);
    expect(lines.at(-2)).toMatch(/\s{4}1$/);
  });

  it('renders a table with no rows', () => {
    expect(markdownTable({ ...table, rows: [] })).toBe('## T\n\n| name | value |\n|---|---:|');
  });
});
