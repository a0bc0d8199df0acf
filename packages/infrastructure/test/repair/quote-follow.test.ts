import { describe, expect, it } from 'vitest';
import { classifyQuoteFollow, commaLeadsToKey, isWordInternal } from '../../src/repair/quote-follow.js';

/** Classifies what follows the first `|` in `text` (the quote stands just before it). */
function follow(text: string): string {
  return classifyQuoteFollow(text.replace('|', ''), text.indexOf('|'));
}

describe('classifyQuoteFollow', () => {
  it.each([
    ['"a"|}', 'close'],
    ['"a"| ]', 'close'],
    ['"a"|', 'line_end'],
    ['"a"|\n  more', 'line_end'],
    ['"a"| , "b"', 'comma'],
    ['"a"|: 1', 'colon'],
    ['"a"| // note', 'comment'],
    ['"a"| /* note */', 'comment'],
    ['"a"| "b"', 'next_value'],
    ["'x'|  mode: 'append'", 'next_value'],
    ['"a"| {"b": 1}', 'next_value'],
    ['"a"| 5]', 'next_value'],
    ['"a"| True,', 'next_value'],
    ['"a"|\\n}', 'close'], // a literal \n is whitespace
    ['"a"|"b"', 'adjacent_quote'],
    ['"a"|{', 'adjacent_quote'],
    ['"a"|\\"', 'adjacent_quote'],
    ['"say "|hi" now"', 'other'],
    ['"say "hi"| now"', 'other'],
    ['"He said "no"|."', 'other'],
    ['"see "|https://x"', 'other'],
    ['"a"| 5 more', 'other'],
  ])('%j reads as %s', (text, expected) => {
    expect(follow(text)).toBe(expected);
  });

  it('looks ahead a bounded distance only', () => {
    // A key would need its colon within 64 characters: a longer word is text.
    expect(follow(`"a"| ${'k'.repeat(100)}: 1`)).toBe('other');
  });
});

describe('commaLeadsToKey', () => {
  it.each([
    [', "b": 1', true],
    [",  'b' : 1", true],
    [', b: 1', true],
    [', "world")', false],
    [', https://x', false],
    [', b and c', false],
  ])('after %j: %s', (text, expected) => {
    expect(commaLeadsToKey(text, 0)).toBe(expected);
  });
});

describe('isWordInternal', () => {
  it.each([
    ["don't", 3, true],
    ["l'eau", 1, true],
    ["users' files", 5, false],
    ["'quoted'", 0, false],
  ])('%j at %d: %s', (text, at, expected) => {
    expect(isWordInternal(text, at)).toBe(expected);
  });
});
