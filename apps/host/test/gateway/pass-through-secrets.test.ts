import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../support/test-host.js';

/*
 * No secret through any route: the gateway's pass-through (every `/v1/*` and `/api/*` path it does
 * not check) answers with the upstream's status, headers and body, and neither the upstream's API
 * key nor the host's bearer token may reach the client in any form, in the body or a header, even
 * when a hostile upstream echoes them back JSON-escaped, percent-encoded or in base64, or cuts them
 * between two writes of a stream. Real HTTP on 127.0.0.1 both sides.
 */

const KEY = 'sk-live/Ab+C_9f8e7d6c5b4a3210xyz';
const TOKEN = 'gw-token-7f3a9c1e5b/+host';
const REDACTED = '[REDACTED]';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const jsonEscapeAll = (text: string, upper: boolean): string =>
  Array.from(text, (char) => `\\u${(upper ? char.charCodeAt(0).toString(16).toUpperCase() : char.charCodeAt(0).toString(16)).padStart(4, '0')}`).join('');
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether `text` gives `secret` away, judged independently of the code under test: with JSON
 * escapes and percent-encoding undone it holds the secret, or a base64 run (either alphabet),
 * decoded from any of its four positions, does.
 */
function leaks(text: string, secret: string): boolean {
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))).replace(/\\\//g, '/');
  const decoded = unescaped.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));
  for (const candidate of [text, unescaped, decoded]) {
    if (candidate.includes(secret)) return true;
    for (const run of candidate.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
      for (let start = 0; start < 4; start++) if (Buffer.from(run.slice(start), 'base64').toString('latin1').includes(secret)) return true;
    }
  }
  return false;
}

/** Every secret's leak in an answer: its body and each header. */
function leaksOf(body: string, headers: Headers): string[] {
  const found: string[] = [];
  for (const [name, secret] of [['key', KEY], ['token', TOKEN]] as const) {
    if (leaks(body, secret)) found.push(`${name} in the body`);
    headers.forEach((value, header) => {
      if (leaks(value, secret) || leaks(header, secret)) found.push(`${name} in ${header}`);
    });
  }
  return found;
}

/** What the upstream received. */
interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

interface Upstream {
  readonly url: string;
  readonly received: Received[];
  close(): Promise<void>;
}

/** A plain `node:http` server on 127.0.0.1 whose answers the test writes. */
async function startUpstream(handler: (request: Received, response: ServerResponse) => void | Promise<void>): Promise<Upstream> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const entry = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(parts) };
      received.push(entry);
      void handler(entry, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The hostile answer: the `Authorization` it received echoed in the body (as JSON text, every
 * character `\u`-escaped in either case, only its slashes escaped, base64 of the header and of a
 * Basic `user:key`, percent-encoded) and in headers, the host's token (as if leaked to it) too,
 * around ordinary content that must come through as it was.
 */
function echoAnswer(request: Received, response: ServerResponse, status: number): void {
  const authorization = String(request.headers['authorization'] ?? '');
  const key = authorization.replace(/^Bearer /, '');
  const body = [
    `{"error":{"message":"Incorrect API key provided: ${authorization}","type":"invalid_request_error"},`,
    `"escaped":"${jsonEscapeAll(authorization, true)}","lower":"${jsonEscapeAll(key, false)}","slashes":"${key.replaceAll('/', '\\/')}",`,
    `"base64":"${base64(authorization)}","basic":"Basic ${base64(`user:${key}`)}","url":"https://x.test/?key=${encodeURIComponent(key)}",`,
    `"token":"${TOKEN}","token64":"${base64(`Bearer ${TOKEN}`)}","tokenEscaped":"${jsonEscapeAll(TOKEN, false)}",`,
    `"data":[{"id":"qwen3:8b","object":"model"}],"models":[{"name":"llama3.2:latest"}]}`,
  ].join('');
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-echo-authorization': authorization,
    'x-echo-base64': base64(authorization),
    'x-echo-token': `token=${encodeURIComponent(TOKEN)}`,
    'set-cookie': [`session=${key}; HttpOnly`, 'plain=1'],
    'www-authenticate': `Bearer realm="${key}"`,
    'x-ordinary': 'kept as it is',
  });
  response.end(body);
}

