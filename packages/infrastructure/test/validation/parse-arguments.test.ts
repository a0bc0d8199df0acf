import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY_LIMITS } from '@acode/domain';
import { parseArguments } from '../../src/validation/parse-arguments.js';

const LIMITS = { maxArgumentSizeBytes: DEFAULT_REGISTRY_LIMITS.maxArgumentSizeBytes, maxArgumentDepth: DEFAULT_REGISTRY_LIMITS.maxArgumentDepth };

function errorOf(input: string | object, limits = LIMITS) {
  const result = parseArguments(input, limits);
  if (result.ok) throw new Error(`expected a failure for ${String(input).slice(0, 40)}`);
  return result.error;
}

describe('parseArguments: text', () => {
  it('parses an object', () => {
    expect(parseArguments('{"path": "/tmp/test.txt", "n": [1, {"a": null}]}', LIMITS)).toEqual({ ok: true, value: { path: '/tmp/test.txt', n: [1, { a: null }] } });
  });

  it.each([
    ['', 'empty input', 0],
    ['   \n', 'no JSON value, only whitespace', 4],
    ['{"path": "/a"', 'unexpected end of input', 13],
    ['{"path": "/a', 'unterminated string (opened at position 9)', 12],
    ['{"a": 1} x', "unexpected 'x' after the end of the JSON value", 9],
    ['{"a": 1}{}', "unexpected '{' after the end of the JSON value", 8],
    ["{'path': '/a'}", 'property names must use double quotes, not single quotes', 1],
    ["{\"path\": '/a'}", 'strings must use double quotes, not single quotes', 9],
    ['{path: "/a"}', 'property names must be quoted', 1],
    ['{"n": NaN}', 'NaN is not a valid JSON number', 6],
    ['{"n": Infinity}', 'Infinity is not a valid JSON number', 6],
    ['{"n": -Infinity}', "expected a digit but found 'I'", 7],
    ['{"n": 1e999}', 'number is too large to represent', 6],
    ['{"n": 01}', 'numbers must not have leading zeros', 6],
    ['{"n": 1.}', "expected a digit after the decimal point but found '}'", 8],
    ['{"b": True}', "'True' must be lowercase", 6],
    ['{"u": undefined}', 'undefined is not a JSON value', 6],
    ['{"a": 1,}', "trailing comma before '}'", 8],
    ['{"a": [1,]}', "trailing comma before ']'", 9],
    ['{"a" 1}', "expected ':' after a property name but found '1'", 5],
    ['{"a": 1 "b": 2}', "expected ',' or '}' but found '\"'", 8],
    ['{"a": /* c */ 1}', 'comments are not allowed in JSON', 6],
    ['\ufeff{}', 'a byte order mark (BOM) is not allowed', 0],
    ['{"a": "line\nbreak"}', 'unescaped control character in a string', 11],
    ['{"a": "\\x"}', "invalid escape sequence 'x' after a backslash", 7],
    ['{"a": "\\u12"}', 'invalid \\u escape: four hex digits must follow', 7],
    ['{"a": "\\ud800"}', 'unpaired surrogate in a \\u escape', 7],
    ['{"a": "\\udc00\\ud800"}', 'unpaired surrogate in a \\u escape', 7],
    ['{"a": "\ud800"}', 'unpaired surrogate in a string', 7],
    ['{"a": "x\udc00"}', 'unpaired surrogate in a string', 8],
  ])('refuses %j: %s at position %i (ACODE-TSR-002)', (text, reason, position) => {
    const error = errorOf(text);
    expect(error).toMatchObject({ path: '', code: 'ACODE-TSR-002', position, message: `Invalid JSON in arguments: ${reason} at position ${position}`, expected: 'a JSON object' });
    expect(error.suggestion).toEqual(expect.any(String));
  });

  it('accepts an escaped surrogate pair and raw astral characters', () => {
    expect(parseArguments('{"a": "\\ud83d\\ude00 😀"}', LIMITS)).toEqual({ ok: true, value: { a: '😀 😀' } });
  });

  it.each([
    ['[]', 'array'],
    ['"x"', 'string'],
    ['1', 'integer'],
    ['1.5', 'number'],
    ['null', 'null'],
    ['true', 'boolean'],
  ])('refuses the top-level value %s: it must be an object', (text, type) => {
    expect(errorOf(text)).toMatchObject({ code: 'ACODE-TSR-002', message: `Arguments must be a JSON object, got ${type}`, actual: type });
  });

  it('refuses text over the size limit before parsing it, counting UTF-8 bytes', () => {
    const limits = { maxArgumentSizeBytes: 12, maxArgumentDepth: 64 };
    // 10 characters, 12 bytes: at the limit.
    expect(parseArguments('{"a":"éé"}', limits).ok).toBe(true);
    expect(errorOf('{"a":"ééé"}', limits)).toMatchObject({ code: 'ACODE-TSR-009', message: 'Arguments are too large: 14 bytes, the limit is 12 bytes', expected: 'at most 12 bytes', actual: '14 bytes' });
    // A surrogate pair is one 4-byte character.
    expect(errorOf('{"a":"😀"}', { maxArgumentSizeBytes: 11, maxArgumentDepth: 64 })).toMatchObject({ actual: '12 bytes' });
  });

  it('refuses 2 MiB of text with ACODE-TSR-009 even when it is not JSON', () => {
    expect(errorOf('x'.repeat(2 * 1024 * 1024))).toMatchObject({ code: 'ACODE-TSR-009' });
    expect(errorOf(`{"a":"${'x'.repeat(1024 * 1024)}"}`)).toMatchObject({ code: 'ACODE-TSR-009', message: 'Arguments are too large: 1048584 bytes, the limit is 1048576 bytes' });
  });

  it('accepts nesting at the limit and refuses one level more, with the position', () => {
    const limits = { maxArgumentSizeBytes: 1024, maxArgumentDepth: 3 };
    expect(parseArguments('{"a":{"b":[1]}}', limits).ok).toBe(true);
    expect(errorOf('{"a":{"b":[[1]]}}', limits)).toMatchObject({
      code: 'ACODE-TSR-009',
      position: 11,
      message: 'Arguments are nested too deeply: depth 4 exceeds the limit of 3 at position 11',
      expected: 'at most 3 levels of nested arrays and objects',
    });
  });

  it('counts brackets inside strings as text, not nesting', () => {
    expect(parseArguments(`{"a":"${'['.repeat(500)}"}`, { maxArgumentSizeBytes: 1024, maxArgumentDepth: 2 }).ok).toBe(true);
  });

  it('refuses a 1 MiB run of brackets without recursion (no stack overflow)', () => {
    const text = '['.repeat(1024 * 1024 - 1);
    expect(errorOf(text)).toMatchObject({ code: 'ACODE-TSR-009', position: 64 });
    expect(errorOf('{"a":'.repeat(200_000))).toMatchObject({ code: 'ACODE-TSR-009' });
  });

  it('refuses a duplicated key (issue 13) and keeps a __proto__ key as an own property', () => {
    expect(errorOf('{"a": 1, "a": 2}')).toMatchObject({ code: 'ACODE-TSR-002', position: 9 });
    const result = parseArguments('{"a": 1, "__proto__": {"polluted": true}}', LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.a).toBe(1);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(result.value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseArguments: already-parsed values', () => {
  it('copies a plain object without mutating or sharing it', () => {
    const input = Object.freeze({ path: '/a', list: Object.freeze([1, Object.freeze({ b: null })]) });
    const result = parseArguments(input, LIMITS);
    expect(result).toEqual({ ok: true, value: { path: '/a', list: [1, { b: null }] } });
    if (result.ok) expect(result.value.list).not.toBe(input.list);
  });

  it('accepts an object without a prototype and a repeated (non-circular) reference', () => {
    const shared = { x: 1 };
    const bare = Object.assign(Object.create(null) as object, { a: shared, b: shared });
    expect(parseArguments(bare, LIMITS)).toEqual({ ok: true, value: { a: { x: 1 }, b: { x: 1 } } });
  });

  class Point {
    x = 1;
  }
  const circular: Record<string, unknown> = { a: 1 };
  circular.self = circular;

  it.each([
    [{ f: () => 1 }, '/f', 'contains a value of type function, which JSON cannot represent'],
    [{ u: undefined }, '/u', 'contains a value of type undefined, which JSON cannot represent'],
    [{ n: Number.NaN }, '/n', 'contains NaN, which JSON cannot represent'],
    [{ n: Number.POSITIVE_INFINITY }, '/n', 'contains Infinity, which JSON cannot represent'],
    [{ b: 1n }, '/b', 'contains a value of type bigint, which JSON cannot represent'],
    [{ s: Symbol('x') }, '/s', 'contains a value of type symbol, which JSON cannot represent'],
    [{ p: new Point() }, '/p', 'contains an object that is not plain JSON data'],
    [{ d: new Date(0) }, '/d', 'contains an object that is not plain JSON data'],
    [{ m: new Map() }, '/m', 'contains an object that is not plain JSON data'],
    [circular, '/self', 'contains a circular reference'],
    [{ list: [1, , 3] }, '/list/1', 'contains a sparse array'],
    [{ s: 'a\ud800' }, '/s', 'contains a string with an unpaired surrogate'],
    [Object.defineProperty({}, 'g', { get: () => 1, enumerable: true }), '/g', 'contains a property with a getter'],
  ])('refuses %o at %s with ACODE-TSR-002', (input, path, reason) => {
    expect(errorOf(input as object)).toMatchObject({ code: 'ACODE-TSR-002', path, message: `Arguments must be plain JSON data: the value ${reason}` });
  });

  it('refuses a Proxy whose traps throw, without throwing', () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    expect(errorOf(hostile)).toMatchObject({ code: 'ACODE-TSR-002', message: 'Arguments must be plain JSON data: the value contains a value that cannot be read' });
  });

  it('refuses non-object values', () => {
    expect(errorOf([1, 2])).toMatchObject({ code: 'ACODE-TSR-002', message: 'Arguments must be a JSON object, got array' });
    expect(errorOf(null as unknown as object)).toMatchObject({ code: 'ACODE-TSR-002', message: 'Arguments must be a JSON object, got null' });
  });

  it('refuses nesting deeper than the limit iteratively', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(errorOf(deep as object)).toMatchObject({ code: 'ACODE-TSR-009', message: 'Arguments are nested too deeply: depth 65 exceeds the limit of 64' });
  });

  it('refuses an object over the size limit, including one that repeats a reference exponentially', () => {
    expect(errorOf({ s: 'x'.repeat(2 * 1024 * 1024) })).toMatchObject({ code: 'ACODE-TSR-009' });
    let dag: Record<string, unknown> = { leaf: 'x'.repeat(100) };
    for (let i = 0; i < 40; i++) dag = { l: dag, r: dag };
    expect(errorOf(dag)).toMatchObject({ code: 'ACODE-TSR-009' });
  });
});

describe('parseArguments: JSONTestSuite (nst/JSONTestSuite test_parsing)', () => {
  const directory = fileURLToPath(new URL('../fixtures/JSONTestSuite/test_parsing/', import.meta.url));
  const files = readdirSync(directory).filter((name) => name.endsWith('.json'));
  // The files are bytes; invalid UTF-8 decodes to U+FFFD as a model server's decoder would.
  const read = (name: string) => new TextDecoder('utf-8').decode(readFileSync(directory + name));
  const limits = { maxArgumentSizeBytes: 1024 * 1024, maxArgumentDepth: 64 };

  it('holds the corpus', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(files.filter((name) => name.startsWith('y_')))('accepts %s, or refuses a non-object top level as such', (name) => {
    const text = read(name);
    const result = parseArguments(text, limits);
    const parsed: unknown = JSON.parse(text);
    if (name.includes('duplicated_key')) {
      // RFC 8259 lets a parser refuse repeated names; issue 13 refuses them (the last would win silently).
      expect(result).toMatchObject({ ok: false, error: { code: 'ACODE-TSR-002' } });
    } else if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      expect(result).toEqual({ ok: true, value: parsed });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(/^Arguments must be a JSON object, got /);
    }
  });

  it.each(files.filter((name) => name.startsWith('n_')))('refuses %s with ACODE-TSR-002 or -009', (name) => {
    const result = parseArguments(read(name), limits);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(['ACODE-TSR-002', 'ACODE-TSR-009']).toContain(result.error.code);
  });

  it.each(files.filter((name) => name.startsWith('i_')))('answers %s with a result, never an exception', (name) => {
    const result = parseArguments(read(name), limits);
    expect(typeof result.ok).toBe('boolean');
  });
});
