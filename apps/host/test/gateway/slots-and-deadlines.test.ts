import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

// A gateway slot is taken only once the body is read (bounded by gateway.body_timeout_ms), and a
// request as a whole is bounded by gateway.request_timeout_ms: a 504 ACODE-GTW-005, or an error
// event once its stream began, never a silent close.

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
let upstream: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await fixture?.close();
  fixture = undefined;
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => (upstream === undefined ? resolve() : upstream.close(() => resolve())));
  upstream = undefined;
});

/** A raw client that sends its head and then one byte of its body every `everyMs`, never finishing; resolves with all it received once the host closes. */
function trickler(baseUrl: string, everyMs: number): { readonly received: Promise<{ text: string; closedAfterMs: number }> } {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  const started = performance.now();
  const body = JSON.stringify({ model: 'm', messages: MESSAGES });
  socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < body.length - 1 && socket.writable) socket.write(body[sent++]!);
  }, everyMs);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (piece: string) => (text += piece));
  socket.on('error', () => undefined);
  const received = new Promise<{ text: string; closedAfterMs: number }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: performance.now() - started });
    }),
  );
  return { received };
}

/** A streamed request read with node:http: the body as text and the trailers. */
function rawPost(baseUrl: string, path: string, body: object): Promise<{ status: number; text: string; trailers: Record<string, string | undefined>; elapsedMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, trailers: res.trailers, elapsedMs: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * An OpenAI-compatible upstream that never finishes: a streamed answer gets a text chunk every
 * `everyMs`, a whole one its headers and then a space every `everyMs` (each under the idle timeout).
 */
async function tricklingUpstream(everyMs: number): Promise<string> {
  upstream = createServer((req, res) => {
    let raw = '';
    req.on('data', (piece: Buffer) => (raw += piece.toString('utf8')));
    req.on('end', () => {
      const streamed = (JSON.parse(raw) as { stream?: boolean }).stream === true;
      res.writeHead(200, { 'content-type': streamed ? 'text/event-stream' : 'application/json' });
      res.flushHeaders();
      const timer = setInterval(() => {
        if (!streamed) return void res.write(' ');
        const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'more ' }, finish_reason: null }] };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }, everyMs);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
}

async function metricsText(f: GatewayFixture): Promise<string> {
  return (await fetch(`${f.host.baseUrl}/metrics`)).text();
}

describe('a slot is taken only once the body is read', () => {
  it('serves a normal request while more clients than slots trickle their bodies, and answers those 408 ACODE-GTW-005 at body_timeout_ms, closing them', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } }], { maxConcurrentUpstream: 4, bodyTimeoutMs: 1_500 });
    // Slots (4) plus as many waiting (4) plus more: were slots taken before the body, the normal request would get 503.
    const clients = Array.from({ length: 12 }, () => trickler(fixture!.host.baseUrl, 100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const normal = await rawPost(fixture.host.baseUrl, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS });
    expect(normal.status).toBe(200);
    expect(normal.elapsedMs).toBeLessThan(1_000);
    expect((JSON.parse(normal.text) as { choices: Array<{ message: { tool_calls: unknown[] } }> }).choices[0]!.message.tool_calls).toHaveLength(1);

    const answers = await Promise.all(clients.map((client) => client.received));
    for (const { text, closedAfterMs } of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('"code":"ACODE-GTW-005"');
      expect(text).toMatch(/gateway\.body_timeout_ms/);
      // Answered at the body timeout and closed then, not at some later server-wide timeout.
      expect(closedAfterMs).toBeGreaterThan(1_400);
      expect(closedAfterMs).toBeLessThan(4_000);
    }
    expect(await metricsText(fixture)).toMatch(/acode_gateway_requests_total\{outcome="deadline",route="openai_chat"\} 12\b/);
  });
});

