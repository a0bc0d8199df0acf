import { describe, expect, it } from 'vitest';
import { markdownFence } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('markdown_fence', () => {
  it.each([
    ['```json\n{"a": 1}\n```', '{"a": 1}'],
    ['```\n[1, 2]\n```', '[1, 2]'],
    ['```jsonc\r\n{"a": 1}\r\n```\r\n', '{"a": 1}'],
    ['```{"a": 1}```', '{"a": 1}'],
    ['````json\n{"a": 1}\n````', '{"a": 1}'],
  ])('unwraps %j', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['markdown_fence']);
  });

  it('unwraps and repairs what the fence holds', () => {
    const result = repair("```json\n{'a': 1,}\n```");
    expect(repairedText(result)).toBe('{"a": 1}');
    expect(result.repairs).toEqual(['markdown_fence', 'single_quotes', 'trailing_comma']);
  });

  it('drops a closing fence that arrives before the object is closed', () => {
    const result = repair('```json\n{"a": 1\n```');
    expect(repairedText(result)).toBe('{"a": 1\n}');
    expect(result.repairs).toEqual(['markdown_fence', 'missing_closing_brace']);
  });

  it('needs three backticks', () => {
    expect(markdownFence.skip?.('``{}', 0, 'leading')).toBeUndefined();
    const result = repair('``{"a": 1}');
    expect(result.repairs).toEqual(['surrounding_text']);
  });

  it('is the only heuristic that knows fences (prose aside)', () => {
    const result = repair('```json\n{}\n```', allBut('markdown_fence', 'surrounding_text'));
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 0 });
  });
});
