/** Why a watched request was stopped. */
export type RequestStop = 'timeout' | 'cancelled';

/**
 * One request's lifetime: a silence timer and the caller's signal, combined into the one
 * `signal` handed to `fetch`. The timer is re-armed each time the server says something, so
 * `timeoutMs` bounds every silence (connect, headers, any gap mid-body) rather than the whole
 * answer: a long generation that keeps streaming is never cut. {@link stop} says which of the
 * two ended the request, which the error raised depends on.
 */
export class RequestWatchdog {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #onCallerAbort = (): void => this.#end('cancelled');
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stop: RequestStop | undefined;

  constructor(timeoutMs: number, callerSignal?: AbortSignal) {
    this.#timeoutMs = timeoutMs;
    this.#callerSignal = callerSignal;
    if (callerSignal?.aborted === true) this.#end('cancelled');
    else callerSignal?.addEventListener('abort', this.#onCallerAbort, { once: true });
    this.arm();
  }

  /** Aborts when the silence timer fires or the caller cancels. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** What stopped the request; `undefined` while it runs or after it ended normally. */
  get stop(): RequestStop | undefined {
    return this.#stop;
  }

  /** The silence limit, for messages. */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** Restarts the silence timer: call whenever the server has said something. */
  arm(): void {
    if (this.#stop !== undefined) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#end('timeout'), this.#timeoutMs);
  }

  /** Stops the silence timer while the caller, not the server, is the one slow (back-pressure); {@link arm} resumes it. */
  pause(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Releases the timer and the caller's signal; always call it, however the request ended. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort);
  }

  #end(stop: RequestStop): void {
    if (this.#stop !== undefined) return;
    this.#stop = stop;
    clearTimeout(this.#timer);
    this.#controller.abort();
  }
}
