import { describe, expect, it } from 'vitest';
import { missingClosingBrace } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('missing_closing_brace', () => {
  it('gives the documented output for {"path": "test"', () => {
    expect(repair('{"path": "test"')).toEqual({
      attempted: true,
      success: true,
      original: '{"path": "test"',
      repaired: '{"path": "test"}',
      repairs: ['missing_closing_brace'],
    });
  });

  it.each([
    ['{"outer": {"inner": {"deep": "value"}', '{"outer": {"inner": {"deep": "value"}}}'],
    ['{', '{}'],
    ['{"a": {}', '{"a": {}}'],
    ['[{"a": 1]', '[{"a": 1}]'],
  ])('closes the open objects of %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['missing_closing_brace']);
  });

  it.each([
    ['{"a": 1, "b":', '{"a": 1}'],
    ['{"a": 1, "b": ', '{"a": 1}'],
    ['{"a": 1, "b"', '{"a": 1}'],
    ['{"b":', '{}'],
    ['{"a": 1, "b": tru', '{"a": 1}'],
    ['{"a": 1, "b": Fal', '{"a": 1}'],
    ['{"a": -', '{}'],
    ['{"a": 1.', '{}'],
    ['{"a": 2e+', '{}'],
  ])('drops the member the text cuts off before its value in %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['missing_closing_brace']);
  });

  it('keeps a number that may be complete', () => {
    expect(repairedText(repair('{"a": 12'))).toBe('{"a": 12}');
  });

  it('closes 100 000 nested objects without recursion', () => {
    const depth = 100_000;
    const result = repair('{"a":'.repeat(depth) + '1');
    expect(result.success).toBe(true);
    expect(result.repaired).toBe('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
  });

  it('is the only heuristic that closes an object', () => {
    const result = repair('{"a": 1', allBut('missing_closing_brace'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 7 });
    expect(result.error?.message).toContain('unclosed object');
  });

  it('closes objects only', () => {
    expect(missingClosingBrace.unclosedContainer?.('{')).toBe('}');
    expect(missingClosingBrace.unclosedContainer?.('[')).toBeUndefined();
  });
});
