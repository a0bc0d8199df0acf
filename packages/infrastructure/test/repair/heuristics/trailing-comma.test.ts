import { describe, expect, it } from 'vitest';
import { trailingComma } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('trailing_comma', () => {
  it('gives the documented output for {"a": 1, "b": 2,}', () => {
    expect(repair('{"a": 1, "b": 2,}')).toEqual({
      attempted: true,
      success: true,
      original: '{"a": 1, "b": 2,}',
      repaired: '{"a": 1, "b": 2}',
      repairs: ['trailing_comma'],
    });
  });

  it.each([
    ['{"path": "test.txt",}', '{"path": "test.txt"}'],
    ['{"items": [1, 2, 3,]}', '{"items": [1, 2, 3]}'],
    ['[[1,],{"a":[],},]', '[[1],{"a":[]}]'],
    ['{"a": 1 , }', '{"a": 1  }'],
    ['{"a": "x,}", "b": 1,}', '{"a": "x,}", "b": 1}'],
  ])('drops the comma before the closer in %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['trailing_comma']);
  });

  it('drops a comma the text ends on, then closes the container', () => {
    const result = repair('[1, 2,');
    expect(repairedText(result)).toBe('[1, 2]');
    expect(result.repairs).toEqual(['trailing_comma', 'missing_closing_bracket']);
  });

  it('drops the comma even when a comment stands between it and the closer', () => {
    const result = repair('{"a": 1, // last\n}');
    expect(repairedText(result)).toBe('{"a": 1 \n}');
    expect(result.repairs).toEqual(['comments', 'trailing_comma']);
  });

  it('does not invent a value between two commas', () => {
    const result = repair('[1,,]');
    expect(result.success).toBe(false);
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: unexpected ',' where a value was expected at position 3", position: 3 });
  });

  it('is the only heuristic that removes a trailing comma', () => {
    const result = repair('{"a": 1,}', allBut('trailing_comma'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 7 });
    expect(result.error?.message).toContain("trailing comma before '}'");
  });

  it('answers every closer', () => {
    expect(trailingComma.trailingComma?.('}')).toBe(true);
    expect(trailingComma.trailingComma?.(']')).toBe(true);
  });
});