let upstream: Upstream | undefined;
let host: TestHost | undefined;
afterEach(async () => {
  // Whatever the test, the host's log never holds either secret.
  if (host !== undefined) expect([leaks(host.logs(), KEY), leaks(host.logs(), TOKEN)]).toEqual([false, false]);
  await host?.close();
  await upstream?.close();
  host = undefined;
  upstream = undefined;
});

/** A host whose gateway's upstream (with the API key `KEY`) is `handler`, and whose bearer token is `TOKEN`. */
async function start(handler: (request: Received, response: ServerResponse) => void | Promise<void>): Promise<{ upstream: Upstream; host: TestHost }> {
  upstream = await startUpstream(handler);
  const config = [
    'gateway:',
    '  upstream:',
    `    base_url: ${upstream.url}/v1`,
    '    type: openai-compatible',
    '    api_key_env: GATEWAY_TEST_KEY',
    '  timeout_ms: 5000',
    '  auth_token_env: GATEWAY_TEST_TOKEN',
    '',
  ].join('\n');
  host = await startTestHost({ gateway: true, config, env: { GATEWAY_TEST_KEY: KEY, GATEWAY_TEST_TOKEN: TOKEN } });
  return { upstream, host };
}

const AUTH = { authorization: `Bearer ${TOKEN}` };

