/**
 * `@acode/infrastructure/stream`: the streaming tool-call accumulator (`StreamingToolCallAccumulator`,
 * `accumulateStream`) for OpenAI SSE and Ollama NDJSON streams. No optional peer needed.
 *
 * @packageDocumentation
 */
export { accumulateStream, type StreamChunks } from './accumulate-stream.js';
export { MAX_STREAMED_NAME_BYTES } from './accumulation-state.js';
export {
  DEFAULT_MAX_LINE_BYTES,
  MAX_STREAM_ERRORS,
  type StreamAccumulation,
  type StreamingAccumulatorOptions,
  type StreamUsage,
} from './stream-accumulation.js';
export { NO_CALL_INDEX } from './stream-errors.js';
export { detectStreamFormat, type StreamFormat } from './stream-format.js';
export { StreamingToolCallAccumulator } from './streaming-tool-call-accumulator.js';
export { PieceBuffer } from './piece-buffer.js';
