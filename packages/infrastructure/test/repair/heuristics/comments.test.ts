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

  it('refuses a comment inside the value that runs to the end of the text', () => {
    // It would take the rest with it: `"a": "x /* y", "b": 2}` misread is exactly this.
    expect(repair('{"a": 1 /* cut').error).toMatchObject({ code: 'ACODE-TLP-003', position: 8 });
    expect(repair('{"a": 1, // cut').error).toMatchObject({ code: 'ACODE-TLP-003', position: 9 });
  });

  it('drops a comment after the value that runs to the end of the text', () => {
    const result = repair('{"a": 1} // done');
    expect(repairedText(result)).toBe('{"a": 1}');
    expect(result.repairs).toEqual(['comments']);
  });

  it('refuses a comment holding a quote: it is more likely string text misread', () => {
    expect(comments.skip?.('# 1"/{",\n', 0, 'inner')).toBeUndefined();
    expect(comments.skip?.("// it's\n", 0, 'inner')).toBeUndefined();
    expect(repair('{"a": "x",#1"/{",\n"b": 2}').success).toBe(false);
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
