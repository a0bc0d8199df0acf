import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countUtf8Bytes, utf8ByteLength } from '../../src/validation/utf8-byte-length.js';

// Any UTF-16 text, lone surrogates included: what a stream or a client can hand over.
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 200 });

describe('utf8ByteLength', () => {
  it('counts what TextEncoder writes (a lone surrogate as the 3 bytes of U+FFFD), natively and in JavaScript alike', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ unit: 'grapheme', maxLength: 100 })), (text) => {
        const expected = encoder.encode(text).length;
        expect(utf8ByteLength(text)).toBe(expected);
        expect(countUtf8Bytes(text)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('counts the edge cases exactly', () => {
    for (const [text, bytes] of [['', 0], ['a', 1], ['é', 2], ['€', 3], ['😀', 4], ['\ud800', 3], ['\udc00x', 4], ['\ud800\ud800', 6]] as const) {
      expect(utf8ByteLength(text)).toBe(bytes);
      expect(countUtf8Bytes(text)).toBe(bytes);
    }
  });
});
