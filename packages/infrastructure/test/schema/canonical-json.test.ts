import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, schemaHash } from '../../src/schema/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys recursively and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('keeps array order', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
  });

  it('sorts by UTF-16 code unit, so the order is the same on every platform', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, a: 4 })).toBe('{"B":2,"a":4,"b":1,"é":3}');
  });
});

describe('schemaHash', () => {
  it('is the first 12 hex digits of the sha256 of the canonical JSON', () => {
    const expected = createHash('sha256').update('{"properties":{"a":{"type":"string"}},"type":"object"}').digest('hex').slice(0, 12);
    expect(schemaHash({ type: 'object', properties: { a: { type: 'string' } } })).toBe(expected);
  });

  it('does not change with key order', () => {
    const one = { type: 'object', required: ['a'], properties: { a: { type: 'string', minLength: 1 }, b: { type: 'integer' } } };
    const other = { properties: { b: { type: 'integer' }, a: { minLength: 1, type: 'string' } }, required: ['a'], type: 'object' };
    expect(schemaHash(one)).toBe(schemaHash(other));
  });

  it('changes with any value', () => {
    expect(schemaHash({ type: 'object', required: ['a', 'b'] })).not.toBe(schemaHash({ type: 'object', required: ['b', 'a'] }));
    expect(schemaHash({ type: 'object', maxLength: 1 })).not.toBe(schemaHash({ type: 'object', maxLength: 2 }));
  });
});
