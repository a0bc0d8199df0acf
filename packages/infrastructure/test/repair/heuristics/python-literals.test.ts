import { describe, expect, it } from 'vitest';
import { pythonLiterals } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('python_literals', () => {
  it.each([
    ['{"force": True, "dir": None, "x": False}', '{"force": true, "dir": null, "x": false}'],
    ['[True, None]', '[true, null]'],
    ['True', 'true'],
  ])('rewrites the literals of %s', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['python_literals']);
  });

  it('leaves the words alone in strings and property names', () => {
    const result = repair('{True: "None", "b": 1,}');
    expect(repairedText(result)).toBe('{"True": "None", "b": 1}');
    expect(result.repairs).toEqual(['unquoted_keys', 'trailing_comma']);
  });

  it.each(['{"a": TRUE}', '{"a": Truex}', '{"a": none}'])('rewrites only the exact words, not %s', (input) => {
    const result = repair(input);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 6 });
    expect(result.error?.message).toContain('unquoted text where a value was expected');
  });

  it('knows exactly the three words', () => {
    expect(pythonLiterals.bareValue?.('None')).toBe('null');
    expect(pythonLiterals.bareValue?.('toString')).toBeUndefined();
    expect(pythonLiterals.bareValue?.('__proto__')).toBeUndefined();
  });

  it('is the only heuristic that rewrites them', () => {
    const result = repair('{"a": True}', allBut('python_literals'));
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 6 });
  });
});
