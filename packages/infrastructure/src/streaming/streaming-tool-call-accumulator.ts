import { DEFAULT_TOOL_CALL_SETTINGS, formatByteSize } from '@acode/domain';
import { scanJsonText } from '../validation/json-text-scanner.js';
import { AccumulationState } from './accumulation-state.js';
import { LineSplitter } from './line-splitter.js';
import { applyOllamaChunk } from './ollama-chunk.js';
import { applyOpenAiChunk } from './openai-chunk.js';
import { SseEventReader } from './sse-event-reader.js';
import { DEFAULT_MAX_LINE_BYTES, type StreamAccumulation, type StreamingAccumulatorOptions } from './stream-accumulation.js';
import { detectStreamFormat, type StreamFormat } from './stream-format.js';

const BOM = 0xfeff;
const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * Accumulates a model server's streamed response into tool calls (002 FR-064..070): OpenAI-style
 * SSE deltas correlated by index, with name and argument fragments, interleaved and
 * out-of-order calls (or, from servers that send no index, one call at a time); or Ollama's
 * NDJSON, whose calls arrive whole. The end marker (`[DONE]`, `done: true`) ends the answer:
 * see {@link StreamingToolCallAccumulator.ended}.
 *
 * `push` takes raw chunks as they come off the socket: they may split lines, JSON tokens and
 * UTF-8 sequences anywhere, and any split gives the same result as the whole stream. The cost
 * is linear in the bytes received: each character is examined once for line breaks, each line
 * is parsed once, and fragments are joined once at `end`. Nothing a server sends makes it
 * throw: malformed lines become errors in the result (ACODE-TLP-008, with the line number).
 *
 * It only accumulates; `IToolCallParser.parseRawToolCalls(calls, content)` turns the calls into
 * validated tool calls and refuses the incomplete ones (ACODE-TLP-010): a cut call never runs.
 */
export class StreamingToolCallAccumulator {
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  readonly #state: AccumulationState;
  readonly #lines: LineSplitter;
  readonly #events: SseEventReader;
  #format: StreamFormat | undefined;
  #atStart = true;
  #lastLine = 0;
  #result: StreamAccumulation | undefined;

