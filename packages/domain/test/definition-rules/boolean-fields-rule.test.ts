import { describe, expect, it } from 'vitest';
import { booleanFieldsRule } from '../../src/definition-rules/boolean-fields-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('boolean-fields rule', () => {
  it('accepts true, false and absence', () => {
    expect(booleanFieldsRule.check(validDefinition({ requiresConfirmation: true, idempotent: false }))).toEqual([]);
    expect(booleanFieldsRule.check(validDefinition())).toEqual([]);
  });

  it('refuses every non-boolean without coercing "false"', () => {
    expect(booleanFieldsRule.check(validDefinition({ requiresConfirmation: 'false', idempotent: 0, enabled: null }))).toEqual([
      { code: 'ACODE-DEF-001', path: '/requiresConfirmation', message: 'requiresConfirmation must be true or false; got a string' },
      { code: 'ACODE-DEF-001', path: '/idempotent', message: 'idempotent must be true or false; got an integer' },
      { code: 'ACODE-DEF-001', path: '/enabled', message: 'enabled must be true or false; got null' },
    ]);
  });
});
