import { describe, expect, it } from 'vitest';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('truncated_string', () => {
  it('gives the documented output for {"msg": "hel', () => {
    const result = repair('{"msg": "hel');
    expect(repairedText(result)).toBe('{"msg": "hel"}');
    expect(result.repairs).toEqual(['truncated_string', 'missing_closing_brace']);
  });

  it.each([
    ['{"content": "Hello, this is a test', '{"content": "Hello, this is a test"}'],
    ['["a", "b', '["a", "b"]'],
    ['{"a": "x\\', '{"a": "x"}'],
    ['{"a": "x\\u00', '{"a": "x"}'],
    ['{"a": "\\u00e9', '{"a": "\\u00e9"}'],
    ['{"a": "tab\\t', '{"a": "tab\\t"}'],
  ])('closes the string %s cuts off', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toContain('truncated_string');
  });

  it('closes a string at the root', () => {
    const result = repair('"abc');
    expect(repairedText(result)).toBe('"abc"');
    expect(result.repairs).toEqual(['truncated_string']);
  });

  it('drops a property name the text cuts off, with its member', () => {
    const result = repair('{"a": 1, "ke');
    expect(repairedText(result)).toBe('{"a": 1}');
  });

  it('is the only heuristic that closes strings', () => {
    const result = repair('{"a": "x', allBut('truncated_string'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: 'cannot repair the JSON: unterminated string (opened at position 6) at position 8', position: 8 });
  });
});
