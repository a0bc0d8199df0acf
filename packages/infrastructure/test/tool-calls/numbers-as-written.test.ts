import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRewrittenNumbers } from '../../src/tool-calls/numbers-as-written.js';

describe('hasRewrittenNumbers', () => {
  it.each([
    ['{"x": 1.0}', true],
    ['{"x": 1e3}', true],
    ['{"x": -0}', true],
    ['{"x": 0.10}', true],
    ['{"x": 12345678901234567890}', true],
    ['[1, 2.5, -3, 1e-7]', false],
    ['{"x": 1, "y": -2.25, "z": 0}', false],
    ['{"x": "1.0"}', false],
    ['{"x": "a \\" 1.0"}', false],
    ['{"1.0": 2}', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(hasRewrittenNumbers(text)).toBe(expected);
  });

  it('agrees with a round trip through JSON for any JSON value written by JSON.stringify', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(hasRewrittenNumbers(JSON.stringify(value))).toBe(false);
      }),
    );
  });

  it('finds a float written with a trailing zero anywhere in generated JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: -1000, max: 1000 }), (value, n) => {
        const text = JSON.stringify({ v: value, n: 0 }).replace('"n":0}', `"n":${n}.0}`);
        expect(hasRewrittenNumbers(text)).toBe(true);
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string(), (text) => void hasRewrittenNumbers(text)));
  });
});
