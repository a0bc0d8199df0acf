import type { JsonSchemaObject } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { itemsSchema, objectShapeOf, propertySchema, refusesNull, wantedTypes } from '../../src/tool-calls/argument-schema.js';

const ROOT: JsonSchemaObject = {
  type: 'object',
  properties: { point: { $ref: '#/$defs/Point' }, tags: { type: 'array', items: { $ref: '#/$defs/Point' } } },
  $defs: {
    Point: { type: 'object', properties: { x: { type: 'number' }, label: { type: ['string', 'null'] } }, required: ['x'], additionalProperties: false },
    Open: { type: 'object', additionalProperties: { type: 'string' } },
    Pattern: { type: 'object', patternProperties: { '^x': { type: 'string' } } },
  },
};

describe('objectShapeOf', () => {
  it('reads properties, required names and closedness, following a local $ref', () => {
    const shape = objectShapeOf({ $ref: '#/$defs/Point' }, ROOT);
    expect(shape).toEqual({ properties: { x: { type: 'number' }, label: { type: ['string', 'null'] } }, required: new Set(['x']), closed: true });
  });

  it('merges allOf, as the strict conversion does', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, allOf: [{ properties: { b: { type: 'integer' } }, required: ['b'] }, { $ref: '#/$defs/Point' }] };
    const shape = objectShapeOf(schema, { ...ROOT, ...schema } as JsonSchemaObject);
    expect(Object.keys(shape?.properties ?? {})).toEqual(['a', 'b', 'x', 'label']);
    expect(shape?.required).toEqual(new Set(['b', 'x']));
  });

  it('says open for additionalProperties other than false and for patternProperties', () => {
    expect(objectShapeOf({ $ref: '#/$defs/Open' }, ROOT)?.closed).toBe(false);
    expect(objectShapeOf({ $ref: '#/$defs/Pattern' }, ROOT)?.closed).toBe(false);
    expect(objectShapeOf({ type: 'object', additionalProperties: true }, ROOT)?.closed).toBe(false);
    expect(objectShapeOf({ type: 'object' }, ROOT)?.closed).toBe(true);
  });

  it.each([
    ['a union', { anyOf: [{ type: 'object' }, { type: 'null' }] }],
    ['a oneOf', { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] }],
    ['a remote $ref', { $ref: 'https://example.com/s.json' }],
    ['a broken $ref', { $ref: '#/$defs/Missing' }],
    ['a string schema', { type: 'string' }],
    ['no schema', undefined],
  ])('has no shape for %s', (_label, schema) => {
    expect(objectShapeOf(schema, ROOT)).toBeUndefined();
  });
});

describe('propertySchema, itemsSchema and wantedTypes', () => {
  it('follow local references', () => {
    const shape = objectShapeOf(ROOT, ROOT)!;
    expect(propertySchema(shape, 'point', ROOT)).toBe(ROOT.$defs?.['Point']);
    expect(propertySchema(shape, 'missing', ROOT)).toBeUndefined();
    expect(propertySchema(shape, 'toString', ROOT)).toBeUndefined();
    expect(itemsSchema(propertySchema(shape, 'tags', ROOT), ROOT)).toBe(ROOT.$defs?.['Point']);
    expect(itemsSchema({ type: 'array', items: [{ type: 'string' }] }, ROOT)).toBeUndefined();
    expect(wantedTypes({ $ref: '#/$defs/Point' }, ROOT)).toEqual(['object']);
    expect(wantedTypes({ type: ['array', 'null'] }, ROOT)).toEqual(['array', 'null']);
    expect(wantedTypes({ anyOf: [{ type: 'array' }] }, ROOT)).toEqual([]);
  });
});

describe('refusesNull', () => {
  it.each([
    ['type string', { type: 'string' }],
    ['a type list without null', { type: ['string', 'integer'] }],
    ['a const', { const: 'a' }],
    ['an enum without null', { enum: ['a', 'b'] }],
    ['a nullable type narrowed by an enum without null', { type: ['string', 'null'], enum: ['a'] }],
    ['an anyOf of refusing branches', { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['an allOf with one refusing member', { allOf: [{ description: 'x' }, { type: 'object' }] }],
    ['a $ref to an object', { $ref: '#/$defs/Point' }],
  ])('is true for %s', (_label, schema) => {
    expect(refusesNull(schema, ROOT)).toBe(true);
  });

  it.each([
    ['type null', { type: 'null' }],
    ['a nullable type list', { type: ['string', 'null'] }],
    ['const null', { const: null }],
    ['an enum with null', { enum: ['a', null] }],
    ['an anyOf with a null branch', { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['a schema without a type keyword', { description: 'anything' }],
    ['a broken $ref', { $ref: '#/$defs/Missing' }],
    ['a cycle of references', { $ref: '#/$defs/Loop' }],
    ['not a schema', true],
  ])('is false for %s', (_label, schema) => {
    const root = { ...ROOT, $defs: { ...ROOT.$defs, Loop: { $ref: '#/$defs/Loop' } } } as JsonSchemaObject;
    expect(refusesNull(schema, root)).toBe(false);
  });
});
