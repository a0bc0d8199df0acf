// @ts-check
/**
 * The "Hostile inputs" section of the bench (issue 13): its tables and notes (the inputs' and the
 * attacks on the real host's), and the cases it builds staying within the limits they claim.
 */
import { describe, expect, it } from 'vitest';
import { ARGUMENT_LIMIT_BYTES, HOLD_GOAL_MS, hostileCases } from '../lib/hostile-inputs/hostile-cases.mjs';
import { hostAttackNotes, hostAttackTable, hostileNotes, hostileTable } from '../lib/hostile-inputs/hostile-table.mjs';
import { HEALTH_GOAL_MS, HOST_HOLD_GOAL_MS } from '../lib/hostile-inputs/run-host-attacks.mjs';
import { markdownTable, renderMarkdown, renderText } from '../lib/render-report.mjs';

/** @type {import('../lib/hostile-inputs/run-hostile.mjs').HostileRow[]} */
const ROWS = [
  { id: 'a', label: 'unknown keys', bytes: 650 * 1024, runs: 5, worstMs: 12.345, medianMs: 9.5, goalMs: HOLD_GOAL_MS, outcome: 'ACODE-TSR-005 (50 errors)' },
  { id: 'b', label: 'uniqueItems', bytes: 1024 * 1024, runs: 5, worstMs: 61, medianMs: 40, goalMs: HOLD_GOAL_MS, outcome: 'valid' },
  { id: 'c', label: 'repair', bytes: 1024 * 1024, runs: 5, worstMs: 104, medianMs: 101, goalMs: 110, outcome: 'ACODE-TLP-007' },
  { id: 'd', label: 'pattern', bytes: 1024, runs: 5, worstMs: 1, medianMs: 1, goalMs: HOLD_GOAL_MS, outcome: 'valid', problem: 'expected an error' },
];

describe('hostileTable', () => {
  it('gives per case the size, the worst and median hold, the goal and the verdict', () => {
    const table = hostileTable(ROWS);
    expect(table.columns).toEqual(['Case', 'KiB', 'runs', 'worst ms', 'median ms', 'goal ms', 'verdict', 'answer']);
    expect(table.rows[0]).toEqual(['unknown keys', '650', '5', '12.3', '9.5', '≤ 50', 'PASS', 'ACODE-TSR-005 (50 errors)']);
    expect(table.rows[1]?.[6]).toBe('OVER');
    expect(table.rows[2]?.slice(3, 7)).toEqual(['104.0', '101.0', '≤ 110', 'PASS']);
    expect(table.rows[3]?.slice(6)).toEqual(['WRONG ANSWER', 'valid: expected an error']);
  });

  it('notes the cases over their goal and the wrong answers, and only those', () => {
    const notes = hostileNotes(ROWS);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('"uniqueItems" held the event loop 61.0 ms, over its goal of 50 ms');
    expect(notes[1]).toMatch(/^WRONG ANSWER: hostile input "pattern"/);
  });
});

/** @type {import('../lib/hostile-inputs/run-host-attacks.mjs').HostAttackRow[]} */
const ATTACKS = [
  {
    id: 'streamed-memory',
    label: 'streamed',
    clients: 256,
    seconds: 12.04,
    peakHeapMiB: 231.96,
    holdMs: 21.4,
    peakRssMiB: 414.9,
    healthWorstMs: 42.25,
    healthMedianMs: 6.55,
    healthProbes: 383,
    healthGoalMs: HEALTH_GOAL_MS,
    holdGoalMs: HOST_HOLD_GOAL_MS,
    outcome: '252 cut with ACODE-GTW-006, 4 held back',
  },
  {
    id: 'slowloris',
    label: 'slowloris',
    clients: 80,
    seconds: 2.34,
    peakHeapMiB: 21.07,
    holdMs: 61,
    holdGapMs: 58,
    holdGapCpuMs: 20.25,
    peakRssMiB: 81.1,
    healthWorstMs: 120,
    healthMedianMs: 1.96,
    healthProbes: 109,
    healthGoalMs: HEALTH_GOAL_MS,
    holdGoalMs: HOST_HOLD_GOAL_MS,
    outcome: 'normal request 200 in 11 ms; 80 got 408',
  },
  {
    id: 'streamed-memory',
    label: 'died',
    clients: 256,
    seconds: 3,
    peakRssMiB: 600,
    healthWorstMs: 5,
    healthMedianMs: 1,
    healthProbes: 10,
    healthGoalMs: HEALTH_GOAL_MS,
    holdGoalMs: HOST_HOLD_GOAL_MS,
    outcome: 'not all answered within 25 s',
    problem: 'the host died',
  },
];

