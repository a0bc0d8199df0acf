import { describe, expect, it } from 'vitest';
import { enumValuesRule } from '../../src/definition-rules/enum-values-rule.js';
import { nestedArray, withProperties } from '../fixtures/definitions.js';

const check = (properties: Record<string, unknown>) => enumValuesRule.check(withProperties(properties));

describe('enum-values rule', () => {
  it('accepts distinct values of the declared type, integers counting as numbers', () => {
    expect(
      check({
        enc: { type: 'string', enum: ['utf-8', 'ascii'] },
        n: { type: 'number', enum: [1, 1.5] },
        nullable: { type: ['string', 'null'], enum: ['a', null] },
        untyped: { enum: ['a', 1, { k: [1] }] },
      }),
    ).toEqual([]);
  });

  it('refuses values of another type (001 AC 3)', () => {
    expect(check({ level: { type: 'integer', enum: [1, '2', 2.5] } })).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/level/enum/1', message: 'enum value 1 of property "level" is a string, but the type is integer' },
      { code: 'ACODE-TSR-006', path: '/parameters/properties/level/enum/2', message: 'enum value 2 of property "level" is a number, but the type is integer' },
    ]);
  });

  it('refuses repeats, comparing objects by value not key order', () => {
    expect(check({ o: { type: 'object', enum: [{ a: 1, b: 2 }, { b: 2, a: 1 }] }, s: { type: 'string', enum: ['x', 'x'] } }).map((v) => v.path)).toEqual([
      '/parameters/properties/o/enum/1',
      '/parameters/properties/s/enum/1',
    ]);
  });

  it('refuses an empty or non-list enum', () => {
    expect(check({ a: { type: 'string', enum: [] }, b: { type: 'string', enum: 'x' } }).map((v) => [v.path, v.message])).toEqual([
      ['/parameters/properties/a/enum', 'enum of property "a" must list at least one value'],
      ['/parameters/properties/b/enum', 'enum of property "b" must be a list of values; got a string'],
    ]);
  });

  it('refuses values too deep to compare instead of recursing into them', () => {
    const [violation] = check({ deep: { type: 'array', enum: [nestedArray(100_000)] } });
    expect(violation!.message).toBe('enum value 0 of property "deep" must be a JSON value nested at most 64 levels; got an array');
  });

  it('handles 100,000 values in one pass', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    expect(check({ big: { type: 'string', enum: [...values, 'v5'] } }).map((v) => v.path)).toEqual(['/parameters/properties/big/enum/100000']);
  });
});
