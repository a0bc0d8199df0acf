import { describe, expect, it } from 'vitest';
import { surroundingText } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('surrounding_text', () => {
  it.each([
    ['Sure! Here it is: {"a": 1} Hope this helps.', '{"a": 1}'],
    ['Result: [1, 2]', '[1, 2]'],
    ['\ufeff{"a": 1}', '{"a": 1}'],
    ['json\n{"a": 1}\n', '{"a": 1}\n'], // whitespace not next to dropped text is the input's
  ])('keeps only the JSON of %j', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['surrounding_text']);
  });

  it('works with a fenced block in prose', () => {
    const result = repair('Here you go:\n```json\n{"a": 1}\n```\nLet me know.');
    expect(repairedText(result)).toBe('{"a": 1}');
    expect(result.repairs).toEqual(['surrounding_text', 'markdown_fence']);
  });

  it('reports prose without JSON as unrepairable', () => {
    expect(repair('I cannot do that.')).toEqual({
      attempted: true,
      success: false,
      original: 'I cannot do that.',
      repairs: [],
      error: { code: 'ACODE-TLP-003', message: 'cannot repair the JSON: no JSON value found at position 17', position: 17 },
    });
  });

  it('is never consulted inside the value', () => {
    expect(surroundingText.skip?.('x}', 0, 'inner')).toBeUndefined();
  });

  it('is the only heuristic that drops prose', () => {
    const result = repair('Sure: {"a": 1}', allBut('surrounding_text'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: 'cannot repair the JSON: unquoted text where a value was expected at position 0', position: 0 });
  });
});