describe('hostAttackTable', () => {
  it('gives per attack the host\'s peak heap and RSS, its event-loop hold, /healthz and what the clients got', () => {
    const table = hostAttackTable(ATTACKS);
    expect(table.title).toBe('Hostile inputs: the host under attack');
    expect(table.columns).toEqual(['Attack', 'clients', 's', 'peak heap MiB', 'peak RSS MiB', 'loop hold ms', '/healthz worst ms', '/healthz median ms', 'probes', 'verdict', 'clients got']);
    expect(table.rows[0]).toEqual(['streamed', '256', '12.0', '232.0', '415', '21.4', '42.3', '6.5', '383', 'PASS', '252 cut with ACODE-GTW-006, 4 held back']);
    expect(table.rows[1]?.slice(5, 11)).toEqual(['61.0', '120.0', '2.0', '109', 'OVER (hold, /healthz)', 'normal request 200 in 11 ms; 80 got 408']);
    // A host without a probe summary shows no heap or hold, and fails with its reason.
    expect(table.rows[2]?.slice(3, 6)).toEqual(['—', '600', '—']);
    expect(table.rows[2]?.slice(9)).toEqual(['FAILED', 'not all answered within 25 s: the host died']);
  });

  it('renders under its own heading in the Markdown report', () => {
    const markdown = markdownTable(hostAttackTable(ATTACKS.slice(0, 1)));
    expect(markdown.split('\n').slice(0, 3)).toEqual(['## Hostile inputs: the host under attack', '', '| Attack | clients | s | peak heap MiB | peak RSS MiB | loop hold ms | /healthz worst ms | /healthz median ms | probes | verdict | clients got |']);
    expect(markdown).toContain('| streamed | 256 | 12.0 | 232.0 | 415 | 21.4 | 42.3 | 6.5 | 383 | PASS | 252 cut with ACODE-GTW-006, 4 held back |');
  });

  it('follows the hostile inputs table in the report, text and Markdown, with how the attacks were run', () => {
    /** @type {import('../lib/report-tables.mjs').BenchReport} */
    const report = { date: '2026-11-27T00:00:00.000Z', machine: { cpuCount: 2, cpuModel: 'cpu', node: 'v20', platform: 'linux x64', totalMemoryBytes: 2 ** 30 }, timings: [], heaps: [], budgets: [], notes: [], hostile: ROWS, hostAttacks: ATTACKS.slice(0, 2) };
    const markdown = renderMarkdown(report);
    const inputs = markdown.indexOf('## Hostile inputs: event-loop hold');
    const attacks = markdown.indexOf('## Hostile inputs: the host under attack');
    expect(inputs).toBeGreaterThan(0);
    expect(attacks).toBeGreaterThan(inputs);
    expect(markdown.slice(attacks)).toContain('host-probe-preload.mjs');
    expect(renderText(report)).toContain('Hostile inputs: the host under attack');
    // Without the registry's rows the section still opens with its heading.
    expect(renderMarkdown({ ...report, hostile: undefined })).toMatch(/# Hostile inputs\n[\s\S]*## Hostile inputs: the host under attack/);
  });

  it('notes the attacks over a goal, naming each goal missed, and the ones the host did not hold', () => {
    const notes = hostAttackNotes(ATTACKS);
    expect(notes).toEqual([
      'Host attack "slowloris": the host held its event loop 61.0 ms (goal: under 50 ms; its process used 20.3 ms of CPU, all threads, over its longest timer gap of 58.0 ms) and answered /healthz in 120.0 ms at worst (goal: under 100 ms).',
      'HOST ATTACK FAILED: "died": the host died (clients got: not all answered within 25 s).',
    ]);
    expect(hostAttackNotes([{ ...ATTACKS[0], healthWorstMs: 100 }].map((row) => /** @type {import('../lib/hostile-inputs/run-host-attacks.mjs').HostAttackRow} */ (row)))).toHaveLength(1);
  });
});

describe('hostileCases', () => {
  it('stays within the argument limit, and builds the repair case as damaged text', () => {
    const cases = hostileCases();
    expect(cases.map((testCase) => testCase.id)).toEqual(['unique-max-items', 'unique-strings', 'unique-objects', 'pattern-properties-long-name', 'property-names-long-names', 'unknown-keys', 'repair-deadline']);
    for (const testCase of cases) expect(Buffer.byteLength(testCase.text)).toBeLessThanOrEqual(ARGUMENT_LIMIT_BYTES);
    for (const testCase of cases.filter((item) => item.kind === 'validate')) expect(() => JSON.parse(testCase.text)).not.toThrow();
    const repair = cases.find((testCase) => testCase.kind === 'repair');
    expect(() => JSON.parse(repair?.text ?? '')).toThrow();
  });

  it('shrinks every input with a smaller limit', () => {
    for (const testCase of hostileCases({ limit: 64 * 1024 })) expect(Buffer.byteLength(testCase.text)).toBeLessThanOrEqual(64 * 1024);
  });
});
