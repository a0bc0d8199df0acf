import type { JsonObject, JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { decodeStringifiedValues } from '../../src/tool-calls/decode-stringified-values.js';

const LIMITS = { maxSizeBytes: 4096, maxDepth: 8 };

const SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    domain: { type: 'array', items: { type: 'string' } },
    target: { type: 'object', properties: { entity: { type: 'string' } } },
    maybe_list: { type: ['array', 'null'] },
    text_or_list: { type: ['string', 'array'] },
    count: { type: 'integer' },
    flag: { type: 'boolean' },
    name: { type: 'string' },
    union: { anyOf: [{ type: 'array' }, { type: 'object' }] },
    point: { $ref: '#/$defs/Point' },
    nested: {
      type: 'object',
      properties: { ids: { type: 'array' }, rows: { type: 'array', items: { type: 'object', properties: { cells: { type: 'array' } } } } },
    },
  },
  $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
};

const decode = (value: JsonObject, limits = LIMITS) => decodeStringifiedValues(value, SCHEMA, limits);

describe('decodeStringifiedValues', () => {
  it('decodes a string holding the array or object a property wants', () => {
    expect(decode({ domain: '["vacuum"]' })).toEqual({ domain: ['vacuum'] });
    expect(decode({ target: ' {"entity": "light.kitchen"} ' })).toEqual({ target: { entity: 'light.kitchen' } });
    expect(decode({ maybe_list: '[1, 2]' })).toEqual({ maybe_list: [1, 2] });
    expect(decode({ point: '{"x": 1.5}' })).toEqual({ point: { x: 1.5 } });
  });

  it('walks nested objects and the objects in arrays', () => {
    expect(decode({ nested: { ids: '[1]' } })).toEqual({ nested: { ids: [1] } });
    expect(decode({ nested: { rows: [{ cells: '["a"]' }, { cells: ['b'] }] } })).toEqual({ nested: { rows: [{ cells: ['a'] }, { cells: ['b'] }] } });
  });

  it('leaves the input unchanged, and returns undefined when there is nothing to decode', () => {
    const input = { domain: '["vacuum"]', name: 'x' };
    const output = decode(input);
    expect(output).toEqual({ domain: ['vacuum'], name: 'x' });
    expect(input).toEqual({ domain: '["vacuum"]', name: 'x' });
    expect(decode({ domain: ['vacuum'], name: 'x' })).toBeUndefined();
  });

  it.each([
    ['an integer as a string (decision 7)', { count: '5' }],
    ['a boolean as a string', { flag: 'true' }],
    ['a string property holding JSON', { name: '["a"]' }],
    ['a property that also accepts a string', { text_or_list: '["a"]' }],
    ['a union property', { union: '["a"]' }],
    ['a property the schema does not have', { extra: '["a"]' }],
    ['JSON of the wrong type', { domain: '{"a": 1}' }],
    ['a number where an array is wanted', { domain: '5' }],
    ['broken JSON (never repaired)', { domain: '["a",]' }],
    ['prose', { domain: 'vacuum' }],
    ['a string in an array of objects', { nested: { rows: ['{"cells": []}'] } }],
  ])('leaves %s for validation', (_label, value) => {
    expect(decode(value as JsonObject)).toBeUndefined();
  });

  it('decodes once: a string inside the decoded value stays a string', () => {
    expect(decode({ target: '{"entity": "[\\"a\\"]"}' })).toEqual({ target: { entity: '["a"]' } });
    expect(decode({ nested: '{"ids": "[1]"}' })).toEqual({ nested: { ids: '[1]' } });
  });

  it('keeps the arguments within the nesting and size limits', () => {
    // The decoded array sits at level 2; [[[1]]] would make the arguments 4 levels deep.
    expect(decode({ domain: '[[[1]]]' }, { maxSizeBytes: 4096, maxDepth: 3 })).toBeUndefined();
    expect(decode({ domain: '[[1]]' }, { maxSizeBytes: 4096, maxDepth: 3 })).toEqual({ domain: [[1]] });
    expect(decode({ domain: `["${'x'.repeat(100)}"]` }, { maxSizeBytes: 50, maxDepth: 8 })).toBeUndefined();
  });

  it('sets a property named __proto__ as data, never as the prototype', () => {
    const schema: JsonSchemaObject = { type: 'object', properties: { ['__proto__']: { type: 'array' } } };
    const value = JSON.parse('{"__proto__": "[1]"}') as JsonObject;
    const output = decodeStringifiedValues(value, schema, LIMITS)!;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual([1]);
  });
});
