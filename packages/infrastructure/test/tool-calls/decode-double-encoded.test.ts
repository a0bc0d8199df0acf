import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArguments } from '../../src/tool-calls/decode-arguments.js';
import { decodeDoubleEncoded } from '../../src/tool-calls/decode-double-encoded.js';
import type { JsonTextDecodeOptions } from '../../src/tool-calls/decode-json-text.js';
import { FakeRepairer } from './parser-fixture.js';

const OPTIONS: JsonTextDecodeOptions = { maxSizeBytes: 4096, maxDepth: 8, repairer: new FakeRepairer(), repairTimeoutMs: 100, subject: 'arguments' };

describe('decodeDoubleEncoded', () => {
  it('decodes a string holding an object, once', () => {
    expect(decodeDoubleEncoded('{"path":"a.txt"}', OPTIONS)).toEqual({ path: 'a.txt' });
    expect(decodeDoubleEncoded(' \n{"nested":"{\\"a\\":1}"} ', OPTIONS)).toEqual({ nested: '{"a":1}' });
  });

  it.each([
    ['prose', 'read the file'],
    ['a number', '5'],
    ['an array', '[{"a":1}]'],
    ['a string again', '"{\\"a\\":1}"'],
    ['prose around an object', 'call it with {"a":1}'],
    ['an empty string', ''],
    ['a blank string', ' \t\r\n'],
  ])('gives nothing for %s', (_label, inner) => {
    expect(decodeDoubleEncoded(inner, OPTIONS)).toBeUndefined();
  });

  it('repairs the inner text as it would repair any arguments', () => {
    // The damage inside a string is the damage models make anywhere; the repairer refuses what it cannot read surely.
    expect(decodeDoubleEncoded('{"a":1,}', OPTIONS)).toEqual({ a: 1 });
  });

  it('obeys the nesting limit', () => {
    expect(decodeDoubleEncoded('{"a":{"b":{"c":1}}}', { ...OPTIONS, maxDepth: 2 })).toBeUndefined();
  });
});

describe('decodeArguments: blank and double-encoded arguments', () => {
  it.each(['', '   ', '\n\t\r '])('reads %j as {} with no repair', (text) => {
    expect(decodeArguments(text, OPTIONS)).toEqual({ ok: true, value: {}, repairs: [] });
  });

  it('decodes a JSON string holding an object once, flagged double_encoded', () => {
    expect(decodeArguments('"{\\"path\\":\\"a.txt\\"}"', OPTIONS)).toEqual({ ok: true, value: { path: 'a.txt' }, repairs: ['double_encoded'] });
  });

  it('keeps the repairs of the outer text before the flag', () => {
    const repairer = { repair: (text: string) => ({ attempted: true, success: true, original: text, repaired: text.slice(0, -1), repairs: ['trailing_comma' as const] }) };
    expect(decodeArguments('"{\\"a\\":1}",', { ...OPTIONS, repairer })).toEqual({ ok: true, value: { a: 1 }, repairs: ['trailing_comma', 'double_encoded'] });
  });

  it('decodes only once: three encodings are still an error', () => {
    const thrice = JSON.stringify(JSON.stringify(JSON.stringify({ a: 1 })));
    expect(decodeArguments(thrice, OPTIONS)).toMatchObject({ ok: false, code: 'ACODE-TLP-002', message: 'The arguments must be a JSON object, got string' });
  });

  it('refuses a string holding anything but an object (decision 7)', () => {
    for (const text of ['"hello"', '"5"', '"[1,2]"', '"null"', '""', '" "']) {
      expect(decodeArguments(text, OPTIONS)).toMatchObject({ ok: false, code: 'ACODE-TLP-002', message: 'The arguments must be a JSON object, got string' });
    }
  });

  it('gives back any object encoded twice', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }), (object) => {
        const expected = JSON.parse(JSON.stringify(object)) as unknown;
        expect(decodeArguments(JSON.stringify(JSON.stringify(object)), OPTIONS)).toEqual({ ok: true, value: expected, repairs: ['double_encoded'] });
      }),
      { numRuns: 200 },
    );
  });
});
