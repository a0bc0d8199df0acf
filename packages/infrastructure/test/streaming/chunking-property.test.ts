import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamingToolCallAccumulator, type StreamAccumulation } from '../../src/streaming/index.js';
import { bytesOf, contentEvent, deltaEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

/** A call as a model meant it: a name and an arguments text, each sent in pieces. */
interface PlannedCall {
  readonly nameParts: string[];
  readonly argumentParts: string[];
}

// Text with multi-byte and astral characters, so byte cuts land inside UTF-8 sequences.
const text = fc.string({ unit: fc.constantFrom('a', '"', '\\', ' ', '{', '}', ':', '\n', 'é', '東', '😀', '\u2028'), maxLength: 12 });
const plannedCall = fc.record({ nameParts: fc.array(text, { minLength: 1, maxLength: 3 }), argumentParts: fc.array(text, { maxLength: 5 }) });

/**
 * An SSE stream of the planned calls, their fragments interleaved in an order `order` picks
 * (each call's own pieces stay in order), with content pieces and optional garbage lines.
 */
const sseStream = fc
  .record({
    calls: fc.array(plannedCall, { maxLength: 4 }),
    content: fc.array(text, { maxLength: 3 }),
    order: fc.array(fc.nat(), { maxLength: 40 }),
    // Garbage stays on its own line: a CR or LF inside it would start a new line that may begin with `{`.
    garbage: fc.array(fc.uint8Array({ maxLength: 8 }).map((line) => line.map((byte) => (byte === 0x0a || byte === 0x0d ? 0x20 : byte))), { maxLength: 2 }),
    crlf: fc.boolean(),
    ended: fc.boolean(),
  })
  .map(({ calls, content, order, garbage, crlf, ended }) => {
    const queues = calls.map((call, index) => [
      ...call.nameParts.map((name, part) => deltaEvent({ index, ...(part === 0 ? { id: `call_${index}` } : {}), name })),
      ...call.argumentParts.map((args) => deltaEvent({ index, args })),
    ]);
    const events: string[] = content.map(contentEvent);
    let pick = 0;
    while (queues.some((queue) => queue.length > 0)) {
      const open = queues.filter((queue) => queue.length > 0);
      events.push(open[(order[pick++] ?? 0) % open.length]!.shift()!);
    }
    if (ended) events.push(finishEvent(), DONE_EVENT);
    const body = events.join('');
    const bytes = bytesOf(crlf ? body.replaceAll('\n\n', '\r\n\r\n') : body);
    // `#` first: a garbage line must not look like the start of NDJSON (`{`), which would change the format.
    const noise = garbage.flatMap((line) => [0x23, ...line, 0x0a]);
    return { calls, ended, bytes: Uint8Array.from([...noise, ...bytes]) };
  });

/**
 * An SSE stream of the planned calls sent one at a time without an `index` (as some servers do):
 * each call's first fragment carries its id, the rest only pieces; content may come between calls.
 */
const unindexedStream = fc
  .record({ calls: fc.array(fc.record({ call: plannedCall, content: fc.option(text) }), { maxLength: 4 }), ended: fc.boolean() })
  .map(({ calls, ended }) => {
    const events = calls.flatMap(({ call, content }, index) => [
      ...(content === null ? [] : [contentEvent(content)]),
      ...call.nameParts.map((name, part) => deltaEvent({ index: undefined, ...(part === 0 ? { id: `call_${index}` } : {}), name })),
      ...call.argumentParts.map((args) => deltaEvent({ index: undefined, args })),
    ]);
    if (ended) events.push(finishEvent(), DONE_EVENT);
    return { calls: calls.map(({ call }) => call), ended, bytes: bytesOf(events.join('')) };
  });

/** Cut points anywhere in a stream of `length` bytes. */
function cuts(length: number): fc.Arbitrary<number[]> {
  return fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 12 }).map((points) => points.sort((a, b) => a - b));
}

function accumulateChunks(chunks: readonly (Uint8Array | string)[]): StreamAccumulation {
  const accumulator = new StreamingToolCallAccumulator();
  for (const chunk of chunks) accumulator.push(chunk);
  return accumulator.end();
}

function cutBytes(bytes: Uint8Array, points: readonly number[]): Uint8Array[] {
  return [0, ...points].map((start, i) => bytes.subarray(start, points[i] ?? bytes.length));
}

describe('StreamingToolCallAccumulator under any chunking', () => {
  it('gives the same accumulation for any byte chunking as for the whole stream, and the calls that were sent', () => {
    fc.assert(
      fc.property(
        sseStream.chain((stream) => fc.tuple(fc.constant(stream), cuts(stream.bytes.length))),
        ([stream, points]) => {
          const whole = accumulateChunks([stream.bytes]);
          const chunked = accumulateChunks(cutBytes(stream.bytes, points));
          expect(chunked).toEqual(whole);
          // Independent of the implementation: each call is its pieces joined, in index order.
          expect(whole.calls.map((call) => [call.index, call.id, call.name, call.arguments])).toEqual(
            // A name made only of empty pieces is no name.
            stream.calls.map((call, index) => [index, `call_${index}`, call.nameParts.join('') || undefined, call.argumentParts.join('')]),
          );
          expect(whole.complete).toBe(stream.ended);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('assembles index-less deltas, one call at a time, the same under any byte chunking', () => {
    fc.assert(
      fc.property(
        unindexedStream.chain((stream) => fc.tuple(fc.constant(stream), cuts(stream.bytes.length))),
        ([stream, points]) => {
          const whole = accumulateChunks([stream.bytes]);
          expect(accumulateChunks(cutBytes(stream.bytes, points))).toEqual(whole);
          expect(whole.errors).toEqual([]);
          expect(whole.calls.map((call) => [call.index, call.id, call.name, call.arguments])).toEqual(
            stream.calls.map((call, index) => [index, `call_${index}`, call.nameParts.join('') || undefined, call.argumentParts.join('')]),
          );
          expect(whole.complete).toBe(stream.ended);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same accumulation for text chunks cut anywhere, even between the halves of a surrogate pair', () => {
    fc.assert(
      fc.property(
        sseStream.chain((stream) => {
          const decoded = new TextDecoder().decode(stream.bytes);
          return fc.tuple(fc.constant(decoded), cuts(decoded.length));
        }),
        ([decoded, points]) => {
          const chunks = [0, ...points].map((start, i) => decoded.slice(start, points[i] ?? decoded.length));
          expect(accumulateChunks(chunks)).toEqual(accumulateChunks([decoded]));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same accumulation for any byte chunking of an NDJSON stream', () => {
    const ndjson = fc
      .record({
        lines: fc.array(fc.oneof(fc.record({ message: fc.record({ content: text }) }), fc.record({ message: fc.record({ tool_calls: fc.array(fc.record({ function: fc.record({ name: text, arguments: fc.dictionary(text, text, { maxKeys: 2 }) }) }), { maxLength: 2 }) }) })), { maxLength: 6 }),
        garbage: fc.option(fc.uint8Array({ maxLength: 8 })),
      })
      .map(({ lines, garbage }) => {
        const body = bytesOf([...lines, { done: true, done_reason: 'stop' }].map((line) => JSON.stringify(line)).join('\n'));
        return garbage === null ? body : Uint8Array.from([...body.subarray(0, 10), ...garbage, 0x0a, ...body.subarray(10)]);
      });
    fc.assert(
      fc.property(
        ndjson.chain((bytes) => fc.tuple(fc.constant(bytes), cuts(bytes.length))),
        ([bytes, points]) => {
          expect(accumulateChunks(cutBytes(bytes, points))).toEqual(accumulateChunks([bytes]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
