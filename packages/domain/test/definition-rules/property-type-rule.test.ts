import { describe, expect, it } from 'vitest';
import { propertyTypeRule } from '../../src/definition-rules/property-type-rule.js';
import { withProperties } from '../fixtures/definitions.js';

const check = (properties: Record<string, unknown>) => propertyTypeRule.check(withProperties(properties));

describe('property-type rule', () => {
  it('accepts every way of constraining a type (decision 8)', () => {
    expect(
      check({
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        c: { const: 3 },
        d: { enum: ['x'] },
        e: { $ref: '#/$defs/thing' },
        f: { anyOf: [{ type: 'string' }] },
        g: { type: 'array', items: { type: 'integer' } },
      }),
    ).toEqual([]);
  });

  it('refuses unconstrained and boolean property schemas', () => {
    expect(check({ a: {}, b: true, c: false, d: 'string', e: { description: 'anything' } }).map((v) => [v.path, v.message])).toEqual([
      ['/parameters/properties/a', 'property "a" must constrain its type with type, const, enum, $ref, allOf, anyOf or oneOf'],
      ['/parameters/properties/b', 'property "b" must be a schema object; a boolean schema accepts anything'],
      ['/parameters/properties/c', 'property "c" must be a schema object; a boolean schema accepts nothing'],
      ['/parameters/properties/d', 'property "d" must be a schema object; got a string'],
      ['/parameters/properties/e', 'property "e" must constrain its type with type, const, enum, $ref, allOf, anyOf or oneOf'],
    ]);
  });

  it('refuses unknown, empty and repeated type names', () => {
    expect(check({ a: { type: 'str' }, b: { type: [] }, c: { type: ['string', 'String', 'string'] }, d: { type: 5 } }).map((v) => [v.path, v.message])).toEqual([
      ['/parameters/properties/a/type', 'type of property "a" must be one of string, number, integer, boolean, array, object, null, or a list of them'],
      ['/parameters/properties/b/type', 'type of property "b" must not be an empty list'],
      ['/parameters/properties/c/type/1', 'type of property "c" must list only one of string, number, integer, boolean, array, object, null'],
      ['/parameters/properties/c/type/2', 'type of property "c" lists "string" twice'],
      ['/parameters/properties/d/type', 'type of property "d" must be one of string, number, integer, boolean, array, object, null, or a list of them'],
    ]);
  });

  it('looks into nested properties and array items', () => {
    const violations = check({ opts: { type: 'object', properties: { depth: {} } }, list: { type: 'array', items: {} } });
    expect(violations.map((v) => [v.path, v.message])).toEqual([
      ['/parameters/properties/opts/properties/depth', 'property "depth" must constrain its type with type, const, enum, $ref, allOf, anyOf or oneOf'],
      ['/parameters/properties/list/items', 'items of "list" must constrain its type with type, const, enum, $ref, allOf, anyOf or oneOf'],
    ]);
  });

  it('reads only own keys: a property named after an Object.prototype member is still checked', () => {
    expect(check(JSON.parse('{"constructor": {}, "__proto__": {}}')).map((v) => v.path)).toEqual([
      '/parameters/properties/constructor',
      '/parameters/properties/__proto__',
    ]);
  });
});