  /** @throws RangeError for an unknown format or a limit that is not a positive integer: a programming error. */
  constructor(options: StreamingAccumulatorOptions = {}) {
    const format = options.format ?? 'auto';
    if (format !== 'auto' && format !== 'sse' && format !== 'ndjson') throw new RangeError(`format must be 'sse', 'ndjson' or 'auto', not ${String(format)}`);
    const maxArgumentSize = positiveInteger('maxArgumentSize', options.maxArgumentSize ?? DEFAULT_TOOL_CALL_SETTINGS.maxArgumentSize);
    const maxLineBytes = positiveInteger('maxLineBytes', options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);

    this.#state = new AccumulationState(maxArgumentSize, options.onContent, options.onToolCallFragment, options.keepContent !== false);
    if (format !== 'auto') this.#setFormat(format);
    this.#lines = new LineSplitter(maxLineBytes, {
      line: (text, lineNumber) => this.#onLine(text, lineNumber),
      overlongLine: (lineNumber, limit) => this.#onOverlongLine(lineNumber, limit),
    });
    this.#events = new SseEventReader(maxLineBytes, {
      event: (data, lineNumber) => this.#onEvent(data, lineNumber),
      overlongEvent: (lineNumber, limit) =>
        this.#state.reportStreamError({ line: lineNumber }, `starts an event longer than ${formatByteSize(limit)}; the event was skipped`),
    });
  }

  /** The format being read: as configured, or as detected; `undefined` until a line says. */
  get format(): StreamFormat | undefined {
    return this.#format;
  }

  /**
   * True once the stream's end marker arrived: `data: [DONE]` (SSE) or `"done": true` (NDJSON).
   * The answer is then whole: a reader should stop reading and call {@link end}, because some
   * servers keep the connection open after it. Lines after the marker are ignored.
   */
  get ended(): boolean {
    return this.#state.ended;
  }

  /** UTF-8 bytes held for what has not ended yet: the current line and the current SSE event's data. */
  get pendingBytes(): number {
    return this.#lines.pendingBytes + this.#events.pendingBytes;
  }

  /**
   * Characters of reasoning kept so far. Reasoning is held until the answer ends (nobody takes it
   * as it streams), so a caller bounding the answer's memory claims it as it grows.
   */
  get reasoningCharacters(): number {
    return this.#state.reasoningLength;
  }

  /**
   * Decoded characters examined for line breaks so far. It equals the characters received
   * (however the stream was chunked), which is what makes the cost linear; exposed for tests
   * and metrics.
   */
  get charactersScanned(): number {
    return this.#lines.charactersExamined;
  }

  /**
   * Takes the next raw chunk: bytes as read from the socket (UTF-8), or text already decoded.
   * @throws Error after {@link end}, and TypeError for a chunk that is neither: programming errors.
   */
  push(chunk: Uint8Array | string): void {
    if (this.#result !== undefined) throw new Error('push() was called after end()');
    if (typeof chunk === 'string') {
      // Bytes of an unfinished UTF-8 sequence cannot be completed by text: they become U+FFFD.
      this.#write(this.#decoder.decode());
      this.#write(chunk);
    } else if (chunk instanceof Uint8Array) {
      this.#write(this.#decoder.decode(chunk, { stream: true }));
    } else {
      throw new TypeError('push() takes a Uint8Array or a string');
    }
  }

  /** Ends the stream and returns what it amounted to. Calling it again returns the same result. */
  end(): StreamAccumulation {
    if (this.#result === undefined) {
      this.#write(this.#decoder.decode());
      this.#lines.flush();
      // A last event without its blank line still counts: many servers end on `data: [DONE]\n`.
      if (this.#format === 'sse') this.#events.dispatch();
      this.#result = this.#state.toAccumulation(this.#format);
    }
    return this.#result;
  }

  /**
   * Ends a stream whose transport failed (a dropped connection): like {@link end}, plus an
   * ACODE-TLP-008 error saying where the stream stopped. Calls cut short are marked incomplete.
   */
  abort(): StreamAccumulation {
    if (this.#result === undefined) {
      this.#write(this.#decoder.decode());
      this.#lines.flush();
      this.#state.reportStreamError({ line: this.#lastLine }, 'was the last to arrive before the connection failed; what arrived is kept');
    }
    return this.end();
  }

  #write(text: string): void {
    if (text === '') return;
    if (this.#atStart) {
      this.#atStart = false;
      if (text.charCodeAt(0) === BOM) return this.#lines.write(text.slice(1));
    }
    this.#lines.write(text);
  }

  #setFormat(format: StreamFormat): void {
    this.#format = format;
    this.#state.source = format === 'sse' ? 'openai_stream' : 'ollama_stream';
  }

  #onLine(text: string, lineNumber: number): void {
    if (this.#state.ended) return;
    this.#lastLine = lineNumber;
    if (this.#format === undefined) {
      if (!NON_BLANK.test(text)) return;
      const detected = detectStreamFormat(text);
      if (detected === undefined) {
        return this.#state.reportStreamError({ line: lineNumber }, 'is neither a server-sent event nor a JSON object, so the stream format is not recognised');
      }
      this.#setFormat(detected);
    }
    if (this.#format === 'sse') {
      this.#events.line(text, lineNumber);
      // `data: [DONE]` ends the answer at once: a server that keeps the connection open may never send the blank line after it.
      if (this.#events.pendingDataIs(DONE)) this.#events.dispatch();
      return;
    }
    if (!NON_BLANK.test(text)) return;
    const chunk = this.#parseJson(text, lineNumber);
    if (chunk !== NOT_JSON) applyOllamaChunk(chunk, lineNumber, this.#state);
  }

  #onEvent(data: string, lineNumber: number): void {
    if (data === DONE) return this.#state.markEnded();
    const chunk = this.#parseJson(data, lineNumber);
    if (chunk !== NOT_JSON) applyOpenAiChunk(chunk, lineNumber, this.#state);
  }

  #onOverlongLine(lineNumber: number, limit: number): void {
    if (this.#state.ended) return;
    this.#lastLine = lineNumber;
    // In SSE the line may be one of several data lines: the whole event is dropped and reported once.
    if (this.#format === 'sse') return this.#events.overlongLine(lineNumber);
    this.#state.reportStreamError({ line: lineNumber }, `is longer than ${formatByteSize(limit)} and was skipped`);
  }

  #parseJson(text: string, lineNumber: number): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Only a failing line is scanned again, for a position the engine's message would not give reliably.
      const scan = scanJsonText(text, Number.POSITIVE_INFINITY);
      const detail = scan.ok || scan.kind !== 'syntax' ? '' : `: ${scan.reason} at character ${scan.position}`;
      this.#state.reportStreamError({ line: lineNumber }, `is not valid JSON${detail}`);
      return NOT_JSON;
    }
  }
}

const NON_BLANK = /\S/;

/** The data of the SSE event that ends an OpenAI-compatible stream. */
const DONE = '[DONE]';

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${String(value)}`);
  return value;
}
