import { describe, expect, it } from 'vitest';
import { missingClosingBracket } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('missing_closing_bracket', () => {
  it('gives the documented output for {"items": [1, 2, 3', () => {
    const result = repair('{"items": [1, 2, 3');
    expect(repairedText(result)).toBe('{"items": [1, 2, 3]}');
    expect(result.repairs).toEqual(['missing_closing_bracket', 'missing_closing_brace']);
  });

  it('closes an array when the enclosing object closes first (002 test list)', () => {
    const result = repair('{"items": [1, 2, 3}');
    expect(repairedText(result)).toBe('{"items": [1, 2, 3]}');
    expect(result.repairs).toEqual(['missing_closing_bracket']);
  });

  it.each([
    ['[[[', '[[[]]]'],
    ['[1, [2, [3', '[1, [2, [3]]]'],
    ['{"a": [1 }', '{"a": [1] }'],
  ])('closes the open arrays of %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['missing_closing_bracket']);
  });

  it('closes inner arrays and objects innermost first', () => {
    const result = repair('{"a": [1, {"b": [2 }');
    expect(repairedText(result)).toBe('{"a": [1, {"b": [2] }]}');
    expect(result.repairs).toEqual(['missing_closing_bracket', 'missing_closing_brace']);
  });

  it('refuses a closer with nothing of its kind open', () => {
    const result = repair('{"a": 1]}');
    expect(result.success).toBe(false);
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: unexpected ']': no open array to close at position 7", position: 7 });
  });

  it('is the only heuristic that closes an array', () => {
    const result = repair('[1, 2', allBut('missing_closing_bracket'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 5 });
    expect(repair('{"a": [1}', allBut('missing_closing_bracket')).error).toMatchObject({ code: 'ACODE-TLP-003', position: 8 });
  });

  it('closes arrays only', () => {
    expect(missingClosingBracket.unclosedContainer?.('[')).toBe(']');
    expect(missingClosingBracket.unclosedContainer?.('{')).toBeUndefined();
  });
});
