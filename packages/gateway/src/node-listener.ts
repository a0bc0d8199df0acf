import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { GatewayHandler } from './create-gateway-handler.js';

/**
 * A fetch-style handler as a `node:http` request listener: `createServer(toNodeListener(handler))`.
 * The request's signal aborts when the client hangs up; the response body is written as it comes,
 * waiting for `drain` when the client reads slowly.
 */
export function toNodeListener(handler: GatewayHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      signal: gone.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    void handler(request)
      .then((response) => write(response, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"The gateway failed","type":"api_error"}}');
        else res.destroy();
      });
  };
}

async function write(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch {
    res.destroy();
  }
}
