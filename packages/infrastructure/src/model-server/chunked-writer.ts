import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Options of {@link writeInChunks}. */
export interface ChunkedWriteOptions {
  /** Bytes per write. */
  readonly chunkSize: number;
  /** When set, stop after this many bytes and destroy the socket instead of ending the response. */
  readonly cutAfterBytes?: number;
}

/**
 * Writes `body` in writes of `chunkSize` bytes, one event-loop turn apart, so that a client reads
 * them as separate chunks whose boundaries fall mid-token and mid-character. Each write is
 * flushed before the next, so a cut loses exactly the bytes after `cutAfterBytes`. Stops quietly
 * when the client or `close()` drops the connection.
 */
export async function writeInChunks(response: ServerResponse, body: Uint8Array, options: ChunkedWriteOptions): Promise<void> {
  const end = options.cutAfterBytes ?? body.length;
  for (let offset = 0; offset < end; offset += options.chunkSize) {
    if (!(await flush(response, body.subarray(offset, Math.min(offset + options.chunkSize, end))))) return;
    await nextTurn();
  }
  if (options.cutAfterBytes === undefined) response.end();
  else cut(response);
}

/** Sends the headers and `body` up to `afterBytes`, then destroys the socket. */
export async function writeCut(response: ServerResponse, body: Uint8Array, afterBytes: number): Promise<void> {
  response.flushHeaders();
  if (afterBytes > 0 && !(await flush(response, body.subarray(0, afterBytes)))) return;
  cut(response);
}

/** Resolves true once the bytes are handed to the socket, false when the response closed first. */
function flush(response: ServerResponse, bytes: Uint8Array): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => resolve(false);
    response.once('close', onClose);
    response.write(bytes, (error) => {
      response.off('close', onClose);
      resolve(error === undefined || error === null);
    });
  });
}

function cut(response: ServerResponse): void {
  // Destroying the socket, not just the response, is what a crashed server looks like to the client.
  response.socket?.destroy();
  response.destroy();
}
