import type { JsonValue } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { jsonByteLength, limitOutput } from '../../src/execution/limit-output.js';

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('jsonByteLength', () => {
  it('measures nesting 100,000 deep without overflowing the stack', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(jsonByteLength(JSON.parse(text) as never)).toBe(text.length);
  });

  it.each<[string, JsonValue]>([
    ['ascii', 'hello'],
    ['escapes', 'quote " backslash \\ newline \n tab \t bell \u0007'],
    ['multi-byte', 'é€😀'],
    ['lone surrogate', 'a\ud800b'],
    ['nested', { a: [1, 2.5, -3e-7, true, null, { 'k"ey': 'v' }], b: {} , c: [] }],
    ['empty array', []],
  ])('equals the UTF-8 length of JSON.stringify for %s', (_name, value) => {
    expect(jsonByteLength(value)).toBe(jsonBytes(value));
  });

  it('leaves out object members set to undefined, as JSON does', () => {
    const value = { a: 1, b: undefined, c: 2 } as unknown as JsonValue;
    expect(jsonByteLength(value)).toBe(jsonBytes(value));
  });
});

describe('limitOutput', () => {
  it('returns data within the limit unchanged, with no truncation', () => {
    const data = { items: ['a', 'b'] };
    const limited = limitOutput(data, jsonBytes(data));
    expect(limited).toEqual({ data });
  });

  it('cuts a string at a character boundary so its JSON fits the limit', () => {
    const data = 'é'.repeat(100); // 200 bytes + 2 quotes
    const limited = limitOutput(data, 51);
    expect(limited.outputTruncated).toEqual({ originalBytes: 202, limitBytes: 51 });
    // 49 bytes of room: 24 two-byte characters, never half of one.
    expect(limited.data).toBe('é'.repeat(24));
  });

  it('never splits a surrogate pair', () => {
    const limited = limitOutput('😀😀😀', 2 + 4 + 3);
    expect(limited.data).toBe('😀');
    expect(limited.data).not.toMatch(/[\ud800-\udfff]/u);
  });

  it('counts escapes: a cut string of quotes still fits', () => {
    const limited = limitOutput('"'.repeat(100), 12);
    expect(limited.data).toBe('"'.repeat(5));
    expect(jsonBytes(limited.data)).toBeLessThanOrEqual(12);
  });

  it('replaces other data by the start of its JSON text, as a string within the limit', () => {
    const data = { list: Array.from({ length: 100 }, (_, index) => ({ index, note: 'ünïcode "quoted"' })) };
    const limited = limitOutput(data, 300);
    expect(typeof limited.data).toBe('string');
    expect(JSON.stringify(data).startsWith(limited.data as string)).toBe(true);
    expect(jsonBytes(limited.data)).toBeLessThanOrEqual(300);
    expect(jsonBytes(limited.data)).toBeGreaterThan(250);
    expect(limited.outputTruncated).toEqual({ originalBytes: jsonBytes(data), limitBytes: 300 });
  });

  it('handles a limit smaller than an empty string, and a fractional or negative limit', () => {
    expect(limitOutput('abc', 1).data).toBe('');
    expect(limitOutput([1, 2, 3], -5)).toEqual({ data: '', outputTruncated: { originalBytes: 7, limitBytes: 0 } });
    expect(limitOutput('abcdef', 5.9).data).toBe('abc');
  });

  it('cuts 20 MB of nested output to 1 KiB without serialising all of it', () => {
    const data = Array.from({ length: 200_000 }, (_, index) => ({ index, text: 'x'.repeat(90) }));
    const limited = limitOutput(data, 1024);
    expect(jsonBytes(limited.data)).toBeLessThanOrEqual(1024);
    expect(limited.outputTruncated?.originalBytes).toBe(jsonBytes(data));
  });

  it('measures deeply nested data (64 levels) without failing', () => {
    let data: JsonValue = 'leaf';
    for (let level = 0; level < 63; level += 1) data = [data];
    expect(limitOutput(data, 10).outputTruncated?.originalBytes).toBe(jsonBytes(data));
  });
});
