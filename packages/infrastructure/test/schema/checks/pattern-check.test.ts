import { describe, expect, it } from 'vitest';
import { patternCheck } from '../../../src/schema/checks/pattern-check.js';
import { checkContext } from './check-context.js';

describe('patternCheck', () => {
  it('accepts patterns RE2 can run, catastrophic-looking ones included (RE2 runs them in linear time)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' }, b: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' } } };
    expect(patternCheck.run(schema, checkContext())).toEqual([]);
  });

  it.each([
    ['a backreference', '(a)\\1', 'backreferences are not supported'],
    ['a lookahead', '^(?=.*\\d)', 'lookahead and lookbehind assertions are not supported'],
    ['a negative lookbehind', '(?<!x)y', 'lookahead and lookbehind assertions are not supported'],
    ['a syntax error', '[a-', 'the pattern is not valid: missing closing ]'],
  ])('refuses %s with the path and the reason', (_name, pattern, reason) => {
    const [violation] = patternCheck.run({ type: 'object', properties: { a: { type: 'string', pattern } } }, checkContext());
    expect(violation).toMatchObject({ code: 'ACODE-TSR-006', path: '/parameters/properties/a/pattern' });
    expect(violation?.message).toContain(reason);
  });

  it('refuses patternProperties keys that cannot compile or would backtrack exponentially', () => {
    const schema = { type: 'object', patternProperties: { '^x_[a-z]+$': { type: 'string' }, '(?=a)': { type: 'string' }, '^(a+)+$': { type: 'string' }, '^(\\w|\\d)*$': { type: 'string' } } };
    const violations = patternCheck.run(schema, checkContext());
    expect(violations.map((violation) => violation.path)).toEqual(['/parameters/patternProperties/(?=a)', '/parameters/patternProperties/^(a+)+$', '/parameters/patternProperties/^(\\w|\\d)*$']);
    expect(violations[1]?.message).toContain('the repeated group (a+)+ can take exponential time');
  });

  it('refuses the format names the compiler reserves for patterns', () => {
    const [violation] = patternCheck.run({ type: 'object', properties: { a: { type: 'string', format: 'acode-re2:0000' } } }, checkContext());
    expect(violation?.path).toBe('/parameters/properties/a/format');
  });
});
