import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendHttpRequest, type TransportResponse } from '../../src/model-clients/http-transport.js';

/** The model clients' HTTP exchange over node:http, against real servers on 127.0.0.1. */

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

interface Served {
  readonly url: string;
  /** Connections the server accepted so far. */
  connections(): number;
  readonly seen: Array<{ method: string; path: string; body: string }>;
}

async function serve(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void, configure?: (s: Server) => void): Promise<Served> {
  const seen: Served['seen'] = [];
  let connections = 0;
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => (body += piece));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', body });
      handle(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  configure?.(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, seen };
}

async function text(response: TransportResponse): Promise<string> {
  let out = '';
  for await (const chunk of response.body) out += Buffer.from(chunk).toString('utf8');
  return out;
}

const post = (body: string) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, body, signal: new AbortController().signal });

describe('sendHttpRequest', () => {
  it('sends the body and reads the answer; two requests share one kept-alive connection', async () => {
    const served = await serve((_req, res, body) => res.end(`echo ${body}`));
    expect(await text(await sendHttpRequest(`${served.url}/a`, post('{"n":1}')))).toBe('echo {"n":1}');
    const second = await sendHttpRequest(`${served.url}/b`, post('{"n":2}'));
    expect(second).toMatchObject({ status: 200, ok: true });
    expect(await text(second)).toBe('echo {"n":2}');
    expect(served.connections()).toBe(1);
  });

  it('follows redirects as fetch does: 307 keeps the POST and its body, 303 becomes a GET', async () => {
    const served = await serve((req, res) => {
      if (req.url === '/old') return void res.writeHead(307, { location: '/new' }).end();
      if (req.url === '/see-other') return void res.writeHead(303, { location: '/new' }).end();
      res.end(`${req.method} ${req.url}`);
    });
    expect(await text(await sendHttpRequest(`${served.url}/old`, post('{"keep":true}')))).toBe('POST /new');
    expect(served.seen[1]).toEqual({ method: 'POST', path: '/new', body: '{"keep":true}' });
    expect(await text(await sendHttpRequest(`${served.url}/see-other`, post('{}')))).toBe('GET /new');
  });

  it('keeps the API key on a same-origin redirect and drops it on a redirect to another origin', async () => {
    const other = createServer((req, res) => res.end(`other saw authorization: ${req.headers.authorization ?? 'none'}`));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const served = await serve((req, res) => {
        if (req.url === '/same') return void res.writeHead(307, { location: '/seen' }).end();
        if (req.url === '/away') return void res.writeHead(307, { location: `${otherUrl}/seen` }).end();
        res.end(`same saw authorization: ${req.headers.authorization ?? 'none'}`);
      });
      const withKey = (path: string) => sendHttpRequest(`${served.url}${path}`, { ...post('{}'), headers: { 'content-type': 'application/json', authorization: 'Bearer sk-secret' } });
      expect(await text(await withKey('/same'))).toBe('same saw authorization: Bearer sk-secret');
      expect(await text(await withKey('/away'))).toBe('other saw authorization: none');
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('says a status as it is: not ok, the body readable', async () => {
    const served = await serve((_req, res) => res.writeHead(503).end('busy'));
    const response = await sendHttpRequest(served.url, post('{}'));
    expect(response).toMatchObject({ status: 503, ok: false });
    expect(await text(response)).toBe('busy');
  });

  it('sends a request again on a new connection when the kept-alive one was closed by the server while idle', async () => {
    const served = await serve((_req, res) => res.end('ok'), (s) => (s.keepAliveTimeout = 30));
    expect(await text(await sendHttpRequest(served.url, post('{}')))).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await text(await sendHttpRequest(served.url, post('{}')))).toBe('ok');
    expect(served.seen).toHaveLength(2);
  });

  it('keeps the connection when a reader stops after the whole message arrived, and drops it when it did not', async () => {
    const served = await serve((req, res) => {
      res.write('data: one\n\n');
      if (req.url === '/whole') res.end('data: [DONE]\n\n');
      // `/open` never ends: a server that keeps the stream open after the end marker.
      else res.write('data: [DONE]\n\n');
    });
    for (let i = 0; i < 2; i++) {
      const response = await sendHttpRequest(`${served.url}/whole`, post('{}'));
      let seen = '';
      for await (const chunk of response.body) {
        seen += Buffer.from(chunk).toString('utf8');
        if (seen.includes('[DONE]')) break;
      }
      // The connection goes back to the pool once its end is read, a moment after the reader left.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(served.connections()).toBe(1);
    const open = await sendHttpRequest(`${served.url}/open`, post('{}'));
    for await (const chunk of open.body) if (Buffer.from(chunk).toString('utf8').includes('[DONE]')) break;
    expect(await text(await sendHttpRequest(`${served.url}/whole`, post('{}')))).toContain('[DONE]');
    // The open stream took the pooled connection and dropped it: the next request needed a second one.
    expect(served.connections()).toBe(2);
  });

  it('rejects with the system error for a refused connection, and with an AbortError when aborted', async () => {
    const served = await serve(() => undefined);
    const port = new URL(served.url).port;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(sendHttpRequest(`http://127.0.0.1:${port}/`, post('{}'))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const hanging = await serve(() => undefined);
    const controller = new AbortController();
    const pending = sendHttpRequest(hanging.url, { ...post('{}'), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
