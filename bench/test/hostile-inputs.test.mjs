// @ts-check
/**
 * The "Hostile inputs" section of the bench (issue 13): its table and notes, and the cases it
 * builds staying within the limits they claim.
 */
import { describe, expect, it } from 'vitest';
import { ARGUMENT_LIMIT_BYTES, HOLD_GOAL_MS, hostileCases } from '../lib/hostile-inputs/hostile-cases.mjs';
import { hostileNotes, hostileTable } from '../lib/hostile-inputs/hostile-table.mjs';

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
