import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../../src/cli-io.js';

/** A writable stream that keeps what was written, and how many writes it took. */
export class CapturedStream extends Writable {
  private readonly chunks: string[] = [];
  isTTY = false;
  columns: number | undefined = undefined;

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk.toString('utf8'));
    callback();
  }

  get writes(): number {
    return this.chunks.length;
  }

  get text(): string {
    return this.chunks.join('');
  }
}

/** Streams and a process surface for an in-process `runCli`. */
export function captureIo(options: { cwd?: string; stdin?: string | string[] | Readable; stdinIsTty?: boolean; env?: Record<string, string> } = {}) {
  const stdout = new CapturedStream();
  const stderr = new CapturedStream();
  const parts = typeof options.stdin === 'string' ? [options.stdin] : Array.isArray(options.stdin) ? options.stdin : [];
  const stdin = options.stdin instanceof Readable ? options.stdin : Readable.from(parts.map((part) => Buffer.from(part)));
  Object.assign(stdin, { isTTY: options.stdinIsTty ?? false });
  const io: CliIo = { stdout, stderr, stdin, cwd: options.cwd ?? process.cwd(), env: options.env ?? {} };
  return { io, stdout, stderr, stdin };
}