describe('gateway.request_timeout_ms bounds a request in all', () => {
  it('ends a stream whose chunks keep coming under the idle timeout with an error event at the deadline (OpenAI wire)', async () => {
    fixture = await startGateway([], { baseUrl: await tricklingUpstream(300), requestTimeoutMs: 1_500, timeoutMs: 5_000 });
    const { status, text, trailers, elapsedMs } = await rawPost(fixture.host.baseUrl, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    expect(status).toBe(200);
    expect(text).toContain('"content":" more"');
    const events = text.split('\n\n').filter((event) => event.startsWith('data: '));
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(events.at(-2)!.slice(6))).toMatchObject({ error: { code: 'ACODE-GTW-005', type: 'timeout', message: expect.stringMatching(/gateway\.request_timeout_ms/) } });
    expect(trailers['x-acode-outcome']).toBe('deadline');
    expect(elapsedMs).toBeGreaterThan(1_400);
    expect(elapsedMs).toBeLessThan(3_500);
    expect(await metricsText(fixture)).toMatch(/acode_gateway_requests_total\{outcome="deadline",route="openai_chat"\} 1\b/);
  });

  it('ends an Ollama stream with an error line at the deadline', async () => {
    fixture = await startGateway([], { baseUrl: await tricklingUpstream(300), requestTimeoutMs: 1_500, timeoutMs: 5_000 });
    const { status, text } = await rawPost(fixture.host.baseUrl, '/api/chat', { model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    expect(status).toBe(200);
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as { error?: string });
    expect(lines.at(-1)?.error).toMatch(/^ACODE-GTW-005: /);
  });

  it('answers 504 ACODE-GTW-005 in each route shape when a whole answer is still trickling at the deadline', async () => {
    fixture = await startGateway([], { baseUrl: await tricklingUpstream(300), requestTimeoutMs: 1_500, timeoutMs: 5_000 });
    const [openai, ollama] = await Promise.all([
      rawPost(fixture.host.baseUrl, '/v1/chat/completions', { model: 'm', messages: MESSAGES, tools: TOOLS }),
      rawPost(fixture.host.baseUrl, '/api/chat', { model: 'm', messages: MESSAGES, tools: TOOLS, stream: false }),
    ]);
    expect(openai.status).toBe(504);
    expect(JSON.parse(openai.text)).toMatchObject({ error: { code: 'ACODE-GTW-005', type: 'timeout' } });
    expect(ollama.status).toBe(504);
    expect((JSON.parse(ollama.text) as { error: string }).error).toMatch(/^ACODE-GTW-005: /);
    expect(openai.elapsedMs).toBeLessThan(3_500);
  });

  it('answers 504 ACODE-GTW-005 for a pass-through whose upstream does not answer by the deadline', async () => {
    upstream = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
    fixture = await startGateway([], { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, requestTimeoutMs: 1_500, timeoutMs: 5_000 });
    const started = performance.now();
    const response = await fetch(`${fixture.host.baseUrl}/v1/models`);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { code: 'ACODE-GTW-005' } });
    expect(performance.now() - started).toBeLessThan(3_500);
    expect(await metricsText(fixture)).toMatch(/acode_gateway_requests_total\{outcome="deadline",route="pass_through"\} 1\b/);
  });

  it('answers 504 ACODE-GTW-005 when the deadline passes while the body is still arriving (a deadline shorter than body_timeout_ms)', async () => {
    fixture = await startGateway([], { requestTimeoutMs: 1_000, bodyTimeoutMs: 5_000 });
    const { text, closedAfterMs } = await trickler(fixture.host.baseUrl, 100).received;
    expect(text).toMatch(/^HTTP\/1\.1 504 /);
    expect(text).toContain('"code":"ACODE-GTW-005"');
    expect(text).toMatch(/gateway\.request_timeout_ms/);
    // The upstream was never asked, so it is not named as the slow one.
    expect(text).toContain('before the upstream model server was asked: its body was still arriving');
    expect(closedAfterMs).toBeGreaterThan(900);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('cuts a pass-through answer still streaming at the deadline', async () => {
    upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.flushHeaders();
      const timer = setInterval(() => res.write('{"status":"pulling"}\n'), 200);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
    fixture = await startGateway([], { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, requestTimeoutMs: 1_500, timeoutMs: 5_000 });
    const started = performance.now();
    const response = await fetch(`${fixture.host.baseUrl}/api/pull`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"m"}' });
    expect(response.status).toBe(200);
    // The status went out before the deadline: a body cut short is all HTTP can say.
    await expect(response.text()).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThan(1_400);
    expect(performance.now() - started).toBeLessThan(3_500);
  });
});
