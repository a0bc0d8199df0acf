import { describe, expect, it } from 'vitest';
import { excerpt, requestError, toolError } from '../../src/gateway/gateway-request-error.js';

describe('gateway request errors', () => {
  it('builds ACODE-GTW-001 and ACODE-GTW-002 errors, leaving out the field of the whole body', () => {
    expect(requestError('', 'The body must be a JSON object')).toEqual({ code: 'ACODE-GTW-001', message: 'The body must be a JSON object' });
    expect(requestError('/model', 'model must not be empty')).toEqual({ code: 'ACODE-GTW-001', field: '/model', message: 'model must not be empty' });
    expect(toolError('/tools/0/type', 'x')).toEqual({ code: 'ACODE-GTW-002', field: '/tools/0/type', message: 'x' });
  });

  it('quotes at most 40 characters of what a client sent', () => {
    expect(excerpt('robot')).toBe('"robot"');
    expect(excerpt('x'.repeat(10_000))).toBe(`"${'x'.repeat(36)}...`);
    expect(excerpt(undefined)).toBe('nothing');
    expect(excerpt({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(excerpt(1n)).toBe('bigint');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(excerpt(cycle)).toBe('object');
  });
});