describe('gateway pass-through: no secret reaches the client', () => {
  const routes = [
    ['GET', '/v1/models', undefined],
    ['POST', '/v1/embeddings', JSON.stringify({ model: 'nomic-embed-text', input: ['hello'] })],
    ['GET', '/api/tags', undefined],
  ] as const;
  for (const status of [500, 200]) {
    it.each(routes)(`%s %s: an upstream ${status} echoing Authorization in its body and headers gives neither the key nor the token away`, async (method, path, body) => {
      const { upstream: server, host: gateway } = await start((request, response) => echoAnswer(request, response, status));
      const answer = await fetch(`${gateway.baseUrl}${path}`, { method, headers: { ...AUTH, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) });
      const text = await answer.text();

      expect(answer.status).toBe(status);
      expect(leaksOf(text, answer.headers)).toEqual([]);
      // The upstream did echo the key: the gateway redacted it, it did not just fail to send it.
      expect(server.received[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(text).toContain(`"message":"Incorrect API key provided: Bearer ${REDACTED}"`);
      expect(text).toContain(`"token":"${REDACTED}"`);
      // Ordinary content, as it was.
      expect(text).toContain('"data":[{"id":"qwen3:8b","object":"model"}],"models":[{"name":"llama3.2:latest"}]}');
      expect(answer.headers.get('x-ordinary')).toBe('kept as it is');
      expect(answer.headers.get('content-type')).toBe('application/json');
      // Credentials are not forwarded at all; other headers are scrubbed.
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('www-authenticate')).toBeNull();
      expect(answer.headers.get('x-echo-authorization')).toBe(`Bearer ${REDACTED}`);
      // The redacted body is not the upstream's length: Node frames it.
      expect(answer.headers.get('content-length')).toBeNull();
      if (body !== undefined) expect(server.received[0]!.body.toString('utf8')).toBe(body);
    });
  }

  it('streams an NDJSON answer as it comes, catching secrets cut between writes, and passes the rest byte for byte', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const escapedKey = jsonEscapeAll(KEY, false);
    const keyBase64 = base64(`Bearer ${KEY}`);
    const writes = [
      '{"status":"pulling manifest"}\n',
      // Held back by the upstream until the client has read the line above: it is not buffered whole.
      `{"status":"error: key Bearer ${KEY.slice(0, 9)}`,
      `${KEY.slice(9)}"}\n{"status":"escaped ${escapedKey.slice(0, 40)}`,
      `${escapedKey.slice(40, 43)}`,
      `${escapedKey.slice(43)}"}\n{"status":"b64 ${keyBase64.slice(0, 17)}`,
      `${keyBase64.slice(17)}"}\n{"status":"token ${TOKEN.slice(0, 5)}`,
      `${TOKEN.slice(5)}"}\n{"status":"success","digest":"sha256:0123","total":4096,"completed":4096}\n`,
    ];
    const { host: gateway } = await start(async (_, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(writes[0]);
      await released;
      for (const write of writes.slice(1)) {
        response.write(write);
        await delay(20);
      }
      response.end();
    });
    const answer = await fetch(`${gateway.baseUrl}/api/pull`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'llama3.2' }) });
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString('utf8')).toBe('{"status":"pulling manifest"}\n');
    release();
    let text = Buffer.from(first.value!).toString('utf8');
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += Buffer.from(part.value).toString('utf8');

    expect(leaksOf(text, answer.headers)).toEqual([]);
    const lines = text.split('\n');
    expect(lines[1]).toBe(`{"status":"error: key Bearer ${REDACTED}"}`);
    expect(lines[2]).toBe(`{"status":"escaped ${REDACTED}"}`);
    expect(lines[3]).toMatch(/^\{"status":"b64 QmVhcmVy.{0,2}\[REDACTED\].{0,3}"\}$/);
    expect(lines[4]).toBe(`{"status":"token ${REDACTED}"}`);
    expect(lines[5]).toBe('{"status":"success","digest":"sha256:0123","total":4096,"completed":4096}');
  });

  it('passes a large or binary answer without a secret byte for byte', async () => {
    const binary = randomBytes(256 * 1024);
    const embedding = JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: Array.from({ length: 20_000 }, (_, i) => Math.sin(i)) }] });
    const { host: gateway } = await start((request, response) => {
      if (request.path.startsWith('/api/blobs')) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        // In uneven pieces, so a piece may end inside a UTF-8 sequence or on a byte that could begin an escape.
        for (let at = 0; at < binary.length; at += 7001) response.write(binary.subarray(at, at + 7001));
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(embedding);
    });
    const blob = await fetch(`${gateway.baseUrl}/api/blobs/sha256-abc`, { headers: AUTH });
    expect(Buffer.from(await blob.arrayBuffer()).equals(binary)).toBe(true);
    const embeddings = await fetch(`${gateway.baseUrl}/v1/embeddings`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"input":"x"}' });
    // Compared as a boolean: a difference would print the whole body.
    expect((await embeddings.text()) === embedding).toBe(true);
  });

  it.each([
    ['/v1/models', 'openai'],
    ['/api/tags', 'ollama'],
  ] as const)('%s: asks the upstream for identity encoding, and refuses a compressed answer with 502 in the %s shape', async (path, shape) => {
    const { upstream: server, host: gateway } = await start((request, response) => {
      response.writeHead(500, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync(`{"error":"bad key ${String(request.headers['authorization'])}"}`));
    });
    const answer = await fetch(`${gateway.baseUrl}${path}`, { headers: { ...AUTH, 'accept-encoding': 'gzip, br' } });
    const text = await answer.text();
    expect(server.received[0]!.headers['accept-encoding']).toBe('identity');
    expect(answer.status).toBe(502);
    expect(leaksOf(text, answer.headers)).toEqual([]);
    const body = JSON.parse(text) as { error: string | { code: string; message: string } };
    if (shape === 'openai') expect(body.error).toMatchObject({ code: 'ACODE-MDL-005', message: expect.stringContaining('content encoding (gzip)') });
    else expect(body.error).toMatch(/^ACODE-MDL-005: .*content encoding \(gzip\)/);
  });

  it("forwards neither the client's credentials nor the host's token, and sends the body read with its length", async () => {
    const { upstream: server, host: gateway } = await start((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    const body = JSON.stringify({ model: 'nomic-embed-text', input: 'é'.repeat(100) });
    const answer = await fetch(`${gateway.baseUrl}/v1/embeddings?x=1`, {
      method: 'POST',
      headers: {
        ...AUTH,
        cookie: 'session=abc',
        'proxy-authorization': 'Basic eDp5',
        'x-api-key': TOKEN,
        'x-also-token': base64(`user:${TOKEN}`),
        'x-custom': 'passes',
        'content-type': 'application/json',
      },
      body,
    });
    expect(await answer.text()).toBe('{"ok":true}');
    const received = server.received[0]!;
    expect(received.method).toBe('POST');
    expect(received.path).toBe('/v1/embeddings?x=1');
    expect(received.headers['authorization']).toBe(`Bearer ${KEY}`);
    for (const name of ['cookie', 'proxy-authorization', 'x-api-key', 'x-also-token']) expect(received.headers[name]).toBeUndefined();
    expect(received.headers['x-custom']).toBe('passes');
    expect(received.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(received.body.toString('utf8')).toBe(body);
    expect(JSON.stringify(received.headers)).not.toContain(TOKEN);
  });
});
