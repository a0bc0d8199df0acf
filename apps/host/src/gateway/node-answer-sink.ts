import type { ServerResponse } from 'node:http';
import type { AnswerSink } from '@acode/gateway';

/**
 * A gateway answer written to a Node `ServerResponse`: HTTP trailers for the values decided at
 * the end of a stream, the socket's back-pressure (`drain`) for {@link AnswerSink.readyForMore},
 * and the pieces written in one turn of the event loop corked into one write.
 */
export class NodeAnswerSink implements AnswerSink {
  #corked = false;

  constructor(private readonly res: ServerResponse) {}

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  get opened(): boolean {
    return this.res.headersSent;
  }

  readonly trailers = true;

  open(headers: Readonly<Record<string, string>>, streaming: boolean, trailerNames: readonly string[]): void {
    this.res.statusCode = 200;
    for (const [name, value] of Object.entries(headers)) this.res.setHeader(name, value);
    if (!streaming) return;
    if (trailerNames.length > 0) this.res.setHeader('Trailer', trailerNames.join(', '));
    this.res.flushHeaders();
  }

  write(chunk: string): void {
    // The pieces of one upstream chunk arrive in one turn: they leave in one write.
    if (!this.#corked) {
      this.#corked = true;
      this.res.cork();
      process.nextTick(() => {
        this.#corked = false;
        this.res.uncork();
      });
    }
    this.res.write(chunk);
  }

  end(chunk: string, trailers: Readonly<Record<string, string>>): void {
    if (Object.keys(trailers).length > 0) this.res.addTrailers(trailers);
    this.res.end(chunk);
  }

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

  onClose(listener: () => void): void {
    if (this.res.closed) listener();
    else this.res.once('close', listener);
  }

  destroy(): void {
    this.res.destroy();
  }
}
