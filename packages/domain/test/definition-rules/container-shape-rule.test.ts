import { describe, expect, it } from 'vitest';
import { containerShapeRule } from '../../src/definition-rules/container-shape-rule.js';
import { withProperties } from '../fixtures/definitions.js';

const check = (properties: Record<string, unknown>) => containerShapeRule.check(withProperties(properties));

describe('container-shape rule', () => {
  it('accepts arrays with items and objects with members, or fixed by enum/const', () => {
    expect(
      check({
        a: { type: 'array', items: { type: 'string' } },
        b: { type: 'array', prefixItems: [{ type: 'string' }] },
        c: { type: 'object', properties: {} },
        d: { type: 'object', additionalProperties: { type: 'string' } },
        e: { type: 'object', patternProperties: { '^x': { type: 'string' } } },
        f: { type: 'array', enum: [[1], [2]] },
        g: { type: 'object', const: {} },
      }),
    ).toEqual([]);
  });

  it('refuses shapeless arrays and objects (001 §5.2)', () => {
    expect(check({ list: { type: 'array' }, opts: { type: 'object', additionalProperties: true }, both: { type: ['array', 'object'] } })).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/list', message: 'property "list" is an array and must describe its items with items (or prefixItems)' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/opts', message: 'property "opts" is an object and must describe its members with properties (or an additionalProperties schema)' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/both', message: 'property "both" is an array and must describe its items with items (or prefixItems)' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/both', message: 'property "both" is an object and must describe its members with properties (or an additionalProperties schema)' },
    ]);
  });

  it('checks nested array items too', () => {
    expect(check({ grid: { type: 'array', items: { type: 'array' } } }).map((v) => v.path)).toEqual(['/parameters/properties/grid/items']);
  });
});
