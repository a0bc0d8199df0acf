import { utf8ByteLength } from '../validation/utf8-byte-length.js';

/** Receives what a {@link LineSplitter} finds. */
export interface LineSink {
  /** A whole line, without its terminator; `lineNumber` is 1-based. */
  line(text: string, lineNumber: number): void;
  /** A line longer than the limit; its text was discarded as it arrived. */
  overlongLine(lineNumber: number, maxLineBytes: number): void;
}

const LINE_TERMINATOR = /[\r\n]/g;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts decoded text that arrives in arbitrary pieces into lines ended by LF, CRLF or a lone CR
 * (the SSE rule; JSON cannot hold a raw CR, so NDJSON is unaffected), including a CRLF split
 * between two pieces. Every character is examined once and a line's pieces are joined once, so
 * the cost is linear in the text received. A line over `maxLineBytes` is dropped as soon as it
 * passes the limit, so memory stays bounded by the limit plus one piece.
 */
export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #sink: LineSink;
  #parts: string[] = [];
  #lineBytes = 0;
  #overlong = false;
  #pendingCr = false;
  #lineNumber = 0;
  #charactersExamined = 0;

  constructor(maxLineBytes: number, sink: LineSink) {
    this.#maxLineBytes = maxLineBytes;
    this.#sink = sink;
  }

  /** UTF-8 bytes of the line being read (not yet ended): what the splitter holds in memory. */
  get pendingBytes(): number {
    return this.#lineBytes;
  }

  /** Characters looked at so far: equals the characters written, however they were split. */
  get charactersExamined(): number {
    return this.#charactersExamined;
  }

  /** Takes the next piece of text. */
  write(text: string): void {
    let start = 0;
    if (this.#pendingCr) {
      this.#pendingCr = false;
      // The LF of a CRLF whose CR ended the previous piece: the line was already emitted.
      if (text.charCodeAt(0) === LF) {
        start = 1;
        this.#charactersExamined++;
      }
    }
    while (start < text.length) {
      LINE_TERMINATOR.lastIndex = start;
      const match = LINE_TERMINATOR.exec(text);
      const end = match === null ? text.length : match.index;
      this.#charactersExamined += end - start;
      if (end > start) this.#append(text, start, end);
      if (match === null) return;

      let next = end + 1;
      this.#charactersExamined++;
      if (text.charCodeAt(end) === CR) {
        if (next === text.length) this.#pendingCr = true;
        else if (text.charCodeAt(next) === LF) {
          next++;
          this.#charactersExamined++;
        }
      }
      this.#emit();
      start = next;
    }
  }

  /** Emits the last line when the text did not end with a terminator. */
  flush(): void {
    if (this.#parts.length > 0 || this.#overlong) this.#emit();
  }

  #append(text: string, start: number, end: number): void {
    if (this.#overlong) return;
    const remaining = this.#maxLineBytes - this.#lineBytes;
    // Each UTF-16 unit is at least one UTF-8 byte: a piece with more units than the room left
    // is over the limit without being measured or copied.
    if (end - start > remaining) return this.#markOverlong();
    const piece = text.slice(start, end);
    const bytes = utf8ByteLength(piece);
    if (bytes > remaining) return this.#markOverlong();
    this.#parts.push(piece);
    this.#lineBytes += bytes;
  }

  #markOverlong(): void {
    this.#overlong = true;
    this.#parts = [];
    this.#lineBytes = 0;
  }

  #emit(): void {
    const lineNumber = ++this.#lineNumber;
    if (this.#overlong) {
      this.#overlong = false;
      this.#sink.overlongLine(lineNumber, this.#maxLineBytes);
      return;
    }
    const parts = this.#parts;
    const line = parts.length === 1 ? (parts[0] as string) : parts.join('');
    this.#parts = [];
    this.#lineBytes = 0;
    this.#sink.line(line, lineNumber);
  }
}
