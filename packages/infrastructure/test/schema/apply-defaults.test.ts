import { describe, expect, it } from 'vitest';
import { compileToolSchema } from './compile-tool-schema.js';

describe('CompiledToolSchema.applyDefaults (decision 9)', () => {
  const compiled = compileToolSchema({
    type: 'object',
    properties: {
      encoding: { type: 'string', default: 'utf-8' },
      path: { type: 'string' },
      options: { type: 'object', properties: { depth: { type: 'integer', default: 2 }, follow: { type: 'boolean', default: false } } },
      list: { type: 'array', items: { type: 'object', properties: { weight: { type: 'number', default: 1 } } } },
      filters: { type: 'object', default: {}, properties: { hidden: { type: 'boolean', default: true } } },
      shared: { $ref: '#/$defs/shared' },
    },
    allOf: [{ properties: { mode: { type: 'string', default: 'fast' } } }],
    $defs: { shared: { type: 'object', properties: { level: { type: 'integer', default: 3 } } } },
  });

  it('fills absent properties, recursively, through items, $ref and allOf', () => {
    expect(compiled.applyDefaults({ path: 'a', options: { depth: 5 }, list: [{}, { weight: 3 }], shared: {} })).toEqual({
      path: 'a',
      encoding: 'utf-8',
      options: { depth: 5, follow: false },
      list: [{ weight: 1 }, { weight: 3 }],
      filters: { hidden: true },
      shared: { level: 3 },
      mode: 'fast',
    });
  });

  it('keeps values that are present, null and false included', () => {
    expect(compiled.applyDefaults({ encoding: 'ascii', options: { depth: 0, follow: true }, filters: null as never, mode: 'slow' })).toMatchObject({
      encoding: 'ascii',
      options: { depth: 0, follow: true },
      filters: null,
      mode: 'slow',
    });
  });

  it('never mutates the input, and never shares default objects between results', () => {
    const input = { options: {} };
    const first = compiled.applyDefaults(input);
    expect(input).toEqual({ options: {} });
    const second = compiled.applyDefaults({});
    (first.filters as { hidden: boolean }).hidden = false;
    expect(second.filters).toEqual({ hidden: true });
    expect(compiled.source.properties?.filters).toMatchObject({ default: {} });
  });

  it('leaves values of the wrong shape alone instead of failing', () => {
    expect(compiled.applyDefaults({ options: 'text' as never, list: 'x' as never })).toMatchObject({ options: 'text', list: 'x' });
  });
});
