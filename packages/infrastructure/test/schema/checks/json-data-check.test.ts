import { describe, expect, it } from 'vitest';
import { jsonDataCheck } from '../../../src/schema/checks/json-data-check.js';
import { checkContext } from './check-context.js';

describe('jsonDataCheck', () => {
  it('accepts JSON data', () => {
    expect(jsonDataCheck.run({ type: 'object', properties: { a: { type: 'number', enum: [1, 2.5, null, 'x', true, [], {}] } } }, checkContext())).toEqual([]);
  });

  it.each([
    ['undefined', undefined, 'a value of type undefined'],
    ['a function', () => 1, 'a value of type function'],
    ['NaN', Number.NaN, 'the number NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'the number Infinity'],
    ['a bigint', 10n, 'a value of type bigint'],
    ['a Date', new Date(0), 'an object that is not plain JSON data'],
    ['a Map', new Map(), 'an object that is not plain JSON data'],
  ])('refuses %s with its path', (_name, value, description) => {
    expect(jsonDataCheck.run({ type: 'object', properties: { a: { type: 'number', maximum: value } } }, checkContext())).toEqual([
      { code: 'ACODE-TSR-006', path: '/parameters/properties/a/maximum', message: `/parameters/properties/a/maximum: Schema contains ${description}, which is not JSON` },
    ]);
  });

  it('reports at most ten values', () => {
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, { type: 'number', maximum: Number.NaN }]));
    expect(jsonDataCheck.run({ type: 'object', properties }, checkContext())).toHaveLength(10);
  });
});
