import type { IncomingMessage } from 'node:http';

/** Largest request body read, in bytes; a longer one is answered 413. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024 * 1024;

/** A request body: parsed JSON, or why it could not be read. */
export type JsonBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/**
 * Reads and parses a JSON request body. A body over {@link MAX_REQUEST_BODY_BYTES} is drained
 * without being kept, so the client still gets its answer; an empty body is `undefined`.
 */
export function readJsonBody(request: IncomingMessage): Promise<JsonBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
    });
    const unreadable = (): void => resolve({ ok: false, status: 400, message: 'request body could not be read' });
    request.on('error', unreadable);
    // A client that hangs up before the body ends: settles the read (a later resolve is a no-op).
    request.on('close', () => {
      if (!request.complete) unreadable();
    });
    request.on('end', () => {
      if (size > MAX_REQUEST_BODY_BYTES) {
        resolve({ ok: false, status: 413, message: `request body is ${size} bytes, over the limit of ${MAX_REQUEST_BODY_BYTES}` });
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({ ok: true, value: undefined });
      try {
        resolve({ ok: true, value: JSON.parse(text) as unknown });
      } catch (error) {
        resolve({ ok: false, status: 400, message: `request body is not valid JSON: ${(error as Error).message}` });
      }
    });
  });
}
