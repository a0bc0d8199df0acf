import { describe, expect, it } from 'vitest';
import { kindRule } from '../../src/definition-rules/kind-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('kind rule', () => {
  it('accepts retrieval, action, utility and absence', () => {
    for (const kind of ['retrieval', 'action', 'utility', undefined]) expect(kindRule.check(validDefinition({ kind }))).toEqual([]);
  });

  it('refuses other values', () => {
    expect(kindRule.check(validDefinition({ kind: 'Action' }))).toEqual([
      { code: 'ACODE-DEF-001', path: '/kind', message: 'kind must be one of: retrieval, action, utility; got "Action"' },
    ]);
    expect(kindRule.check(validDefinition({ kind: null }))[0]!.message).toBe('kind must be one of: retrieval, action, utility; got null');
  });
});
