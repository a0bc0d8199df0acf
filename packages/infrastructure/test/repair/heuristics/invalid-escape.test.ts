import { describe, expect, it } from 'vitest';
import { invalidEscape } from '../../../src/repair/heuristics/invalid-escape.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('invalid_escape', () => {
  it.each([
    ['{"path": "C:\\Users\\me"}', { path: 'C:\\Users\\me' }],
    ['{"pattern": "\\d+\\.\\d+"}', { pattern: '\\d+\\.\\d+' }],
    ['{"path": "C:\\users"}', { path: 'C:\\users' }], // \u without four hex digits
    ['{"a": "50\\%"}', { a: '50\\%' }],
  ])('keeps the backslash of %s as a literal', (input, expected) => {
    const result = repair(input);
    expect(JSON.parse(result.repaired ?? '')).toEqual(expected);
    expect(result.repairs).toEqual(['invalid_escape']);
  });

  it('leaves JSON escapes their meaning', () => {
    const result = repair('{"a": "C:\\Users\\new\\table", "b": 1,}');
    // \U is invalid and kept; \n and \t are JSON escapes: the model wrote them, they stay escapes.
    expect(JSON.parse(result.repaired ?? '')).toEqual({ a: 'C:\\Users\new\table', b: 1 });
  });

  it("refuses \\' in a double-quoted string: an apostrophe or a backslash and an apostrophe", () => {
    const result = repair('{"cmd": "echo it\\\'s"}');
    expect(result.success).toBe(false);
    expect(result.error?.message).toContain("could be an apostrophe");
  });

  it('is the only heuristic that keeps the backslash', () => {
    expect(invalidEscape.invalidEscape?.('d')).toBe(true);
    const result = repair('{"a": "\\d"}', allBut('invalid_escape'));
    expect(repairedText(result)).toBe("<failed ACODE-TLP-003: cannot repair the JSON: invalid escape sequence 'd' after a backslash at position 7>");
  });
});
