import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/streaming/line-splitter.js';

function split(pieces: readonly string[], maxLineBytes = 1024): { lines: [string, number][]; overlong: number[]; examined: number } {
  const lines: [string, number][] = [];
  const overlong: number[] = [];
  const splitter = new LineSplitter(maxLineBytes, { line: (text, n) => lines.push([text, n]), overlongLine: (n) => overlong.push(n) });
  for (const piece of pieces) splitter.write(piece);
  splitter.flush();
  return { lines, overlong, examined: splitter.charactersExamined };
}

describe('LineSplitter', () => {
  it('ends lines at LF, CRLF and a lone CR, numbering them from 1', () => {
    expect(split(['a\nb\r\nc\rd']).lines).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
  });

  it('keeps blank lines, which end SSE events', () => {
    expect(split(['a\n\nb\r\n\r\n']).lines).toEqual([['a', 1], ['', 2], ['b', 3], ['', 4]]);
  });

  it('treats a CRLF split between two pieces as one terminator', () => {
    expect(split(['a\r', '\nb\r', '\r\n']).lines).toEqual([['a', 1], ['b', 2], ['', 3]]);
  });

  it('joins a line written one character at a time', () => {
    expect(split([...'data: x\ny']).lines).toEqual([['data: x', 1], ['y', 2]]);
  });

  it('emits no extra line for text ending in a terminator, nor for no text', () => {
    expect(split(['a\n']).lines).toEqual([['a', 1]]);
    expect(split([]).lines).toEqual([]);
    expect(split(['', '']).lines).toEqual([]);
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    // "東" is 3 bytes: 3 of them are 9 bytes, over a limit of 8.
    expect(split(['東東東\nok'], 8)).toMatchObject({ lines: [['ok', 2]], overlong: [1] });
    expect(split(['東東\nok'], 8)).toMatchObject({ lines: [['東東', 1], ['ok', 2]], overlong: [] });
  });

  it('drops an overlong line as it grows and goes on with the next', () => {
    const result = split(['x'.repeat(600), 'x'.repeat(600), '\nnext\n', 'y'.repeat(2000)], 1024);
    expect(result.lines).toEqual([['next', 2]]);
    expect(result.overlong).toEqual([1, 3]);
  });

  it('examines each character once, however the text is cut', () => {
    const text = 'data: {"a":1}\r\n\r\ndata: [DONE]\r\n\r\n';
    expect(split([text]).examined).toBe(text.length);
    expect(split([...text]).examined).toBe(text.length);
  });
});
