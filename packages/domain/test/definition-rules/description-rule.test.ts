import { describe, expect, it } from 'vitest';
import { descriptionRule } from '../../src/definition-rules/description-rule.js';
import { TEN_MB, validDefinition } from '../fixtures/definitions.js';

const check = (description: unknown) => descriptionRule.check(validDefinition({ description }));

describe('description rule', () => {
  it('accepts text up to 500 characters, counting an emoji as one', () => {
    expect(check('Reads a file.')).toEqual([]);
    expect(check('x'.repeat(500))).toEqual([]);
    expect(check('😀'.repeat(500))).toEqual([]);
  });

  it.each([
    ['', 'description must not be empty or only whitespace'],
    [' \n\t ', 'description must not be empty or only whitespace'],
    ['x'.repeat(501), 'description must be at most 500 characters; shorten it'],
    [TEN_MB, 'description must be at most 500 characters; shorten it'],
    [42, 'description must be a string, got an integer'],
    [null, 'description must be a string, got null'],
  ])('refuses %#', (description, message) => {
    expect(check(description)).toEqual([{ code: 'ACODE-DEF-001', path: '/description', message }]);
  });

  it('requires a description', () => {
    const { description: _omitted, ...definition } = validDefinition();
    expect(descriptionRule.check(definition)).toEqual([{ code: 'ACODE-DEF-001', path: '/description', message: 'description is required' }]);
  });
});
