import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRawResponse, rawExchange, send } from './support/raw-http.js';
import { startTestHost, type TestHost } from './support/test-host.js';
import { waitFor } from './support/wait-for.js';

let host: TestHost;
beforeAll(async () => {
  // Short timeouts so the slow-client tests finish fast; the defaults are 10 s and 30 s.
  host = await startTestHost({ timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
});
afterAll(() => host.close());

describe('hostile tool names in the path', () => {
  it.each([
    ['%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '../../etc/passwd'],
    ['%00', '\u0000'],
    ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '<script>alert(1)</script>'],
    ['constructor', 'constructor'],
    ['__proto__', '__proto__'],
    ['%F0%9F%94%A5', '🔥'],
    ['%20file_read%20', ' file_read '],
  ])('GET /v1/tools/%s is a JSON answer, never a crash', async (encoded, decoded) => {
    const response = await send(host.port, { method: 'GET', path: `/v1/tools/${encoded}` });
    const body = response.json();
    if (response.status === 200) {
      // Surrounding whitespace is ignored by look-ups (toolNameKey).
      expect(decoded.trim()).toBe('file_read');
      expect(body.name).toBe('file_read');
    } else {
      expect(response.status).toBe(404);
      expect(body.errors[0].code).toBe('ACODE-TSR-001');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('cuts a 2000-character name in the envelope', async () => {
    const name = 'a'.repeat(2_000);
    // A repeated version is the route's own refusal, in the envelope (a body type the host refuses never reaches the route).
    const response = await send(host.port, { method: 'POST', path: `/v1/tools/${name}/validate?version=1&version=2`, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect(response.json().tool).toBe(`${'a'.repeat(64)}…`);
  });

  it('refuses an overlong request target with 414', async () => {
    const response = await send(host.port, { method: 'GET', path: `/v1/tools/${'a'.repeat(3_000)}` });
    expect(response.status).toBe(414);
    expect(response.json().error.code).toBe('ACODE-HST-001');
  });

  it('answers a request head over 16 KiB with 431', async () => {
    const exchange = await rawExchange(host.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { status, body } = parseRawResponse(exchange.text);
    expect(status).toBe(431);
    expect(body.error.code).toBe('ACODE-HST-001');
  });

  it('answers bytes that are not HTTP with 400', async () => {
    const exchange = await rawExchange(host.port, '\u0016\u0003\u0001\u0002\u0000garbage\r\n\r\n');
    const { status, body } = parseRawResponse(exchange.text);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'ACODE-HST-001', message: 'The request is not valid HTTP/1.1' });
    expect(exchange.closedByServer).toBe(true);
  });

  it('refuses an absolute-form target', async () => {
    const exchange = await rawExchange(host.port, 'GET http://evil.example/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(parseRawResponse(exchange.text).status).toBe(400);
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers never finish', async () => {
    const exchange = await rawExchange(host.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', { waitMs: 5_000 });
    expect(exchange.closedByServer).toBe(true);
    const { status, body } = parseRawResponse(exchange.text);
    expect(status).toBe(408);
    expect(body.error).toMatchObject({ code: 'ACODE-HST-001', message: 'The request was not received in time' });
  });

  it('closes a connection whose body never arrives', async () => {
    const exchange = await rawExchange(
      host.port,
      'POST /v1/tools/weather_lookup/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"ci',
      { waitMs: 5_000 },
    );
    expect(exchange.closedByServer).toBe(true);
    expect(parseRawResponse(exchange.text).status).toBe(408);
    // The abandoned request is released, not kept as in flight.
    await waitFor(() => host.server.inFlight === 0);
  });
});

describe('no internals in responses', () => {
  it('never shows a stack trace or class name', async () => {
    const responses = await Promise.all([
      send(host.port, { method: 'GET', path: '/v1/tools/%' }),
      send(host.port, { method: 'GET', path: '/v1/tools/nope' }),
      send(host.port, { method: 'POST', path: '/v1/tools/weather_lookup/validate', headers: { 'content-type': 'application/json' }, body: '{' }),
      send(host.port, { method: 'POST', path: '/v1/tools/weather_lookup/validate', headers: { 'content-type': 'application/json' }, body: '{"city":[1,{"a":null}]}' }),
    ]);
    for (const response of responses) {
      expect(response.text).not.toMatch(/\bat .+\.(?:js|ts):\d+/);
      expect(response.text).not.toMatch(/Exception|TypeError|SyntaxError|URIError/);
    }
  });
});
