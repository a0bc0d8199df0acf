import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapedQuotes } from '../../../src/repair/heuristics/escaped-quotes.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

/** Text a string may hold that has one reading once escaped quotes delimit it: no backslash, quote or control character. */
const plainText = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '.', '-', '_', '/', ':', ',', '{', '}', '[', ']', 'é', '中'), maxLength: 20 });

describe('escaped_quotes', () => {
  it.each([
    ['{"query": \\"foo\\"}', '{"query": "foo"}'],
    ['{\\"query\\": \\"foo\\"}', '{"query": "foo"}'],
    ['{"a": \\"x y\\", "b": 2}', '{"a": "x y", "b": 2}'],
    ['{"tags": [\\"a\\", \\"b\\"]}', '{"tags": ["a", "b"]}'],
    ['{"a": \\"\\"}', '{"a": ""}'],
    ['{\\"n\\": 1}', '{"n": 1}'],
  ])('reads the quotes of %s, escaped once too often, as quotes', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['escaped_quotes']);
  });

  it('refuses a string that holds another escape: it could have been escaped once or twice', () => {
    expect(repair('{"a": \\"line\\\\nnext\\"}').success).toBe(false);
    expect(repair('{"a": \\"say \\\\\\"hi\\\\\\"\\"}').success).toBe(false);
    expect(repair('{"a": \\"C:\\path\\"}').success).toBe(false);
  });

  it('refuses a string that does not end its member at the escaped quote', () => {
    expect(repair('{"a": \\"x\\" y}').success).toBe(false);
    expect(repair('{\\"a\\" 1}').success).toBe(false);
    expect(repair('{"a": \\"x}').success).toBe(false);
    expect(repair('{"a": \\"x "y"}').success).toBe(false);
  });

  it('acts only inside a container', () => {
    expect(repair('\\"foo\\"').success).toBe(false);
  });

  it('is the only heuristic that reads them', () => {
    expect(escapedQuotes.escapedQuote?.()).toBe(true);
    expect(repair('{"query": \\"foo\\"}', allBut('escaped_quotes')).success).toBe(false);
  });

  it('recovers any object of such strings whose values (or names and values) were escaped once too often', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', '1'), minLength: 1, maxLength: 6 }), plainText, { minKeys: 1, maxKeys: 4 }), fc.boolean(), (object, keysToo) => {
        const members = Object.entries(object).map(([key, value]) => `${keysToo ? `\\"${key}\\"` : JSON.stringify(key)}: \\"${value}\\"`);
        const result = repair(`{${members.join(', ')}}`);
        expect(result.success).toBe(true);
        expect(JSON.parse(result.repaired ?? '')).toEqual(object);
        expect(result.repairs).toEqual(['escaped_quotes']);
      }),
      { numRuns: 500 },
    );
  });

  it('never changes a valid text that holds escaped quotes inside its strings', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(plainText.map((text) => `"${text}"`), fc.string())), (object) => {
        const text = JSON.stringify(object);
        expect(repair(text)).toEqual({ attempted: false, success: true, original: text, repaired: text, repairs: [] });
      }),
      { numRuns: 300 },
    );
  });
  it('recovers the original or refuses, never another value, when damage escapes the quotes of one string value once more of any object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), { minKeys: 1, maxKeys: 5 }), fc.nat(), fc.constantFrom(undefined, 2), (object, pick, indent) => {
        const keys = Object.keys(object).filter((key) => typeof object[key] === 'string');
        if (keys.length === 0) return;
        const chosen = keys[pick % keys.length] as string;
        const members = Object.entries(object).map(([key, value]) => (key === chosen ? `${JSON.stringify(key)}: \\${JSON.stringify(value).slice(0, -1)}\\"` : `${JSON.stringify(key)}: ${JSON.stringify(value, null, indent)}`));
        const result = repair(`{${members.join(indent === undefined ? ', ' : ',\n  ')}}`);
        // JSON has no -0: the original as JSON reads it.
        if (result.success) expect(JSON.parse(result.repaired ?? '')).toEqual(JSON.parse(JSON.stringify(object)));
      }),
      { numRuns: 2000 },
    );
  });
});
