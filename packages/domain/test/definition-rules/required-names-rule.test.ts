import { describe, expect, it } from 'vitest';
import { requiredNamesRule } from '../../src/definition-rules/required-names-rule.js';
import { withProperties } from '../fixtures/definitions.js';

describe('required-names rule', () => {
  it('accepts required names that are declared', () => {
    expect(requiredNamesRule.check(withProperties({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b']))).toEqual([]);
  });

  it('refuses undeclared, repeated and non-string entries', () => {
    const definition = withProperties({ a: { type: 'string' } }, ['a', 'b', 'a', 3, 'toString']);
    expect(requiredNamesRule.check(definition).map((v) => [v.path, v.message])).toEqual([
      ['/parameters/required/1', 'required names "b", which properties does not declare'],
      ['/parameters/required/2', 'required lists "a" more than once'],
      ['/parameters/required/3', 'required entries must be property names; got an integer'],
      ['/parameters/required/4', 'required names "toString", which properties does not declare'],
    ]);
  });

  it('refuses a non-list required, at any level', () => {
    const definition = withProperties({ opts: { type: 'object', properties: { x: { type: 'string' } }, required: 'x' } });
    expect(requiredNamesRule.check(definition)).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/opts/required', message: 'required must be a list of property names; got a string' },
    ]);
  });

  it('refuses required names when no properties are declared at all', () => {
    const definition = withProperties({}, ['path']);
    expect(requiredNamesRule.check(definition).map((v) => v.path)).toEqual(['/parameters/required/0']);
  });
});
