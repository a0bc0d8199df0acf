import type { StreamAccumulation, StreamingAccumulatorOptions } from './stream-accumulation.js';
import { StreamingToolCallAccumulator } from './streaming-tool-call-accumulator.js';

/** Chunks of a stream: an HTTP response body, a Node `Readable`, an array of test chunks. */
export type StreamChunks = Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>;

/**
 * Reads a stream into a {@link StreamAccumulation}, up to its end marker (`[DONE]`, `done: true`),
 * after which the source is closed rather than read on. When the source fails part-way (a
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
    if (accumulator.ended) {
      // The end marker ends the answer: a source that stays open (a kept-alive socket) is not read to its end.
      await closeQuietly(iterator);
      return accumulator.end();
    }
  }
}

/** Asks the source to stop; a source that fails while stopping changes nothing about the answer. */
async function closeQuietly(iterator: Iterator<unknown> | AsyncIterator<unknown>): Promise<void> {
  try {
    await iterator.return?.();
  } catch {
    // The answer is whole already.
  }
}
