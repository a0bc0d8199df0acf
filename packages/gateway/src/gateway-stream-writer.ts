import type { AnswerSink } from './answer-sink.js';
import type { AnswerFacts, FrontError, FrontStream, GatewayAnswer } from '@acode/infrastructure/gateway';

/** The `x-acode-*` values known only once the answer is decided: trailers of a stream whose headers went out before. */
export const DECIDED_HEADERS = ['x-acode-attempts', 'x-acode-repairs', 'x-acode-outcome', 'x-acode-invalid'] as const;

/** How long a stream may stay silent before the gateway writes a keep-alive (default of {@link GatewayStreamWriter}). */
export const DEFAULT_KEEP_ALIVE_MS = 10_000;

/**
 * One client stream of the gateway, written to its {@link AnswerSink}. The response starts with the first text
 * forwarded, or with the first keep-alive when the answer is still being decided (a held call, a
 * retry): until then nothing is sent, so a refusal can still be an HTTP status. Keep-alives are an
 * SSE comment (OpenAI) or an empty `done: false` line (Ollama, whose clients parse every line).
 * Once started, the values of {@link DECIDED_HEADERS} follow as HTTP trailers (where the transport has
 * them), and a failure is an error event in the stream, as the servers themselves report one mid-stream.
 */
export class GatewayStreamWriter {
  #started = false;
  #chunks = 0;
  #timer: NodeJS.Timeout | undefined;
  // The text forwarded so far, kept only when asked (a stored Responses answer needs it whole;
  // the upstream's answer size limit bounds it): other streams forward text without holding it.
  #sent = '';

  constructor(
    private readonly front: FrontStream,
    private readonly sink: AnswerSink,
    private readonly headers: Readonly<Record<string, string>>,
    keepAliveMs: number = DEFAULT_KEEP_ALIVE_MS,
    private readonly keepSent = false,
  ) {
    this.#timer = setInterval(() => this.#keepAlive(), keepAliveMs);
    this.#timer.unref();
  }

  /** True once the response's status and headers went out. */
  get started(): boolean {
    return this.#started;
  }

  /** Forwards a piece of the answer's text. */
  content(text: string): void {
    if (text === '' || !this.#start()) return;
    this.#chunks++;
    if (this.keepSent) this.#sent += text;
    this.sink.write(this.front.content(text));
  }

  /**
   * A promise while the client has not taken what was written (its connection's buffer is full),
   * settled once it has, or once it is gone; `undefined` when more may be written now. The
   * upstream is read no further while it waits, so a slow client holds the upstream back instead
   * of filling the host's memory.
   */
  readyForMore(): Promise<void> | undefined {
    return this.sink.readyForMore();
  }

  /** The answer's object as the front's stream last wrote it (see `FrontStream.response`). */
  get frontResponse(): unknown {
    return this.front.response;
  }

  /** The answer's text forwarded so far; `''` unless the writer was made to keep it. */
  get sentText(): string {
    return this.#sent;
  }

  /** Whether a text chunk went out already. */
  get sentContent(): boolean {
    return this.#chunks > 0;
  }

  /**
   * Ends the stream with the decided answer (only its text not yet sent). The decided values go
   * as headers when nothing was sent yet (the whole answer is one response), else as trailers.
   */
  finish(answer: GatewayAnswer, facts: AnswerFacts, decided: Readonly<Record<string, string>>): void {
    this.#end(() => this.front.end(answer, facts), decided);
  }

  /** Ends a stream with an error event in the front's shape (a stream that had not begun begins with it). */
  fail(error: FrontError, decided: Readonly<Record<string, string>>): void {
    this.#end(() => this.front.fail(error), decided);
  }

  #end(last: () => string, decided: Readonly<Record<string, string>>): void {
    this.stop();
    const startedBefore = this.#started;
    if (!this.#start(decided)) return;
    const trailers = startedBefore ? Object.fromEntries(DECIDED_HEADERS.filter((name) => decided[name] !== undefined).map((name) => [name, decided[name]!])) : {};
    this.sink.end(last(), trailers);
  }

  /** Stops the keep-alives (the answer is decided, or the client is gone). */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #keepAlive(): void {
    if (!this.#start()) return;
    this.sink.write(this.front.keepAlive());
  }

  /**
   * Sends the status and headers once; false when the client is gone. `decided` are the final
   * values of an answer sent whole; without them the decided values are announced as trailers.
   */
  #start(decided?: Readonly<Record<string, string>>): boolean {
    if (this.sink.closed || this.sink.opened !== this.#started) return false;
    if (this.#started) return true;
    this.#started = true;
    const headers = { ...this.headers, ...decided, 'Content-Type': this.front.contentType, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    this.sink.open(headers, decided === undefined, DECIDED_HEADERS);
    return true;
  }
}
