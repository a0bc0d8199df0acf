import { describe, expect, it } from 'vitest';
import { trailingMarkup } from '../../../src/repair/heuristics/trailing-markup.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('trailing_markup', () => {
  it.each([
    ['{"a": 1}</tool_call>', '{"a": 1}'],
    ['{"a": 1}\n</tool_call>', '{"a": 1}'],
    ['{"a": 1}</parameter>\n</function>', '{"a": 1}'],
    ['{"a": 1}<|eot_id|>', '{"a": 1}'],
    ['{"a": 1}""', '{"a": 1}'],
    ['{"a": 1}}', '{"a": 1}'],
    ['{"a": [1]}]', '{"a": [1]}'],
  ])('drops what a template or a slip leaves after %j', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['trailing_markup']);
  });

  it('still refuses a second object after the markup: that is a second call, not debris', () => {
    expect(repair('{"cmd": "ls"}</tool_call><tool_call>{"cmd": "pwd"}').success).toBe(false);
    expect(repair('{"cmd": "ls"} {"cmd": "pwd"}').success).toBe(false);
  });

  it('refuses a stray closer that could equally belong earlier in the value', () => {
    // Is `c` inside `a` (the `}` after 1 is stray) or beside it (the last `}` is)?
    const result = repair('{"a": {"b": 1}, "c": 2}}');
    expect(result.success).toBe(false);
    expect(result.error?.message).toContain('could equally belong earlier');
  });

  it("refuses a quote next to a closer ('}): what a string cut short leaves", () => {
    expect(trailingMarkup.skip?.("'}", 0, 'trailing')).toBeUndefined();
    expect(repair("{'x': 'a'}'}").success).toBe(false);
  });

  it('acts only after the value', () => {
    expect(trailingMarkup.skip?.('</tool_call>', 0, 'inner')).toBeUndefined();
    expect(trailingMarkup.skip?.('</tool_call>', 0, 'leading')).toBeUndefined();
    expect(trailingMarkup.skip?.('</not closed', 0, 'trailing')).toBeUndefined();
  });

  it('is the only heuristic that drops stray quotes and closers (a closing tag alone also reads as prose)', () => {
    expect(repair('{"a": 1}""', allBut('trailing_markup')).success).toBe(false);
    expect(repair('{"a": 1}}', allBut('trailing_markup')).success).toBe(false);
    expect(repair('{"a": 1}</tool_call>', allBut('trailing_markup')).repairs).toEqual(['surrounding_text']);
  });
});
