import { describe, expect, it } from 'vitest';
import { checkAgainstSchemaSubset } from '../src/schema-subset-check.js';
import { nestedArray } from './fixtures/definitions.js';

describe('checkAgainstSchemaSubset', () => {
  it('accepts values that meet every supported keyword', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$' },
        n: { type: 'number', minimum: 0, exclusiveMaximum: 10 },
        tags: { type: 'array', minItems: 1, maxItems: 2, items: { enum: ['a', 'b'] } },
        fixed: { const: { k: [1, 2] } },
      },
      required: ['name'],
      additionalProperties: false,
    };
    expect(checkAgainstSchemaSubset({ name: 'abc', n: 9.5, tags: ['a'], fixed: { k: [1, 2] } }, schema)).toEqual([]);
  });

  it.each([
    ['abc', { type: 'integer' }, 'must be integer, got a string'],
    [1.5, { type: 'integer' }, 'must be integer, got a number'],
    [null, { type: ['string', 'integer'] }, 'must be string or integer, got null'],
    [0, { minimum: 1 }, 'must be at least 1'],
    [11, { maximum: 10 }, 'must be at most 10'],
    [1, { exclusiveMinimum: 1 }, 'must be greater than 1'],
    [10, { exclusiveMaximum: 10 }, 'must be less than 10'],
    ['', { minLength: 1 }, 'must have at least 1 character'],
    ['😀😀😀', { maxLength: 2 }, 'must have at most 2 characters'],
    ['ABC', { pattern: '^[a-z]+$' }, 'must match the property\'s pattern'],
    [[], { minItems: 1 }, 'must have at least 1 item'],
    [[1, 2, 3], { maxItems: 2 }, 'must have at most 2 items'],
    ['c', { enum: ['a', 'b'] }, 'must be one of the enum values'],
    [{ k: 1 }, { const: { k: 2 } }, 'must equal the schema\'s const value'],
    [{}, { required: ['path'] }, 'is missing required property "path"'],
    [1, false, 'is not allowed by the schema (false)'],
    [Number.NaN, { type: 'number' }, 'must be a JSON value, got a non-finite number'],
  ])('reports %j against %j', (value, schema, message) => {
    expect(checkAgainstSchemaSubset(value, schema)).toEqual([{ pointer: '', message }]);
  });

  it('counts length in code points, as JSON Schema does', () => {
    expect(checkAgainstSchemaSubset('😀😀', { maxLength: 2 })).toEqual([]);
  });

  it('locates issues inside arrays and objects with escaped pointers', () => {
    const schema = { type: 'object', properties: { 'a/b': { type: 'array', items: { type: 'integer' } } }, additionalProperties: { type: 'string' } };
    expect(checkAgainstSchemaSubset({ 'a/b': [1, 'x'], 'c~d': 3 }, schema)).toEqual([
      { pointer: '/a~1b/1', message: 'must be integer, got a string' },
      { pointer: '/c~0d', message: 'must be string, got an integer' },
    ]);
  });

  it('ignores keywords outside its subset and unknown type names, leaving them to the compiler', () => {
    expect(checkAgainstSchemaSubset('x', { type: 'strng', format: 'email', anyOf: [{ type: 'integer' }], $ref: '#/x' })).toEqual([]);
    expect(checkAgainstSchemaSubset('x', true)).toEqual([]);
  });

  it('skips invalid patterns and patterns with nested quantifiers instead of hanging', () => {
    expect(checkAgainstSchemaSubset('x', { pattern: '(' })).toEqual([]);
    expect(checkAgainstSchemaSubset(`${'a'.repeat(40)}!`, { pattern: '^(a+)+$' })).toEqual([]);
    expect(checkAgainstSchemaSubset('a'.repeat(10_000), { pattern: '^b' })).toEqual([]);
  });

  it('does not read prototype members as declared properties', () => {
    const value = JSON.parse('{"constructor": 1, "__proto__": 2}');
    expect(checkAgainstSchemaSubset(value, { type: 'object', properties: {}, additionalProperties: false }).map((i) => i.pointer)).toEqual([
      '/constructor',
      '/__proto__',
    ]);
  });

  it('stops at 64 levels of nesting', () => {
    const schema: Record<string, unknown> = { type: 'array' };
    schema['items'] = schema;
    expect(checkAgainstSchemaSubset(nestedArray(100_000), schema)).toEqual([{ pointer: '/0'.repeat(64), message: 'nests deeper than 64 levels' }]);
  });

  it('stops after maxIssues', () => {
    const value = Array.from({ length: 1_000_000 }, () => 'x');
    expect(checkAgainstSchemaSubset(value, { items: { type: 'integer' } }, 3)).toHaveLength(3);
  });
});
