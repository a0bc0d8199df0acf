import { describe, expect, it } from 'vitest';
import { requiredDefaultRule } from '../../src/definition-rules/required-default-rule.js';
import { withProperties } from '../fixtures/definitions.js';

describe('required-default rule', () => {
  it('accepts defaults on optional properties', () => {
    expect(requiredDefaultRule.check(withProperties({ a: { type: 'string', default: 'x' }, b: { type: 'string' } }, ['b']))).toEqual([]);
  });

  it('refuses a default on a required property (001 §12)', () => {
    expect(requiredDefaultRule.check(withProperties({ param: { type: 'string', default: 'default_value' } }, ['param']))).toEqual([
      {
        code: 'ACODE-TSR-006',
        path: '/parameters/properties/param/default',
        message: 'property "param" is required, so its default would never be used; remove the default or make the property optional',
      },
    ]);
  });

  it('applies to nested objects with their own required list, and to a null default', () => {
    const definition = withProperties({
      opts: { type: 'object', properties: { depth: { type: ['integer', 'null'], default: null } }, required: ['depth'] },
    });
    expect(requiredDefaultRule.check(definition).map((v) => v.path)).toEqual(['/parameters/properties/opts/properties/depth/default']);
  });
});
