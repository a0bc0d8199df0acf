import { describeValueType, quoteText } from '../message-text.js';
import { ownValue } from '../plain-object.js';
import { definitionViolation, type DefinitionRule } from './definition-rule.js';

/**
 * Builds the rule for an optional field that must be one of a fixed set of strings (`category`,
 * `kind`, `sideEffects`). The message lists the allowed values, because they are the fix.
 */
export function oneOfFieldRule(name: string, field: string, allowed: readonly string[]): DefinitionRule {
  return {
    name,
    check(definition) {
      const value = ownValue(definition, field);
      if (value === undefined || (typeof value === 'string' && allowed.includes(value))) return [];
      const got = typeof value === 'string' ? quoteText(value) : describeValueType(value);
      return [definitionViolation(`/${field}`, `${field} must be one of: ${allowed.join(', ')}; got ${got}`)];
    },
  };
}
