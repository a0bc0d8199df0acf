import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets } from '../lib/budgets.mjs';

/** @type {import('../lib/budgets.mjs').Budget} */
const latency = { id: 'l', requirement: 'NFR-X', label: 'latency', limit: 1000, unit: 'µs', source: 'timing', measurementIds: ['a', 'b'] };
/** @type {import('../lib/budgets.mjs').Budget} */
const heap = { id: 'h', requirement: 'NFR-Y', label: 'heap', limit: 51_200, unit: 'bytes', source: 'heap', measurementIds: ['h1'] };
const timing = (/** @type {string} */ id, /** @type {number} */ p99Micros) => ({ id, label: id, state: /** @type {const} */ ('measured'), p99Micros });

describe('checkBudgets', () => {
  it('passes below the limit and reports the worst measurement', () => {
    const [verdict] = checkBudgets([latency], { timings: [timing('a', 10), timing('b', 400)], heaps: [] });
    expect(verdict).toMatchObject({ status: 'PASS', measured: 400, measuredBy: 'b' });
  });

  it('fails at the limit: budgets are strict upper bounds', () => {
    const [verdict] = checkBudgets([latency], { timings: [timing('a', 1000), timing('b', 3)], heaps: [] });
    expect(verdict).toMatchObject({ status: 'FAIL', measured: 1000 });
  });

  it('is NOT MEASURED, never PASS, when one of its measurements is missing or failed', () => {
    expect(checkBudgets([latency], { timings: [timing('a', 1)], heaps: [] })[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'b was not measured' });
    const failed = { id: 'b', label: 'b', state: /** @type {const} */ ('failed'), failure: 'registry crashed' };
    expect(checkBudgets([latency], { timings: [timing('a', 1), failed], heaps: [] })[0]).toMatchObject({ status: 'NOT MEASURED', reason: 'registry crashed' });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, undefined])('treats a non-finite figure (%s) as not measured', (p99Micros) => {
    const [verdict] = checkBudgets([latency], { timings: [timing('a', 1), { id: 'b', label: 'b', state: 'measured', p99Micros }], heaps: [] });
    expect(verdict?.status).toBe('NOT MEASURED');
  });

  it('judges heap budgets on bytes per item, not on timings', () => {
    const heaps = [{ id: 'h1', label: 'h1', state: /** @type {const} */ ('measured'), bytesPerItem: 60_000 }];
    expect(checkBudgets([heap], { timings: [timing('h1', 1)], heaps })[0]).toMatchObject({ status: 'FAIL', measured: 60_000 });
  });

  it("holds 000's four budgets and 001's definition check, with their limits", () => {
    expect(BUDGETS.map((budget) => [budget.id, budget.limit, budget.unit])).toEqual([
      ['compile', 10_000, 'µs'],
      ['validate', 1_000, 'µs'],
      ['get-all-tools', 100, 'µs'],
      ['definition-validation', 5_000, 'µs'],
      ['heap-per-schema', 50 * 1024, 'bytes'],
    ]);
  });
});
