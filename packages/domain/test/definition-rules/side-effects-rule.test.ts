import { describe, expect, it } from 'vitest';
import { sideEffectsRule } from '../../src/definition-rules/side-effects-rule.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('side-effects rule', () => {
  it('accepts none, read_only, writes and absence', () => {
    for (const sideEffects of ['none', 'read_only', 'writes', undefined]) {
      expect(sideEffectsRule.check(validDefinition({ sideEffects }))).toEqual([]);
    }
  });

  it('refuses other values', () => {
    expect(sideEffectsRule.check(validDefinition({ sideEffects: true }))).toEqual([
      { code: 'ACODE-DEF-001', path: '/sideEffects', message: 'sideEffects must be one of: none, read_only, writes; got a boolean' },
    ]);
  });
});
