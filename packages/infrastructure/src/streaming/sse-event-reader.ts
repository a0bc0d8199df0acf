import { utf8ByteLength } from '../validation/utf8-byte-length.js';

/** Receives the events a {@link SseEventReader} assembles. */
export interface SseEventSink {
  /** The `data` of one event (its `data:` lines joined with `\n`); `line` is its first data line. */
  event(data: string, line: number): void;
  /** An event whose data lines together passed the limit; they were dropped. */
  overlongEvent(line: number, maxEventBytes: number): void;
}

/**
 * Groups SSE lines into events (WHATWG HTML, "event stream interpretation"): a blank line ends
 * an event, `data:` lines add to it (one space after the colon is dropped, `data:x` works too),
 * `:` comments and the other fields (`event`, `id`, `retry`) are ignored. The data of one event
 * is bounded like a line, since a server could otherwise grow it one short line at a time.
 */
export class SseEventReader {
  readonly #maxEventBytes: number;
  readonly #sink: SseEventSink;
  #data: string[] = [];
  #bytes = 0;
  #overlong = false;
  #firstLine = 0;

  constructor(maxEventBytes: number, sink: SseEventSink) {
    this.#maxEventBytes = maxEventBytes;
    this.#sink = sink;
  }

  /** UTF-8 bytes of the data of the event being read (not yet dispatched): what the reader holds in memory. */
  get pendingBytes(): number {
    return this.#bytes;
  }

  /** Takes one line, without its terminator. */
  line(text: string, lineNumber: number): void {
    if (text === '') return this.dispatch();
    if (text.charCodeAt(0) === 0x3a /* : */) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    const valueStart = colon < 0 ? text.length : text.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1;
    this.#addData(text.slice(valueStart), lineNumber);
  }

  /** Ends the event being read, if any: at a blank line, and at the end of the stream. */
  dispatch(): void {
    if (this.#firstLine === 0) return;
    const line = this.#firstLine;
    const data = this.#data.join('\n');
    const overlong = this.#overlong;
    this.#data = [];
    this.#bytes = 0;
    this.#overlong = false;
    this.#firstLine = 0;
    if (overlong) this.#sink.overlongEvent(line, this.#maxEventBytes);
    else this.#sink.event(data, line);
  }

  /** True when the event being read so far is one data line holding exactly `value`. */
  pendingDataIs(value: string): boolean {
    return !this.#overlong && this.#data.length === 1 && this.#data[0] === value;
  }

  /** Marks a data line that was too long to keep, so its event is reported rather than read without it. */
  overlongLine(lineNumber: number): void {
    if (this.#firstLine === 0) this.#firstLine = lineNumber;
    this.#overlong = true;
    this.#data = [];
  }

  #addData(value: string, lineNumber: number): void {
    if (this.#firstLine === 0) this.#firstLine = lineNumber;
    if (this.#overlong) return;
    // The `\n` that joins data lines counts too.
    this.#bytes += utf8ByteLength(value) + (this.#data.length > 0 ? 1 : 0);
    if (this.#bytes > this.#maxEventBytes) return this.overlongLine(lineNumber);
    this.#data.push(value);
  }
}
