import { utf8ByteLength } from '../validation/utf8-byte-length.js';
import { PieceBuffer } from './piece-buffer.js';

/**
 * What arrived for one call index of a stream. SSE fragments go into a {@link PieceBuffer}, which
 * folds small pieces as they come, so assembling a call costs the length of its text, not the
 * square of its fragment count.
 */
export class StreamedCall {
  readonly index: number;
  id: string | undefined;
  /** The whole arguments of an NDJSON call as the server sent them, or of an SSE call whose delta carried them as an object. */
  wholeArguments: unknown;
  /** The name of an NDJSON call, as the server sent it. */
  wholeName: unknown;
  /** Set once an error was reported for this call: it is left out of the result. */
  rejected = false;
  readonly #nameParts: string[] = [];
  readonly #argumentParts = new PieceBuffer();
  #argumentBytes = 0;
  #nameBytes = 0;

  constructor(index: number) {
    this.index = index;
  }

  /** UTF-8 bytes of the arguments received so far. */
  get argumentBytes(): number {
    return this.#argumentBytes;
  }

  /** UTF-8 bytes of the name received so far. */
  get nameBytes(): number {
    return this.#nameBytes;
  }

  /** Appends a piece of the name; returns the name's size in bytes after it. */
  addName(piece: string): number {
    this.#nameParts.push(piece);
    return (this.#nameBytes += utf8ByteLength(piece));
  }

  /** Appends a piece of the arguments; returns their size in bytes after it. */
  addArguments(piece: string): number {
    this.#argumentParts.push(piece);
    return (this.#argumentBytes += utf8ByteLength(piece));
  }

  /** Drops what arrived, once the call is rejected, so an oversized call holds no memory. */
  discard(): void {
    this.rejected = true;
    this.#nameParts.length = 0;
    this.#argumentParts.clear();
    this.wholeArguments = undefined;
  }

  /** The name fragments joined, or `undefined` when none arrived. */
  name(): string | undefined {
    return this.#nameParts.length === 0 ? undefined : this.#nameParts.join('');
  }

  /** The argument fragments joined in arrival order (`""` when none arrived). */
  argumentsText(): string {
    return this.#argumentParts.text();
  }
}
