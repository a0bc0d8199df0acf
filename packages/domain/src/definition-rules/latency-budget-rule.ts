import { describeValueType } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/** `latencyBudgetMs`, when given, is a positive whole number of milliseconds. */
export const latencyBudgetRule: DefinitionRule = {
  name: 'latency-budget',
  check(definition) {
    const budget = ownValue(definition, 'latencyBudgetMs');
    if (budget === undefined) return [];
    if (typeof budget === 'number' && Number.isSafeInteger(budget) && budget > 0) return [];
    const got = typeof budget === 'number' && Number.isFinite(budget) ? String(budget) : describeValueType(budget);
    return [definitionViolation('/latencyBudgetMs', `latencyBudgetMs must be a positive whole number of milliseconds; got ${got}`)];
  },
};
