import { describe, expect, it } from 'vitest';
import { sideEffectsConstraintRule } from '../../src/definition-rules/side-effects-constraint-rule.js';
import { validateToolDefinition } from '../../src/validate-tool-definition.js';
import { validDefinition } from '../fixtures/definitions.js';

describe('side-effects constraint rule (001 allowSideEffects vs 003 sideEffects)', () => {
  it('refuses allowSideEffects: false on a tool that writes, at the constraint path', () => {
    const definition = validDefinition({ sideEffects: 'writes', constraints: { allowSideEffects: false } });
    const [violation] = sideEffectsConstraintRule.check(definition);
    expect(violation).toMatchObject({ code: 'ACODE-DEF-001', path: '/constraints/allowSideEffects' });
    expect(violation?.message).toContain('sideEffects is "writes"');
    expect(validateToolDefinition(definition)).toContainEqual(violation);
  });

  it.each([
    [{ sideEffects: 'read_only', constraints: { allowSideEffects: false } }],
    [{ sideEffects: 'none', constraints: { allowSideEffects: false } }],
    [{ sideEffects: 'writes', constraints: { allowSideEffects: true } }],
    [{ sideEffects: 'writes' }],
  ])('accepts %j', (fields) => {
    expect(sideEffectsConstraintRule.check(validDefinition(fields))).toEqual([]);
  });
});
