import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingOpeningQuote } from '../../../src/repair/heuristics/missing-opening-quote.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

/** A value that starts as a word and holds nothing that could end it early or read as structure. */
const wordValue = fc
  .tuple(fc.constantFrom('x', 'Q', '_', 'é', 'src'), fc.string({ unit: fc.constantFrom('a', 'Z', '9', '_', '.', '-', '/', ' ', 'é'), maxLength: 16 }), fc.constantFrom('a', '9', '.', '_'))
  .map(([head, body, tail]) => head + body + tail)
  .filter((value) => !value.includes('//'))
  .filter((value) => !['true', 'false', 'null', 'True', 'False', 'None', 'NaN', 'Infinity', 'undefined'].includes(value.split(/[^\w$.\-\u0080-\uffff]/)[0] ?? ''));

describe('missing_opening_quote', () => {
  it.each([
    ['{"invoke_tool_name": xxx_tool_name"}', { invoke_tool_name: 'xxx_tool_name' }],
    ['{"path": src/main.ts", "line": 3}', { path: 'src/main.ts', line: 3 }],
    ['{"q": hello world"}', { q: 'hello world' }],
    ['{"a": x", b: 1}', { a: 'x', b: 1 }],
    ['{"a": [x", "y"]}', { a: ['x', 'y'] }],
    ['["a", b", "c"]', ['a', 'b', 'c']],
    ['{"b":"y","a":x"}', { b: 'y', a: 'x' }],
  ])('opens the value of %s where only its opening quote is missing', (input, expected) => {
    const result = repair(input);
    expect(JSON.parse(result.repaired ?? 'null')).toEqual(expected);
    expect(result.repairs).toContain('missing_opening_quote');
  });

  it('makes no other repair for the damage quoted in a public thread', () => {
    const result = repair('{"invoke_tool_name": xxx_tool_name"}');
    expect(repairedText(result)).toBe('{"invoke_tool_name": "xxx_tool_name"}');
    expect(result.repairs).toEqual(['missing_opening_quote']);
  });

  it.each([
    ['a literal with a stray quote after it', '{"a": true"}'],
    ['a Python literal with a stray quote after it', '{"a": None"}'],
    ['a number with a stray quote after it', '{"a": 12"}'],
    ['NaN with a stray quote after it', '{"a": NaN"}'],
    ['a space before the quote', '{"a": foo "}'],
    ['a comma before the quote', '{"a": foo, "b": bar"}'],
    ['a colon before the quote', '{"a": b: c"}'],
    ['text after the quote', '{"a": say "hi" now"}'],
    ['a Python string prefix', '{"a": f"x"}'],
    ['a line break before the quote', '{"a": foo\nbar"}'],
    ['a comment before the quote', '{"a": foo // c"}'],
    ['an array item followed by a bare word', '[foo", bar"]'],
    ['a comma not followed by a property name', '{"a": foo", 1}'],
    ['no quote at all', '{"a": foo}'],
    ['a word after a comma the repairer inserted', '{"":0A:A"}'],
    ['an item after a comma the repairer inserted', '[0A"]'],
    ['a container left open (the value may have started before it)', '{"a": [0,x"}'],
    ['an object left open', '{"a": {b: x"}'],
    ['text cut after the value', '{"a": x"'],
    ['an item after a number (the string may have started there)', '[1, 2, x"]'],
    ['a value after an unquoted name', '{a: x"}'],
    ['a value after an escaped quote', '{"a": 0, \\"k\\": x"}'],
    ['two spaces before the word (one could be the value\'s)', '{"a":  foo"}'],
    ['a line break before the word', '{"a":\n foo"}'],
    ['a space before the word in a text laid out without spaces', '{"b":"x","a": foo"}'],
  ])('refuses %s', (_, input) => {
    expect(repair(input).success).toBe(false);
  });

  it('acts only inside a container', () => {
    expect(repair('foo"').success).toBe(false);
  });

  it('is the only heuristic that reads it', () => {
    expect(missingOpeningQuote.missingOpeningQuote?.()).toBe(true);
    expect(repair('{"invoke_tool_name": xxx_tool_name"}', allBut('missing_opening_quote')).success).toBe(false);
  });

  it('recovers any object whose string values each lost their opening quote', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_'), minLength: 1, maxLength: 5 }), wordValue, { minKeys: 1, maxKeys: 4 }), fc.boolean(), (object, compact) => {
        const members = Object.entries(object).map(([key, value]) => `${JSON.stringify(key)}:${compact ? '' : ' '}${value}"`);
        const result = repair(`{${members.join(compact ? ',' : ', ')}}`);
        expect(result.success).toBe(true);
        expect(JSON.parse(result.repaired ?? '')).toEqual(object);
        expect(result.repairs).toEqual(['missing_opening_quote']);
      }),
      { numRuns: 500 },
    );
  });

  it('never gives a string where a literal or number had a stray quote: two readings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('true', 'false', 'null', 'True', 'False', 'None', 'NaN', 'Infinity'), fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)), (scalar) => {
        const result = repair(`{"a": ${scalar}"}`);
        if (result.success) expect(JSON.parse(result.repaired ?? '')).not.toEqual({ a: scalar });
      }),
      { numRuns: 300 },
    );
  });
  it('recovers the original or refuses, never another value, when damage drops the opening quote of one string value of any object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), { minKeys: 1, maxKeys: 5 }), fc.nat(), fc.constantFrom(undefined, 2), fc.constantFrom('', ' '), (object, pick, indent, sep) => {
        const keys = Object.keys(object).filter((key) => typeof object[key] === 'string');
        if (keys.length === 0) return;
        const chosen = keys[pick % keys.length] as string;
        // The one assumption: a single space after the colon is the layout's, not the value's own
        // (`"a": x"` is read as "x", not " x"); a text laid out without spaces elsewhere is refused.
        if (sep === '' && Object.keys(object).length === 1 && /^\s/.test(String(object[chosen]))) return;
        const members = Object.entries(object).map(([key, value]) => (key === chosen ? `${JSON.stringify(key)}:${sep}${JSON.stringify(value).slice(1)}` : `${JSON.stringify(key)}:${sep}${JSON.stringify(value, null, indent)}`));
        const result = repair(`{${members.join(indent === undefined ? `,${sep}` : ',\n  ')}}`);
        // JSON has no -0: the original as JSON reads it.
        if (result.success) expect(JSON.parse(result.repaired ?? '')).toEqual(JSON.parse(JSON.stringify(object)));
      }),
      { numRuns: 2000 },
    );
  });
});
