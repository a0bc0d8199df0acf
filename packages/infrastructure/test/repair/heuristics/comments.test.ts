import { describe, expect, it } from 'vitest';
import { comments } from '../../../src/repair/heuristics/index.js';
import { allBut, repair, repairedText } from '../repair-test-kit.js';

describe('comments', () => {
  it.each([
    ['{"a": 1 // one\n}', '{"a": 1 \n}'],
    ['{/* c */"a": 1}', '{"a": 1}'],
    ['{"a": 1, # py\n"b": 2}', '{"a": 1, \n"b": 2}'],
    ['[1, /* two */ 2]', '[1,  2]'],
    ['// args\n{"a": 1}', '{"a": 1}'],
    ['{"a": 1} // done', '{"a": 1}'],
    ['{"a" /* k */ : 1}', '{"a"  : 1}'],
  ])('drops the comments of %j', (input, expected) => {
    const result = repair(input);
    expect(repairedText(result)).toBe(expected);
    expect(result.repairs).toEqual(['comments']);
  });

  it('leaves comment-like text inside strings alone', () => {
    const result = repair('{"url": "http://x/*y*/#z", "b": 1,}');
    expect(repairedText(result)).toBe('{"url": "http://x/*y*/#z", "b": 1}');
    expect(result.repairs).toEqual(['trailing_comma']);
  });

  it('drops a block comment the text cuts off', () => {
    const result = repair('{"a": 1 /* cut');
    expect(repairedText(result)).toBe('{"a": 1 }');
    expect(result.repairs).toEqual(['comments', 'missing_closing_brace']);
  });

  it('does not take a lone slash for a comment', () => {
    expect(comments.skip?.('/ 2', 0, 'inner')).toBeUndefined();
    const result = repair('{"a": 1 / 2}');
    expect(result.error).toMatchObject({ code: 'ACODE-TLP-003', position: 8 });
  });

  it('is the only heuristic that drops comments', () => {
    const result = repair('{"a": 1 // x\n}', allBut('comments'));
    expect(result.error).toEqual({ code: 'ACODE-TLP-003', message: "cannot repair the JSON: expected ',' or '}' but found '/' at position 8", position: 8 });
  });
});
