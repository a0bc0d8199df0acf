import type { IncomingMessage } from 'node:http';

/** The body of a request, or why it was not read to the end. */
export type ReadBodyResult =
  | { readonly ok: true; readonly body: Buffer }
  /** The body is larger than the limit; reading stopped at the limit. */
  | { readonly ok: false; readonly reason: 'too_large' }
  /** The client went away or the stream failed; there is no one to answer. */
  | { readonly ok: false; readonly reason: 'aborted' }
  /** `stop` aborted before the body was whole (it took too long); reading stopped there. */
  | { readonly ok: false; readonly reason: 'stopped' };

/**
 * Reads a request body of at most `limitBytes`. A declared `Content-Length` above the limit is
 * refused before a byte is read; a chunked body is refused as soon as it passes the limit, and
 * reading stops there (the request is paused, not drained), so an oversized body is never
 * buffered whole. With `stop`, a body still arriving when it aborts is left unread too (a client
 * trickling its body holds its own connection until then, nothing more). The caller must close
 * the connection after answering a refusal.
 */
export function readBoundedBody(req: IncomingMessage, limitBytes: number, stop?: AbortSignal): Promise<ReadBodyResult> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limitBytes) {
    req.pause();
    return Promise.resolve({ ok: false, reason: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (result: ReadBodyResult): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      stop?.removeEventListener('abort', onStop);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.byteLength;
      if (received > limitBytes) {
        req.pause();
        settle({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => settle({ ok: true, body: Buffer.concat(chunks, received) });
    const onAbort = (): void => settle({ ok: false, reason: 'aborted' });
    const onStop = (): void => {
      req.pause();
      settle({ ok: false, reason: 'stopped' });
    };
    if (stop?.aborted === true) return onStop();
    stop?.addEventListener('abort', onStop, { once: true });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
