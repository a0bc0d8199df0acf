import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamingToolCallAccumulator } from '../../src/streaming/index.js';
import { bytesOf, deltaEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StreamingToolCallAccumulator with hostile input', () => {
  it('skips a 10 MB line without a newline with one bounded error, in 64 KiB chunks', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(deltaEvent({ index: 0, id: 'call_0', name: 'file_read', args: '{"path":"a"}' }));
    const chunk = new Uint8Array(64 * 1024).fill(0x78); // "x"
    accumulator.push('data: {"choices":"');
    for (let sent = 0; sent < 10 * 1024 * 1024; sent += chunk.length) accumulator.push(chunk);
    const result = accumulator.end();
    expect(result.calls.map((call) => call.id)).toEqual(['call_0']);
    expect(result.errors).toEqual([
      { index: -1, source: 'openai_stream', code: 'ACODE-TLP-008', message: 'Line 3 of the stream starts an event longer than 8 MiB; the event was skipped.', line: 3, retryable: true },
    ]);
  });

  it('skips a 10 MB NDJSON line given as one string and reads the line after it', () => {
    const accumulator = new StreamingToolCallAccumulator({ format: 'ndjson' });
    accumulator.push(`{"message":{"content":"${'x'.repeat(10 * 1024 * 1024)}"}}\n{"message":{"content":"ok"},"done":true}\n`);
    const result = accumulator.end();
    expect(result).toMatchObject({ content: 'ok', complete: true });
    expect(result.errors).toEqual([expect.objectContaining({ line: 1, message: 'Line 1 of the stream is longer than 8 MiB and was skipped.' })]);
  });

  it('reports deeply nested and unclosed JSON lines without overflowing the stack', () => {
    const accumulator = new StreamingToolCallAccumulator({ format: 'ndjson' });
    accumulator.push(`${'['.repeat(1_000_000)}\n`);
    accumulator.push(`${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}\n`);
    accumulator.push('{"done":true}\n');
    const result = accumulator.end();
    expect(result.complete).toBe(true);
    // Line 2 is valid JSON 200 000 levels deep: read without recursion trouble, and not an error.
    expect(result.errors.map((error) => error.message)).toEqual(['Line 1 of the stream is not valid JSON: unexpected end of input at character 1000000.']);
  });

  it('ignores a __proto__ key in a chunk rather than reading through the prototype', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push('data: {"__proto__":{"choices":[{"delta":{"content":"injected"}}]}}\n\n');
    accumulator.push(DONE_EVENT);
    expect(accumulator.end()).toMatchObject({ content: '', calls: [], errors: [] });
  });

  it('handles a million-call index and thousands of interleaved calls', () => {
    const accumulator = new StreamingToolCallAccumulator();
    for (let index = 0; index < 2000; index++) accumulator.push(deltaEvent({ index: index * 1000, name: 't', args: '{}' }));
    accumulator.push(finishEvent());
    const { calls } = accumulator.end();
    expect(calls).toHaveLength(2000);
    expect(calls[1999]?.index).toBe(1_999_000);
  });

  it('does linear work: each character is scanned once and each line parsed once, even fed byte by byte', () => {
    const fragments = 3000;
    const stream = [
      deltaEvent({ index: 0, id: 'call_0', name: 'file_write', args: '{"content":"' }),
      ...Array.from({ length: fragments }, () => deltaEvent({ index: 0, args: 'ab' })),
      deltaEvent({ index: 0, args: '"}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    const bytes = bytesOf(stream);
    const parse = vi.spyOn(JSON, 'parse');
    const accumulator = new StreamingToolCallAccumulator();
    for (let i = 0; i < bytes.length; i++) accumulator.push(bytes.subarray(i, i + 1));
    const result = accumulator.end();

    expect(result.calls[0]?.arguments).toBe(`{"content":"${'ab'.repeat(fragments)}"}`);
    expect(accumulator.charactersScanned).toBe(stream.length);
    // One parse per event, never of a growing buffer: the parsed text is at most the stream.
    expect(parse).toHaveBeenCalledTimes(fragments + 3);
    const parsedCharacters = parse.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0);
    expect(parsedCharacters).toBeLessThan(stream.length);
  });

  it('refuses misuse by the caller with an exception, as a programming error', () => {
    expect(() => new StreamingToolCallAccumulator({ maxLineBytes: 0 })).toThrow(RangeError);
    expect(() => new StreamingToolCallAccumulator({ maxArgumentSize: 1.5 })).toThrow(RangeError);
    expect(() => new StreamingToolCallAccumulator({ format: 'xml' as never })).toThrow(RangeError);
    const accumulator = new StreamingToolCallAccumulator();
    expect(() => accumulator.push(42 as never)).toThrow(TypeError);
    const result = accumulator.end();
    expect(accumulator.end()).toBe(result);
    expect(() => accumulator.push('data: x')).toThrow('push() was called after end()');
  });

  it('turns invalid UTF-8 into replacement characters instead of failing', () => {
    const accumulator = new StreamingToolCallAccumulator();
    // 0x80 is a continuation byte with nothing to continue.
    accumulator.push(Uint8Array.from([...bytesOf('data: {"choices":[{"delta":{"content":"a'), 0x80, ...bytesOf('b"}}]}\n\n')]));
    accumulator.push(DONE_EVENT);
    expect(accumulator.end()).toMatchObject({ content: 'a\ufffdb', errors: [] });
  });
});
