import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { schemaHash } from '../../src/schema/schema-hash.js';

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

  it('keeps an own __proto__ key, as JSON.parse makes one', () => {
    expect(schemaHash(JSON.parse('{"type":"object","__proto__":{"x":1}}'))).not.toBe(schemaHash({ type: 'object' }));
  });

  it('changes with any value', () => {
    expect(schemaHash({ type: 'object', required: ['a', 'b'] })).not.toBe(schemaHash({ type: 'object', required: ['b', 'a'] }));
    expect(schemaHash({ type: 'object', maxLength: 1 })).not.toBe(schemaHash({ type: 'object', maxLength: 2 }));
  });
});
