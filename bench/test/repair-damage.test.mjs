import { describe, expect, it } from 'vitest';
import { randomArguments } from '../lib/repair-safety/arguments-generator.mjs';
import { DAMAGES } from '../lib/repair-safety/damages.mjs';
import { LAYOUTS, quote, render, tokenize, JSON_QUOTES } from '../lib/repair-safety/json-tokens.mjs';
import { createRandom } from '../lib/repair-safety/random.mjs';
import { jsonEqual } from '../lib/repair-safety/safety-run.mjs';

describe('repair damage generator', () => {
  it('renders undamaged tokens as JSON of the same value, in every layout', () => {
    const random = createRandom(1);
    for (let i = 0; i < 500; i++) {
      const value = randomArguments(random);
      for (const layout of LAYOUTS) expect(JSON.parse(render(tokenize(value, layout)))).toEqual(value);
    }
  });

  it('writes the compact layout exactly as JSON.stringify does', () => {
    const value = { a: [1, 'x"y', { b: null }], c: 'line\nbreak' };
    expect(render(tokenize(value, 'compact'))).toBe(JSON.stringify(value));
    expect(render(tokenize(value, 'pretty'))).toBe(JSON.stringify(value, null, 2));
  });

  it('writes each damaged quoting as a model would', () => {
    expect(quote("it's", { ...JSON_QUOTES, delim: "'", rawInner: true })).toBe("'it's'");
    expect(quote("a ' b", { ...JSON_QUOTES, delim: "'", rawInner: true })).toBe("'a \\' b'"); // a quote between spaces stays escaped
    expect(quote('say "hi"', { ...JSON_QUOTES, rawInner: true })).toBe('"say "hi""');
    expect(quote('C:\\Users\\new', { ...JSON_QUOTES, rawBackslash: true })).toBe('"C:\\Users\\\\new"'); // \n would read as a line break
    expect(quote('a\nb', { ...JSON_QUOTES, rawControl: true })).toBe('"a\nb"');
    expect(quote('path', { ...JSON_QUOTES, unquoted: true })).toBe('path');
    expect(quote('x', { ...JSON_QUOTES, delim: 'curly' })).toBe('\u201cx\u201d');
  });

  it('applies every damage kind somewhere, and each damage changes the text', () => {
    const random = createRandom(2);
    for (const damage of DAMAGES) {
      let applied = 0;
      for (let i = 0; i < 200; i++) {
        const value = randomArguments(random);
        const tokens = tokenize(value, 'spaced');
        const before = render(tokens);
        const after = damage.acts === 'tokens' ? damage.apply(tokens, random) : damage.apply(before, random);
        if (after === undefined) continue;
        applied++;
        expect(typeof after === 'string' ? after : render(after), damage.name).not.toBe(before);
      }
      expect(applied, damage.name).toBeGreaterThan(20);
    }
  });

  it('compares JSON values ignoring key order only', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });
});
