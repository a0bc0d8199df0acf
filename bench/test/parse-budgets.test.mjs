import { describe, expect, it } from 'vitest';
import { PARSE_BUDGETS, PARSE_RATIO_CHECKS, checkRatios } from '../lib/parse-budgets.mjs';

/** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
const atMost = { id: 'm', requirement: 'R', label: 'at most 1.2×', limit: 1.2, inclusive: true, pairs: [{ subject: 'a', reference: 'b' }, { subject: 'c', reference: 'd' }] };
/** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
const fasterThan = { ...atMost, id: 'f', label: 'faster than', limit: 1, inclusive: false };
const row = (/** @type {string} */ id, /** @type {unknown} */ meanMicros) => ({ id, label: `row ${id}`, state: /** @type {const} */ ('measured'), meanMicros: /** @type {number} */ (meanMicros) });

describe('checkRatios', () => {
  it('judges the worst pair on mean ratios', () => {
    const [verdict] = checkRatios([atMost], [row('a', 1.1), row('b', 1), row('c', 3), row('d', 4)]);
    expect(verdict?.status).toBe('PASS');
    expect(verdict?.measured).toBeCloseTo(1.1, 12);
    expect(verdict?.measuredBy).toBe('row a');
  });

  it('passes "at most" at the limit but fails "faster than" at parity', () => {
    const rows = [row('a', 6), row('b', 5), row('c', 1), row('d', 1)];
    expect(checkRatios([atMost], rows)[0]).toMatchObject({ status: 'PASS', measured: 1.2 });
    expect(checkRatios([fasterThan], rows.map((r) => (r.id === 'a' ? row('a', 5) : r)))[0]).toMatchObject({ status: 'FAIL', measured: 1 });
  });

  it('fails above the limit and names the row that missed', () => {
    expect(checkRatios([fasterThan], [row('a', 1), row('b', 2), row('c', 9), row('d', 3)])[0]).toMatchObject({ status: 'FAIL', measured: 3, measuredBy: 'row c' });
  });

  it('is NOT MEASURED, never PASS, when a row is missing, failed or unusable', () => {
    expect(checkRatios([atMost], [row('a', 1), row('b', 1), row('c', 1)])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'd was not measured' });
    const failed = { id: 'b', label: 'b', state: /** @type {const} */ ('failed'), failure: 'repairer crashed' };
    expect(checkRatios([atMost], [row('a', 1), failed, row('c', 1), row('d', 1)])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'repairer crashed' });
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, undefined]) {
      expect(checkRatios([atMost], [row('a', 1), row('b', bad), row('c', 1), row('d', 1)])[0]?.status).toBe('NOT MEASURED');
    }
    expect(checkRatios([{ ...atMost, pairs: [] }], [])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'no pair named' });
  });
});

describe('the parsing targets', () => {
  it("holds 002's four absolute budgets, in microseconds", () => {
    expect(PARSE_BUDGETS.map((budget) => [budget.id, budget.limit, budget.unit, budget.source])).toEqual([
      ['extract-1', 500, 'µs', 'timing'],
      ['extract-10', 2_000, 'µs', 'timing'],
      ['repair-trailing-comma', 100, 'µs', 'timing'],
      ['pipeline', 1_000, 'µs', 'timing'],
    ]);
  });

  it("holds issue 3's ratios: valid input at most 1.2× JSON.parse, every input faster than jsonrepair", () => {
    const [valid, peer] = PARSE_RATIO_CHECKS;
    expect([valid?.limit, valid?.inclusive, valid?.pairs.length]).toEqual([1.2, true, 2]);
    expect(valid?.pairs.every((pair) => pair.reference.startsWith('json-parse-'))).toBe(true);
    expect([peer?.limit, peer?.inclusive, peer?.pairs.length]).toEqual([1, false, 5]);
    expect(peer?.pairs.every((pair) => pair.subject.startsWith('acode-repair-') && pair.reference.startsWith('jsonrepair-'))).toBe(true);
  });
});
