import { describe, expect, it } from 'vitest';
import { requestParameters } from '../../src/gateway/request-parameters.js';

describe('requestParameters', () => {
  it('copies every field but the excluded ones, verbatim', () => {
    expect(requestParameters({ model: 'm', temperature: 0.5, options: { num_ctx: 4 }, stop: null }, new Set(['model']))).toEqual({
      ok: true,
      parameters: { temperature: 0.5, options: { num_ctx: 4 }, stop: null },
    });
  });

  it('refuses a value that is not JSON, naming it by pointer', () => {
    expect(requestParameters({ 'a/b': Number.NaN }, new Set())).toEqual({ ok: false, error: { code: 'ACODE-GTW-001', field: '/a~1b', message: 'a/b must be JSON nesting at most 64 levels' } });
  });

  it('keeps constructor and __proto__ keys as plain data', () => {
    const body = JSON.parse('{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}') as Record<string, unknown>;
    const read = requestParameters(body, new Set());
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Object.keys(read.parameters)).toEqual(['__proto__', 'constructor']);
    expect((read.parameters as Record<string, unknown>)['x']).toBeUndefined();
    expect(({} as Record<string, unknown>)['y']).toBeUndefined();
  });
});
