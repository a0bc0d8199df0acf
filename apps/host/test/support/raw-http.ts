import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { connect } from 'node:net';

/** A response read to the end. */
export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  json<T = any>(): T;
}

/**
 * Sends one request with `node:http` (no fetch normalisation: the path goes out byte for byte)
 * and reads the whole response.
 */
export function send(port: number, options: RequestOptions & { body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Writes raw bytes to the server and collects what comes back until the server closes the
 * connection. Resolves with the text received and whether the server closed it.
 */
export function rawExchange(port: number, bytes: string, options: { waitMs?: number } = {}): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (closedByServer: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer });
    };
    const timer = setTimeout(() => finish(false), options.waitMs ?? 5_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error) => (settled ? undefined : reject(error)));
    socket.write(bytes);
  });
}

/** Splits a raw HTTP response into status and JSON body. */
export function parseRawResponse(text: string): { status: number; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: bodyText ? JSON.parse(bodyText) : undefined };
}
