import { describe, expect, it } from 'vitest';
import { singleQuotes } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('single_quotes', () => {
  it("gives the documented output for {'path': 'test'}", () => {
    expect(repair("{'path': 'test'}")).toEqual({
      attempted: true,
      success: true,
      original: "{'path': 'test'}",
      repaired: '{"path": "test"}',
      repairs: ['single_quotes'],
    });
  });

  it.each([
    ["{'path': 'test.txt'}", '{"path": "test.txt"}'],
    ["['a', 'b']", '["a", "b"]'],
    ['{"a": \'x\', \'b\': "y"}', '{"a": "x", "b": "y"}'],
    ["{'a': 'say \"hi\"'}", '{"a": "say \\"hi\\""}'],
    ["{'a': 'x\\\"y'}", '{"a": "x\\"y"}'],
    ["{'a': 'it\\'s'}", '{"a": "it\'s"}'],
    ["{'a': 'it's fine'}", '{"a": "it\'s fine"}'],
    ["{'a': ''}", '{"a": ""}'],
  ])('rewrites %s with double quotes', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['single_quotes']);
    expect(JSON.parse(expected)).toBeDefined();
  });

  it('closes a single-quoted string the text cuts off', () => {
    const result = repair("{'a': 'hel");
    expect(repairedText(result)).toBe('{"a": "hel"}');
    expect(result.repairs).toEqual(['single_quotes', 'truncated_string', 'missing_closing_brace']);
  });

  it('is the only heuristic that reads single-quoted strings', () => {
    const result = repair("{'a': 1}", allBut('single_quotes'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: 'cannot repair the JSON: property names must use double quotes, not single quotes at position 1', position: 1 });
  });

  it('opens on a single quote only', () => {
    expect(singleQuotes.stringDelimiter?.("'")).toBe("'");
    expect(singleQuotes.stringDelimiter?.('`')).toBeUndefined();
  });
});
