import { describe, expect, it } from 'vitest';
import { literalEscapeWhitespace } from '../../../src/repair/heuristics/literal-escape-whitespace.js';
import { allBut, repair } from '../repair-test-kit.js';

describe('literal_escape_whitespace', () => {
  it.each([
    ['{"a": 1,\\n "b": 2}', { a: 1, b: 2 }],
    ['{\\n  "path": "a.txt"\\n}', { path: 'a.txt' }],
    ['{"a": [1,\\t2]}', { a: [1, 2] }],
    ['\\n{"a": 1}\\r\\n', { a: 1 }],
  ])('reads the literal escapes between the tokens of %s as whitespace', (input, expected) => {
    const result = repair(input);
    expect(JSON.parse(result.repaired ?? '')).toEqual(expected);
    expect(result.repairs).toEqual(['literal_escape_whitespace']);
  });

  it('leaves escapes inside strings as JSON reads them', () => {
    const result = repair('{"a": "x\\ny",\\n "b": 2}');
    expect(JSON.parse(result.repaired ?? '')).toEqual({ a: 'x\ny', b: 2 });
  });

  it('skips only a backslash before n, r or t', () => {
    expect(literalEscapeWhitespace.skip?.('\\n', 0, 'inner')).toBe(2);
    expect(literalEscapeWhitespace.skip?.('\\x', 0, 'inner')).toBeUndefined();
    expect(repair('{"a": 1,\\x "b": 2}').success).toBe(false);
  });

  it('is the only heuristic that skips them', () => {
    expect(repair('{"a": 1,\\n "b": 2}', allBut('literal_escape_whitespace')).success).toBe(false);
  });
});
