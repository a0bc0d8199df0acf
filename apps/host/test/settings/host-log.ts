import { PassThrough } from 'node:stream';

/** One line the host logged in its JSON format. */
export interface LoggedLine {
  readonly level: string;
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

/** The host's log stream, kept as lines, and a way to wait for one. */
export interface HostLog {
  readonly stream: PassThrough;
  lines(): LoggedLine[];
  /** The first line from `from` on that `match` accepts; fails after `timeoutMs` naming what was logged. */
  waitFor(match: (line: LoggedLine) => boolean, from?: number, timeoutMs?: number): Promise<LoggedLine>;
}

/** Collects a host's JSON log lines (`logFormat: 'json'`). */
export function hostLog(): HostLog {
  const stream = new PassThrough();
  let text = '';
  const waiters = new Set<() => void>();
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of [...waiters]) waiter();
  });
  const lines = (): LoggedLine[] =>
    text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LoggedLine);
  return {
    stream,
    lines,
    waitFor(match, from = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = lines().slice(from).find(match);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching log line within ${timeoutMs} ms; logged:\n${lines().slice(from).map((line) => line.message).join('\n')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
