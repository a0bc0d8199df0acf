import { describe, expect, it } from 'vitest';
import { knownFieldsRule } from '../../src/definition-rules/known-fields-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('known-fields rule', () => {
  it('accepts the definition fields', () => {
    expect(knownFieldsRule.check(validDefinition({ enabled: true, metadata: {} }))).toEqual([]);
  });

  it('refuses misspelt and foreign fields, escaping them as pointers', () => {
    expect(knownFieldsRule.check(validDefinition({ requiresConfirmaton: true, 'a/b': 1, Parameters: [] }))).toEqual([
      { code: 'ACODE-DEF-001', path: '/requiresConfirmaton', message: '"requiresConfirmaton" is not a tool definition field; put free-form facts in metadata' },
      { code: 'ACODE-DEF-001', path: '/a~1b', message: '"a/b" is not a tool definition field; put free-form facts in metadata' },
      { code: 'ACODE-DEF-001', path: '/Parameters', message: '"Parameters" is not a tool definition field; put free-form facts in metadata' },
    ]);
  });
});
