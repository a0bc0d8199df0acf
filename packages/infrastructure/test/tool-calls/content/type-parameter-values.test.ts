import { describe, expect, it } from 'vitest';
import { typeParameterValues } from '../../../src/tool-calls/content/type-parameter-values.js';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    code: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    force: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    options: { type: 'object' },
    either: { type: ['integer', 'string'] },
    mode: { enum: ['a', 'b'] },
  },
};

describe('typeParameterValues', () => {
  it('keeps a string parameter the exact text, even when it reads as a number or JSON', () => {
    expect(typeParameterValues({ path: '5', code: '{"a": 1}' }, schema)).toEqual({ path: '5', code: '{"a": 1}' });
  });

  it('reads integer, number, boolean, array and object parameters as JSON', () => {
    expect(typeParameterValues({ count: ' 3\n', ratio: '0.5', force: 'true', tags: '["x", "y"]', options: '{"deep": true}' }, schema)).toEqual({
      count: 3,
      ratio: 0.5,
      force: true,
      tags: ['x', 'y'],
      options: { deep: true },
    });
  });

  it('reads Python literals', () => {
    expect(typeParameterValues({ force: 'False' }, schema)).toEqual({ force: false });
  });

  it('keeps a value that does not read as its type as text, for validation to refuse', () => {
    expect(typeParameterValues({ count: 'three' }, schema)).toEqual({ count: 'three' });
  });

  it('keeps text where the schema allows a string among other types, and for unknown parameters', () => {
    expect(typeParameterValues({ either: '7', extra: '1' }, schema)).toEqual({ either: '7', extra: '1' });
  });

  it('keeps everything text without a schema', () => {
    expect(typeParameterValues({ count: '3' }, undefined)).toEqual({ count: '3' });
  });

  it('sets __proto__ as an own property, never as the prototype', () => {
    const typed = typeParameterValues(JSON.parse('{"__proto__": "x"}') as Record<string, string>, schema);
    expect(Object.hasOwn(typed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(typed)).toBe(Object.prototype);
  });
});

describe('typeParameterValues through references and enums', () => {
  const root = {
    type: 'object',
    properties: { limit: { $ref: '#/$defs/count' }, level: { enum: ['1', '2'] }, size: { enum: [1, 2] } },
    $defs: { count: { type: 'integer' } },
  };

  it('follows a local $ref to the property type', () => {
    expect(typeParameterValues({ limit: '7' }, root)).toEqual({ limit: 7 });
  });

  it('keeps the text of a string enum member that reads as a number, and reads a number enum', () => {
    expect(typeParameterValues({ level: '1', size: '2' }, root)).toEqual({ level: '1', size: 2 });
  });
});
