import { describe, expect, it } from 'vitest';
import { latencyBudgetRule } from '../../src/definition-rules/latency-budget-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

const check = (latencyBudgetMs: unknown) => latencyBudgetRule.check(validDefinition({ latencyBudgetMs }));

describe('latency-budget rule', () => {
  it('accepts positive whole milliseconds and absence', () => {
    expect(check(1)).toEqual([]);
    expect(check(1500)).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });

  it.each([
    [0, '0'],
    [-5, '-5'],
    [1.5, '1.5'],
    [Number.NaN, 'a non-finite number'],
    [Number.POSITIVE_INFINITY, 'a non-finite number'],
    ['500', 'a string'],
    [2 ** 60, String(2 ** 60)],
  ])('refuses %s', (value, got) => {
    expect(check(value)).toEqual([
      { code: 'ACODE-DEF-001', path: '/latencyBudgetMs', message: `latencyBudgetMs must be a positive whole number of milliseconds; got ${got}` },
    ]);
  });
});
