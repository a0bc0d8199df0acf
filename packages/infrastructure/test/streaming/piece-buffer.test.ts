import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceBuffer } from '../../src/streaming/piece-buffer.js';

describe('PieceBuffer', () => {
  it('gives back exactly the pieces pushed, in order, however many and however small', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 2000 }), (pieces) => {
        const buffer = new PieceBuffer();
        for (const piece of pieces) buffer.push(piece);
        expect(buffer.text()).toBe(pieces.join(''));
        expect(buffer.length).toBe(pieces.join('').length);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps its text across folds and reads, and empties on clear', () => {
    const buffer = new PieceBuffer();
    const token = 'abcd';
    for (let index = 0; index < 10_000; index++) buffer.push(token);
    expect(buffer.text()).toBe(token.repeat(10_000));
    buffer.push('tail');
    expect(buffer.text()).toBe(`${token.repeat(10_000)}tail`);
    buffer.clear();
    expect(buffer.text()).toBe('');
    expect(buffer.length).toBe(0);
  });
});
