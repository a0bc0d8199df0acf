import { describe, expect, it } from 'vitest';
import { untypedPropertyCheck } from '../../../src/schema/checks/untyped-property-check.js';
import { checkContext } from './check-context.js';

const message = (path: string, name: string): string =>
  `${path}: Property "${name}" does not constrain its type; add "type" (or const, enum, $ref, allOf, anyOf, oneOf, not, if)`;

describe('untypedPropertyCheck', () => {
  it.each([
    { type: 'string' },
    { const: 1 },
    { enum: ['a'] },
    { $ref: '#/$defs/x' },
    { allOf: [{ type: 'string' }] },
    { anyOf: [{ type: 'string' }] },
    { oneOf: [{ type: 'string' }] },
    { not: { type: 'null' } },
    { if: { type: 'string' }, then: { minLength: 1 } },
  ])('accepts a property constrained by %j', (property) => {
    expect(untypedPropertyCheck.run({ type: 'object', properties: { p: property } }, checkContext())).toEqual([]);
  });

  it('accepts a forbidden property (false)', () => {
    expect(untypedPropertyCheck.run({ type: 'object', properties: { p: false } }, checkContext())).toEqual([]);
  });

  it.each([{}, true, { description: 'anything' }, { minLength: 1 }])('refuses %j', (property) => {
    expect(untypedPropertyCheck.run({ type: 'object', properties: { p: property } }, checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/p', message: message('/parameters/properties/p', 'p') },
    ]);
  });

  it('looks into nested objects, items, $defs and compositions', () => {
    const schema = {
      type: 'object',
      properties: { o: { type: 'object', properties: { deep: {} } }, l: { type: 'array', items: { type: 'object', properties: { i: true } } } },
      $defs: { d: { type: 'object', properties: { x: {} } } },
      anyOf: [{ properties: { y: {} } }],
    };
    expect(untypedPropertyCheck.run(schema, checkContext()).map((violation) => violation.path)).toEqual([
      '/parameters/properties/o/properties/deep',
      '/parameters/properties/l/items/properties/i',
      '/parameters/$defs/d/properties/x',
      '/parameters/anyOf/0/properties/y',
    ]);
  });

  it('escapes property names in the path', () => {
    expect(untypedPropertyCheck.run({ type: 'object', properties: { 'a/b~c': {} } }, checkContext())[0]?.path).toBe('/parameters/properties/a~1b~0c');
  });
});
