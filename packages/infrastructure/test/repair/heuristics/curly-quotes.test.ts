import { describe, expect, it } from 'vitest';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('curly_quotes', () => {
  it.each([
    ['{“path”: “test”}', '{"path": "test"}'],
    ['{‘a’: ‘b’}', '{"a": "b"}'],
    ['{”a”: ”b”}', '{"a": "b"}'],
    ['{“a”: “say "x"”}', '{"a": "say \\"x\\""}'],
    ['{‘a’: ‘it’s’}', '{"a": "it’s"}'],
    ['[“a”, “b”]', '["a", "b"]'],
  ])('rewrites %s with straight quotes', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['curly_quotes']);
  });

  it('leaves curly quotes inside a straight-quoted string alone', () => {
    const result = repair('{"a": "“quoted”",}');
    expect(repairedText(result)).toBe('{"a": "“quoted”"}');
    expect(result.repairs).toEqual(['trailing_comma']);
  });

  it('is the only heuristic that reads curly-quoted strings', () => {
    const result = repair('{“a”: 1}', allBut('curly_quotes'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: expected a property name but found '“' at position 1", position: 1 });
  });
});
