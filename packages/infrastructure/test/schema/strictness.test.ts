import { describe, expect, it } from 'vitest';
import { findStrictBoundaries } from '../../src/schema/strict-boundaries.js';
import { compileToolSchema, summarize } from './compile-tool-schema.js';

describe('strictness (decision 7)', () => {
  it('rejects unknown properties although the schema forgot additionalProperties: false', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { path: { type: 'string' } } });
    expect(summarize(compiled.validateRaw({ path: 'a', extra: 1 }))).toEqual(['unevaluatedProperties /extra /unevaluatedProperties']);
  });

  it('closes nested objects and objects inside array items', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: { options: { type: 'object', properties: { depth: { type: 'integer' } } }, list: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } } } } },
    });
    expect(summarize(compiled.validateRaw({ options: { depth: 1, deep: true }, list: [{ n: 1 }, { n: 2, m: 3 }] }))).toEqual([
      'unevaluatedProperties /options/deep /properties/options/unevaluatedProperties',
      'unevaluatedProperties /list/1/m /properties/list/items/unevaluatedProperties',
    ]);
  });

  it('keeps allOf composition working: properties from every branch count as known', () => {
    const compiled = compileToolSchema({
      type: 'object',
      allOf: [{ $ref: '#/$defs/base' }, { properties: { extra: { type: 'string' } } }],
      $defs: { base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    });
    expect(compiled.validateRaw({ id: 1, extra: 'x' })).toEqual([]);
    expect(summarize(compiled.validateRaw({ id: 1, other: 'x' }))).toEqual(['unevaluatedProperties /other /unevaluatedProperties']);
  });

  it('closes an object reached through $ref to a definition', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { address: { $ref: '#/$defs/address' } }, $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } } });
    expect(summarize(compiled.validateRaw({ address: { city: 'x', zip: 1 } }))).toEqual(['unevaluatedProperties /address/zip /properties/address/unevaluatedProperties']);
  });

  it('respects objects the author opened on purpose', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: {
        env: { type: 'object', additionalProperties: { type: 'string' } },
        tags: { type: 'object', patternProperties: { '^t_': { type: 'string' } } },
      },
      additionalProperties: { type: 'number' },
    });
    expect(compiled.validateRaw({ env: { A: 'x' }, tags: { t_a: 'x', other: 1 }, free: 1 })).toEqual([]);
    expect(summarize(compiled.validateRaw({ env: { A: 1 } }))).toEqual(['type /env/A /properties/env/additionalProperties/type']);
  });

  it('reports a property that fails its own schema once, not also as unknown', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { n: { type: 'integer' }, o: { type: 'object', properties: { s: { type: 'string' } } } } });
    expect(summarize(compiled.validateRaw({ n: 'one', o: { s: 2 } }))).toEqual(['type /n /properties/n/type', 'type /o/s /properties/o/properties/s/type']);
  });

  it('does not coerce types', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { n: { type: 'integer' }, b: { type: 'boolean' }, s: { type: 'string' } } });
    expect(summarize(compiled.validateRaw({ n: '5', b: 'true', s: 5 }))).toEqual(['type /n /properties/n/type', 'type /b /properties/b/type', 'type /s /properties/s/type']);
    expect(summarize(compiled.validateRaw({ n: 5.5 }))).toEqual(['type /n /properties/n/type']);
  });

  it('accepts null only where declared', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'null'] } } });
    expect(compiled.validateRaw({ b: null })).toEqual([]);
    expect(summarize(compiled.validateRaw({ a: null }))).toEqual(['type /a /properties/a/type']);
  });

  it('matches enums case-sensitively', () => {
    const compiled = compileToolSchema({ type: 'object', properties: { e: { type: 'string', enum: ['utf-8', 'ascii'] } } });
    expect(compiled.validateRaw({ e: 'ascii' })).toEqual([]);
    expect(summarize(compiled.validateRaw({ e: 'UTF-8' }))).toEqual(['enum /e /properties/e/enum']);
  });

  it('findStrictBoundaries leaves in-place branches and definitions themselves alone', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', properties: { x: { type: 'string' } } }, s: { type: 'string' } },
      allOf: [{ properties: { b: { type: 'string' } } }],
      $defs: { d: { type: 'object', properties: { y: { type: 'string' } } } },
    };
    expect([...findStrictBoundaries(schema)].sort()).toEqual(['', '/properties/a']);
  });
});
