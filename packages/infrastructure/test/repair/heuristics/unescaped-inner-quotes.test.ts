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
    ['["a "b" c", "d"]', '["a \\"b\\" c", "d"]'],
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

  it('reads two strings on one line with no comma as one string with inner quotes', () => {
    // Documented limit: on one line `"a" "b"` is indistinguishable from a string quoting a word.
    const result = repair('["a" "b"]');
    expect(repairedText(result)).toBe('["a\\" \\"b"]');
    expect(result.repairs).toEqual(['unescaped_inner_quotes']);
  });

  it('is the only heuristic that escapes inner quotes', () => {
    const result = repair('{"say": "say "hi""}', allBut('unescaped_inner_quotes'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 16 });
  });
});
