import { describe, expect, it } from 'vitest';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('unescaped_inner_quotes', () => {
  it('gives the documented output for {"say": "say "hi""}', () => {
    expect(repair('{"say": "say "hi""}')).toEqual({
      attempted: true,
      success: true,
      original: '{"say": "say "hi""}',
      repaired: '{"say": "say \\"hi\\""}',
      repairs: ['unescaped_inner_quotes'],
    });
  });

  it.each([
    ['{"message": "He said "hello" to me"}', '{"message": "He said \\"hello\\" to me"}'],
    ['{"a": "x", "b": "y "z" w"}', '{"a": "x", "b": "y \\"z\\" w"}'],
  ])('escapes the inner quotes of %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['unescaped_inner_quotes']);
  });

  it('ends a property name at its first quote', () => {
    const result = repair('{"a"b": 1}');
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 4 });
  });

  it('lets a quote followed by a line break end its string', () => {
    const result = repair('{"a": "x"\n"b": 1}');
    expect(repairedText(result)).toBe('{"a": "x",\n"b": 1}');
    expect(result.repairs).toEqual(['missing_comma']);
  });

  it('reads two strings on one line with no comma as two strings (issue 11)', () => {
    const result = repair('{"message":"fix","paths":["a.txt" "b.txt"]}');
    expect(repairedText(result)).toBe('{"message":"fix","paths":["a.txt", "b.txt"]}');
    expect(result.repairs).toEqual(['missing_comma']);
  });

  it.each([
    // `", "` in an array: the end of an item, or text like `f("a", "b")` inside one.
    ['["a "b" c", "d"]', 9],
    ['["print("hello", "world")"]', 14],
    // A quote kept as text, then what reads as the next member: the text may hold structure.
    ['{"a": "x "y" z" "b": 1}', 14],
    ['{"a": "say "hi" b: 1}', 14],
    // A string that kept a quote as text must end before the end of the text.
    ['{"a": "say "hi" now', 19],
  ])('refuses %s: the inner quote leaves two readings', (input, position) => {
    const result = repair(input);
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position });
  });

  it('never swallows `, "key":` into a string: a quote kept as text ends before a property name', () => {
    const result = repair('{"a": "say "hi", "b": 1}');
    expect(repairedText(result)).toBe('{"a": "say \\"hi", "b": 1}');
  });

  it('is the only heuristic that escapes inner quotes', () => {
    const result = repair('{"say": "say "hi""}', allBut('unescaped_inner_quotes'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 16 });
  });
});
