import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitConcatenatedArguments } from '../../src/tool-calls/split-concatenated-arguments.js';

/** The texts of the pieces found, or the kind when there are none. */
function piecesOf(text: string, maxPieces = 128): string[] | string {
  const split = splitConcatenatedArguments(text, maxPieces);
  return split.kind === 'several' ? split.pieces.map(({ start, end }) => text.slice(start, end)) : split.kind;
}

const separator = fc.constantFrom('', ' ', '\n', '\r\n', '\t', ',', ', ', ' ,\n');

describe('splitConcatenatedArguments', () => {
  it.each([
    ['{"cmd":"ls"} {"cmd":"pwd"}', ['{"cmd":"ls"}', '{"cmd":"pwd"}']],
    ['{"cmd":"ls"}{"cmd":"pwd"}', ['{"cmd":"ls"}', '{"cmd":"pwd"}']],
    ['{"cmd":"ls"},{"cmd":"pwd"}', ['{"cmd":"ls"}', '{"cmd":"pwd"}']],
    ['  {"a":1}\n{"b":[1,{"c":2}]}\n', ['{"a":1}', '{"b":[1,{"c":2}]}']],
    ['{"a":1}{"a":1}{"a":1}', ['{"a":1}', '{"a":1}', '{"a":1}']],
    ['{}{}', ['{}', '{}']],
  ])('splits %j at the top level', (text, expected) => {
    expect(piecesOf(text)).toEqual(expected);
  });

  it('never splits at a brace inside a string, escaped quotes included', () => {
    expect(piecesOf('{"a":"}{"}')).toBe('single');
    expect(piecesOf('{"a":"x\\"}{\\""}{"b":"\\\\"}')).toEqual(['{"a":"x\\"}{\\""}', '{"b":"\\\\"}']);
    expect(piecesOf("{'a':'}{'}{'b':1}")).toEqual(["{'a':'}{'}", "{'b':1}"]);
  });

  it('keeps damaged pieces for the repairer, and a cut-off last piece', () => {
    expect(piecesOf('{"a":1,}{b: 2}')).toEqual(['{"a":1,}', '{b: 2}']);
    expect(piecesOf('{"a":1}{"b":"cut')).toEqual(['{"a":1}', '{"b":"cut']);
    // An unclosed quote runs to the end: the rest is one piece, which its decoding judges.
    expect(piecesOf('{"a":1}{"b":"x}{"c":3}')).toEqual(['{"a":1}', '{"b":"x}{"c":3}']);
    expect(piecesOf("{'a':1}{it's}{'b':2}")).toEqual(["{'a':1}", "{it's}{'b':2}"]);
  });

  it.each([
    ['one object', '{"a":{"b":{}}}'],
    ['one object with whitespace around', '  {"a":1}  '],
    ['an empty text', ''],
    ['an array', '[{"a":1},{"b":2}]'],
    ['a JSON string', '"{\\"a\\":1}{\\"b\\":2}"'],
    ['text before', 'call: {"a":1}{"b":2}'],
    ['text between', '{"a":1} and {"b":2}'],
    ['text after', '{"a":1}{"b":2} done'],
    ['two commas between', '{"a":1},,{"b":2}'],
    ['a trailing comma', '{"a":1},{"b":2},'],
    ['a bracket closing the object', '{"a":1]{"b":2}'],
  ])('leaves %s whole', (_label, text) => {
    expect(piecesOf(text)).toBe('single');
  });

  it('stops at the limit rather than scanning an endless run', () => {
    expect(splitConcatenatedArguments('{}{}{}', 2)).toEqual({ kind: 'too_many', limit: 2 });
    expect(splitConcatenatedArguments('{}{}', 2)).toEqual({ kind: 'several', pieces: [{ start: 0, end: 2 }, { start: 2, end: 4 }] });
  });

  it('splits JSON.stringify(a) + separator + JSON.stringify(b) into a and b', () => {
    const object = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    fc.assert(
      fc.property(object, separator, object, fc.constantFrom(undefined, 2), (a, sep, b, indent) => {
        const pieces = piecesOf(JSON.stringify(a, null, indent) + sep + JSON.stringify(b, null, indent));
        expect(Array.isArray(pieces)).toBe(true);
        // Through JSON once, as a model's text is: -0 is written as 0.
        const expected = [a, b].map((value) => JSON.parse(JSON.stringify(value)) as unknown);
        expect((pieces as string[]).map((piece) => JSON.parse(piece) as unknown)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never splits one object, whatever its strings hold', () => {
    const braces = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', "'", '\\', ',', ' ', 'a') });
    fc.assert(
      fc.property(fc.dictionary(braces, fc.oneof(braces, fc.jsonValue({ maxDepth: 3 })), { maxKeys: 4 }), fc.constantFrom(undefined, 2), (object, indent) => {
        expect(piecesOf(JSON.stringify(object, null, indent))).toBe('single');
      }),
      { numRuns: 300 },
    );
  });

  it('is linear: a megabyte of braces inside one string is one scan', () => {
    const text = `{"a":"${'}{'.repeat(500_000)}"}`;
    const started = performance.now();
    expect(piecesOf(text)).toBe('single');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
