import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonText, jsonEquals } from '../src/json-canonical.js';
import { appendPointer } from '../src/json-pointer.js';
import { countCodePointsUpTo, formatByteSize, formatDuration, quoteText } from '../src/message-text.js';
import { isPlainObject, ownValue } from '../src/plain-object.js';
import { nestedArray, TEN_MB } from './fixtures/definitions.js';

describe('appendPointer', () => {
  it('escapes ~ before / (RFC 6901)', () => {
    expect(appendPointer('', 'a/b', '~1', 0)).toBe('/a~1b/~01/0');
    expect(appendPointer('/x')).toBe('/x');
  });
});

describe('canonicalJson and jsonEquals', () => {
  it('sorts keys so equal objects give equal text', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
    expect(jsonEquals({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEquals([1, 2], [2, 1])).toBe(false);
  });

  it('refuses non-JSON and over-deep values instead of recursing', () => {
    for (const value of [undefined, Number.NaN, Number.POSITIVE_INFINITY, () => 1, new Date(0), { a: undefined }, nestedArray(100_000)]) {
      expect(canonicalJson(value)).toBeUndefined();
    }
    expect(jsonEquals(Number.NaN, Number.NaN)).toBe(false);
    expect(canonicalJson(nestedArray(63))).toBeDefined();
  });

  it('refuses a sparse array, whose hole is not a JSON value', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([1, , 3])).toBeUndefined();
  });
});

describe('canonicalJsonText', () => {
  it('sorts keys recursively, keeps array order and drops whitespace', () => {
    expect(canonicalJsonText({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('sorts by UTF-16 code unit, so the order is the same on every platform', () => {
    expect(canonicalJsonText({ b: 1, B: 2, é: 3, a: 4 })).toBe('{"B":2,"a":4,"b":1,"é":3}');
  });

  it('writes the same text as canonicalJson for JSON data', () => {
    const value = JSON.parse('{"z":[1.5,-0,"\\u2028"],"a":{"__proto__":{"k":true},"b":null}}') as unknown;
    expect(canonicalJsonText(value)).toBe('{"a":{"__proto__":{"k":true},"b":null},"z":[1.5,0,"\u2028"]}');
    expect(canonicalJson(value)).toBe(canonicalJsonText(value));
  });

  it('leaves out members set to undefined, as an absent optional field', () => {
    expect(canonicalJsonText({ name: 'x', aliases: undefined })).toBe('{"name":"x"}');
  });
});

describe('message text', () => {
  it('quotes at most the given number of characters', () => {
    expect(quoteText('abc')).toBe('"abc"');
    expect(quoteText(TEN_MB, 5)).toBe('"aaaaa"…');
    expect(quoteText('😀😀😀', 2)).toBe('"😀😀"…');
  });

  it('formats durations and sizes in the unit that reads best', () => {
    expect([formatDuration(1000), formatDuration(600_000), formatDuration(1500), formatDuration(90_000)]).toEqual(['1 s', '10 min', '1500 ms', '90 s']);
    expect([formatByteSize(1024), formatByteSize(100 * 1024 * 1024), formatByteSize(1000)]).toEqual(['1 KiB', '100 MiB', '1000 bytes']);
  });

  it('stops counting just past the limit', () => {
    expect(countCodePointsUpTo(TEN_MB, 500)).toBe(501);
    expect(countCodePointsUpTo('😀😀', 10)).toBe(2);
  });
});

describe('plain objects', () => {
  it('accepts parsed objects only', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    for (const value of [null, [], new Date(0), new Map(), 'x', 1]) expect(isPlainObject(value)).toBe(false);
  });

  it('reads own properties only', () => {
    expect(ownValue({}, 'constructor')).toBeUndefined();
    expect(ownValue(JSON.parse('{"__proto__": 1}'), '__proto__')).toBe(1);
  });
});
