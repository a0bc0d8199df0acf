/**
 * Where one streamed answer is written: the transport under the gateway. The host writes to a
 * Node `ServerResponse` (with HTTP trailers and its socket's back-pressure), the fetch-style
 * handler to the body of a web `Response`. The gateway decides what to write; a sink only moves it.
 */
export interface AnswerSink {
  /** Whether nothing more can be written: the client is gone or the answer ended. */
  readonly closed: boolean;
  /** Whether the status and headers went out. */
  readonly opened: boolean;
  /** Whether this transport sends HTTP trailers (values known only at the end of a stream). */
  readonly trailers: boolean;
  /**
   * Sends status 200 and `headers` once. `streaming`: more writes follow now (flush at once, and
   * announce `trailerNames` where trailers are sent); otherwise the whole body comes with {@link end}.
   */
  open(headers: Readonly<Record<string, string>>, streaming: boolean, trailerNames: readonly string[]): void;
  /** Writes a piece of the body; the pieces of one turn of the event loop may leave together. */
  write(chunk: string): void;
  /** Writes the last piece and ends the body, with `trailers` where the transport sends them. */
  end(chunk: string, trailers: Readonly<Record<string, string>>): void;
  /** A promise while the client has not taken what was written; settled once it has, or is gone. `undefined` when more may be written now. */
  readyForMore(): Promise<void> | undefined;
  /** Calls `listener` once the answer is over, ended or cut. */
  onClose(listener: () => void): void;
  /** Cuts the answer: nobody is left to read it. */
  destroy(): void;
}
