import { describe, expect, it } from 'vitest';
import { defaultValueRule } from '../../src/definition-rules/default-value-rule.js';
import { withProperties } from '../fixtures/definitions.js';

const check = (properties: Record<string, unknown>) => defaultValueRule.check(withProperties(properties));

describe('default-value rule', () => {
  it('accepts defaults the property schema accepts', () => {
    expect(
      check({
        enc: { type: 'string', enum: ['utf-8', 'ascii'], default: 'utf-8' },
        depth: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
        opts: { type: 'object', properties: { r: { type: 'boolean' } }, additionalProperties: false, default: { r: true } },
      }),
    ).toEqual([]);
  });

  it('refuses defaults of the wrong type or outside the enum (001 §5.2)', () => {
    expect(check({ enc: { type: 'string', enum: ['utf-8'], default: 'latin1' }, n: { type: 'integer', default: '3' } })).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/enc/default', message: 'default of property "enc" must be one of the enum values' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/n/default', message: 'default of property "n" must be integer, got a string' },
    ]);
  });

  it('points inside a structured default', () => {
    const violations = check({
      opts: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } }, additionalProperties: false, default: { depth: 0, extra: 1 } },
    });
    expect(violations.map((v) => [v.path, v.message])).toEqual([
      ['/parameters/properties/opts/default/depth', 'default of property "opts" at /depth must be at least 1'],
      ['/parameters/properties/opts/default/extra', 'default of property "opts" at /extra has property "extra", which the schema does not declare'],
    ]);
  });

  it('checks defaults of nested properties too', () => {
    const violations = check({ opts: { type: 'object', properties: { depth: { type: 'integer', maximum: 5, default: 9 } } } });
    expect(violations.map((v) => v.path)).toEqual(['/parameters/properties/opts/properties/depth/default']);
  });
});
