import type { AnswerSink } from './answer-sink.js';

/** Bytes a web stream may queue before the gateway waits for its reader (and so reads its upstream no further). */
const QUEUED_BYTES = 64 * 1024;

const ENCODER = new TextEncoder();

/**
 * A gateway answer written to the body of a web `Response` (the fetch-style handler). Web
 * responses carry no trailers, so the values decided at the end of a stream go only with answers
 * sent whole. Back-pressure is the stream's queue: past {@link QUEUED_BYTES} unread, the gateway
 * waits for the reader. The response is handed over (`onOpen`) when the stream opens.
 */
export class WebAnswerSink implements AnswerSink {
  readonly trailers = false;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly #stream: ReadableStream<Uint8Array>;
  #opened = false;
  #closed = false;
  #waiters: Array<() => void> = [];
  #closeListeners: Array<() => void> = [];

  constructor(
    gone: AbortSignal,
    private readonly onOpen: (response: Response) => void,
  ) {
    this.#stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: () => this.#wake(),
        cancel: () => this.#close(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: QUEUED_BYTES }),
    );
    if (gone.aborted) this.#close();
    else gone.addEventListener('abort', () => this.#close(), { once: true });
  }

  get closed(): boolean {
    return this.#closed;
  }

  get opened(): boolean {
    return this.#opened;
  }

  open(headers: Readonly<Record<string, string>>): void {
    this.#opened = true;
    this.onOpen(new Response(this.#stream, { status: 200, headers: { ...headers } }));
  }

  write(chunk: string): void {
    if (!this.#closed) this.#controller.enqueue(ENCODER.encode(chunk));
  }

  end(chunk: string): void {
    if (this.#closed) return;
    if (chunk !== '') this.#controller.enqueue(ENCODER.encode(chunk));
    this.#controller.close();
    this.#close();
  }

  readyForMore(): Promise<void> | undefined {
    if (this.#closed || (this.#controller.desiredSize ?? 1) > 0) return undefined;
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#closeListeners.push(listener);
  }

  /** Ends an answer that never opened (it was sent whole): the request's resources are given back. */
  close(): void {
    this.#close();
  }

  destroy(): void {
    if (this.#closed) return;
    this.#controller.error(new Error('The gateway answer was cut: its client is gone'));
    this.#close();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake();
    const listeners = this.#closeListeners;
    this.#closeListeners = [];
    for (const listener of listeners) listener();
  }
}
