import type { StreamAccumulation, StreamingAccumulatorOptions } from './stream-accumulation.js';
import { StreamingToolCallAccumulator } from './streaming-tool-call-accumulator.js';

/** Chunks of a stream: an HTTP response body, a Node `Readable`, an array of test chunks. */
export type StreamChunks = Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>;

/**
 * Reads a whole stream into a {@link StreamAccumulation}. When the source fails part-way (a
 * dropped connection), the result keeps what arrived, with an ACODE-TLP-008 error and the cut
 * calls marked incomplete: a failed transport is an expected outcome, not an exception.
 *
 * @throws only for programming errors: invalid options, or a chunk that is neither bytes nor text.
 */
export async function accumulateStream(input: StreamChunks, options?: StreamingAccumulatorOptions): Promise<StreamAccumulation> {
  const accumulator = new StreamingToolCallAccumulator(options);
  const iterator = Symbol.asyncIterator in input ? input[Symbol.asyncIterator]() : input[Symbol.iterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array | string>;
    try {
      next = await iterator.next();
    } catch {
      return accumulator.abort();
    }
    if (next.done === true) return accumulator.end();
    try {
      accumulator.push(next.value);
    } catch (error) {
      await iterator.return?.();
      throw error;
    }
  }
}
