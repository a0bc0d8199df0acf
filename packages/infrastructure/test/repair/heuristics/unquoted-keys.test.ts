import { describe, expect, it } from 'vitest';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('unquoted_keys', () => {
  it('gives the documented output for {path: "test"}', () => {
    expect(repair('{path: "test"}')).toEqual({
      attempted: true,
      success: true,
      original: '{path: "test"}',
      repaired: '{"path": "test"}',
      repairs: ['unquoted_keys'],
    });
  });

  it.each([
    ['{path: "test.txt", content: "hello"}', '{"path": "test.txt", "content": "hello"}'],
    ['{file_name: 1, $ref: 2, x1: 3, max-depth: 4, a.b: 5}', '{"file_name": 1, "$ref": 2, "x1": 3, "max-depth": 4, "a.b": 5}'],
    ['{größe: 1}', '{"größe": 1}'],
    ['{a: {b: [{c: 1}]}}', '{"a": {"b": [{"c": 1}]}}'],
    ['{1: "a"}', '{"1": "a"}'],
    ['{True: 1}', '{"True": 1}'],
    ['{a:1}', '{"a":1}'],
  ])('quotes the bare names of %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['unquoted_keys']);
  });

  it('does not quote a bare word that stands where a value is expected', () => {
    const result = repair('{a: b}');
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 4 });
    expect(result.error?.message).toContain('unquoted text where a value was expected');
  });

  it('is the only heuristic that quotes property names', () => {
    const result = repair('{path: 1}', allBut('unquoted_keys'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: 'cannot repair the JSON: property names must be quoted at position 1', position: 1 });
  });
});
