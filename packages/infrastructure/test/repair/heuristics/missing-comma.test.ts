import { describe, expect, it } from 'vitest';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('missing_comma', () => {
  it.each([
    ['{"a": 1 "b": 2}', '{"a": 1, "b": 2}'],
    ['[1 2 3]', '[1, 2, 3]'],
    ['[{"a": 1} {"b": 2}]', '[{"a": 1}, {"b": 2}]'],
    ['[[1] [2]]', '[[1], [2]]'],
    ['{"a": "x"\n"b": "y"}', '{"a": "x",\n"b": "y"}'],
    ['{"a": true\n  "b": null}', '{"a": true,\n  "b": null}'],
  ])('inserts the comma %s lacks right after the value', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['missing_comma']);
  });

  it('inserts it before a comment that separates the values', () => {
    const result = repair('[1 /* c */ 2]');
    expect(repairedText(result)).toBe('[1,  2]');
    expect(result.repairs).toEqual(['comments', 'missing_comma']);
  });

  it('works with an unquoted name', () => {
    const result = repair('{a: 1 b: 2}');
    expect(repairedText(result)).toBe('{"a": 1, "b": 2}');
    expect(result.repairs).toEqual(['unquoted_keys', 'missing_comma']);
  });

  it('does not take an object for a property name', () => {
    const result = repair('{"a": 1 {}}');
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: expected ',' or '}' but found '{' at position 8", position: 8 });
  });

  it('is the only heuristic that inserts commas', () => {
    const result = repair('[1 2]', allBut('missing_comma'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: expected ',' or ']' but found '2' at position 3", position: 3 });
  });
});
