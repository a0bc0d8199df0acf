import type { ServerResponse } from 'node:http';
import { ollamaContentLine, openAiContentChunk, type GatewayWire } from '@acode/infrastructure/gateway';

/** The `x-acode-*` values known only once the answer is decided: trailers of a stream whose headers went out before. */
export const DECIDED_HEADERS = ['x-acode-attempts', 'x-acode-repairs', 'x-acode-outcome', 'x-acode-invalid'] as const;

/** How long a stream may stay silent before the gateway writes a keep-alive (default of {@link GatewayStreamWriter}). */
export const DEFAULT_KEEP_ALIVE_MS = 10_000;

/** What the chunks of one streamed answer carry: its completion id and time, the model, `include_usage`. */
export interface StreamIdentity {
  readonly id: string;
  readonly created: number;
  readonly createdAt: Date;
  readonly model: string;
  readonly includeUsage: boolean;
}

/**
 * One client stream of the gateway (issue 15 item 5). The response starts with the first text
 * forwarded, or with the first keep-alive when the answer is still being decided (a held call, a
 * retry): until then nothing is sent, so a refusal can still be an HTTP status. Keep-alives are an
 * SSE comment (OpenAI) or an empty `done: false` line (Ollama, whose clients parse every line).
 * Once started, the values of {@link DECIDED_HEADERS} follow as HTTP trailers, and a failure is an
 * error event in the stream, as the servers themselves report one mid-stream.
 */
export class GatewayStreamWriter {
  #started = false;
  #chunks = 0;
  #corked = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly wire: GatewayWire,
    private readonly res: ServerResponse,
    private readonly identity: StreamIdentity,
    private readonly headers: Readonly<Record<string, string>>,
    keepAliveMs: number = DEFAULT_KEEP_ALIVE_MS,
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
    const first = this.#chunks++ === 0;
    // The pieces of one upstream chunk arrive in one turn: they leave in one write.
    if (!this.#corked) {
      this.#corked = true;
      this.res.cork();
      process.nextTick(() => {
        this.#corked = false;
        this.res.uncork();
      });
    }
    this.res.write(
      this.wire === 'openai'
        ? openAiContentChunk(text, this.identity.model, { id: this.identity.id, created: this.identity.created, includeUsage: this.identity.includeUsage, first })
        : ollamaContentLine(text, this.identity.model, this.identity.createdAt),
    );
  }

  /**
   * A promise while the client has not taken what was written (its connection's buffer is full),
   * settled once it has, or once it is gone; `undefined` when more may be written now. The
   * upstream is read no further while it waits, so a slow client holds the upstream back instead
   * of filling the host's memory.
   */
  readyForMore(): Promise<void> | undefined {
    const res = this.res;
    if (!res.writableNeedDrain || res.destroyed) return undefined;
    return new Promise((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }

  /** Whether a text chunk went out already (the OpenAI role chunk with it). */
  get sentContent(): boolean {
    return this.#chunks > 0;
  }

  /**
   * Ends the stream with its last lines. The decided values go as headers when nothing was sent
   * yet (the whole answer is one response), else as trailers.
   */
  finish(lines: readonly string[], decided: Readonly<Record<string, string>>): void {
    this.stop();
    const startedBefore = this.#started;
    if (!this.#start(decided)) return;
    if (startedBefore) this.res.addTrailers(Object.fromEntries(DECIDED_HEADERS.filter((name) => decided[name] !== undefined).map((name) => [name, decided[name]!])));
    this.res.end(lines.join(''));
  }

  /** Ends a started stream with an error event in the route's shape (OpenAI `data: {"error":...}`, Ollama `{"error":"..."}`). */
  fail(error: { readonly code: string; readonly message: string; readonly type: string }, decided: Readonly<Record<string, string>>): void {
    const line =
      this.wire === 'openai'
        ? `data: ${JSON.stringify({ error: { message: error.message, type: error.type, code: error.code, param: null } })}\n\ndata: [DONE]\n\n`
        : `${JSON.stringify({ error: `${error.code}: ${error.message}` })}\n`;
    this.finish([line], decided);
  }

  /** Stops the keep-alives (the answer is decided, or the client is gone). */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #keepAlive(): void {
    if (!this.#start()) return;
    this.res.write(
      this.wire === 'openai' ? ': keep-alive\n\n' : `${JSON.stringify({ model: this.identity.model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' }, done: false })}\n`,
    );
  }

  /**
   * Sends the status and headers once; false when the client is gone. `decided` are the final
   * values of an answer sent whole; without them the decided values are announced as trailers.
   */
  #start(decided?: Readonly<Record<string, string>>): boolean {
    if (this.res.destroyed || this.res.writableEnded || this.res.headersSent !== this.#started) return false;
    if (this.#started) return true;
    this.#started = true;
    this.res.statusCode = 200;
    for (const [name, value] of Object.entries({ ...this.headers, ...decided })) this.res.setHeader(name, value);
    this.res.setHeader('Content-Type', this.wire === 'openai' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson');
    this.res.setHeader('Cache-Control', 'no-store');
    this.res.setHeader('X-Content-Type-Options', 'nosniff');
    if (decided === undefined) {
      this.res.setHeader('Trailer', DECIDED_HEADERS.join(', '));
      this.res.flushHeaders();
    }
    return true;
  }
}
