import { describe, expect, it } from 'vitest';
import { PARSE_BUDGETS, PARSE_RATIO_CHECKS, checkRatios } from '../lib/parse-budgets.mjs';

/** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
const atMost = { id: 'm', requirement: 'R', label: 'at most 1.2×', limit: 1.2, inclusive: true, pairs: [{ subject: 'a', reference: 'b' }, { subject: 'c', reference: 'd' }] };
/** @type {import('../lib/parse-budgets.mjs').RatioCheck} */
const fasterThan = { ...atMost, id: 'f', label: 'faster than', limit: 1, inclusive: false };
/** A measured pair; `a`/`b` and `c`/`d` are the two pairs the checks name. */
const pair = (/** @type {string} */ subject, /** @type {string} */ reference, /** @type {unknown} */ medianRatio, spread = {}) => ({
  subject,
  reference,
  label: `row ${subject}`,
  state: /** @type {const} */ ('measured'),
  medianRatio: /** @type {number} */ (medianRatio),
  ...spread,
});

describe('checkRatios', () => {
  it('judges the worst pair on its paired median, and carries its quartiles', () => {
    const [verdict] = checkRatios([atMost], [pair('a', 'b', 1.1, { p25: 1.05, p75: 1.15 }), pair('c', 'd', 0.75, { p25: 0.7, p75: 0.8 })]);
    expect(verdict).toMatchObject({ status: 'PASS', measured: 1.1, measuredBy: 'row a', p25: 1.05, p75: 1.15 });
  });

  it('passes "at most" at the limit but fails "faster than" at parity', () => {
    expect(checkRatios([atMost], [pair('a', 'b', 1.2), pair('c', 'd', 1)])[0]).toMatchObject({ status: 'PASS', measured: 1.2 });
    expect(checkRatios([fasterThan], [pair('a', 'b', 1), pair('c', 'd', 0.5)])[0]).toMatchObject({ status: 'FAIL', measured: 1 });
  });

  it('fails above the limit and names the row that missed', () => {
    expect(checkRatios([fasterThan], [pair('a', 'b', 0.5), pair('c', 'd', 3)])[0]).toMatchObject({ status: 'FAIL', measured: 3, measuredBy: 'row c' });
  });

  it('does not mistake a pair measured the other way round for the one named', () => {
    expect(checkRatios([atMost], [pair('b', 'a', 0.5), pair('c', 'd', 1)])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'a vs b was not measured' });
  });

  it('is NOT MEASURED, never PASS, when a pair is missing, failed or unusable', () => {
    expect(checkRatios([atMost], [pair('a', 'b', 1)])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'c vs d was not measured' });
    const failed = { subject: 'c', reference: 'd', label: 'row c', state: /** @type {const} */ ('failed'), failure: 'repairer crashed' };
    expect(checkRatios([atMost], [pair('a', 'b', 1), failed])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'repairer crashed' });
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, undefined, '1']) {
      expect(checkRatios([atMost], [pair('a', 'b', bad), pair('c', 'd', 1)])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'a vs b gave no usable ratio' });
    }
    expect(checkRatios([{ ...atMost, pairs: [] }], [])[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'no pair named' });
  });

  it('leaves out quartiles that are not finite rather than printing NaN', () => {
    const [verdict] = checkRatios([atMost], [pair('a', 'b', 1, { p25: Number.NaN, p75: 1.1 }), pair('c', 'd', 0.9)]);
    expect(verdict?.status).toBe('PASS');
    expect(verdict).not.toHaveProperty('p25');
    expect(verdict).not.toHaveProperty('p75');
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
