import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../support/test-host.js';
import { TICKET } from './ticket-definition.js';

// Issue 16: hostile inputs on the definition routes and the bound on GET /v1/events. Each refusal
// is a clear code, the host keeps answering, and nothing is stored.

let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});


async function send(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(`${host!.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

async function storedNames(): Promise<string[]> {
  const list = await send('GET', '/v1/definitions');
  return list.json.definitions.filter((entry: any) => entry.source === 'stored').map((entry: any) => entry.name);
}

function openStream(): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${host!.baseUrl}/v1/events`);
    request.on('response', (response) => resolve({ request, response }));
    request.on('error', reject);
    request.end();
  });
}

describe('/v1/definitions with hostile bodies', () => {
  it('refuses parameters nested 10,000 levels deep (within 256 KiB) with a code and a path, stores nothing, and keeps serving', async () => {
    host = await startTestHost();
    const depth = 10_000;
    const nested = `${'{"items":'.repeat(depth)}{"type":"string"}${'}'.repeat(depth)}`;
    const body = `{"name":"deep_tool","description":"Deep.","version":"1.0.0","category":"general","parameters":{"type":"object","properties":{"a":${nested}}}}`;
    expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    const refused = await send('POST', '/v1/definitions', body);
    expect(refused.status).toBe(400);
    expect(refused.json.error.refusal).toBe('invalid');
    expect(refused.json.error.errors[0].code).toMatch(/^ACODE-[A-Z]{3}-\d{3}$/);
    expect(refused.json.error.errors[0].path).toMatch(/^\/parameters/);
    expect(await storedNames()).toEqual([]);
    expect((await send('POST', '/v1/definitions', TICKET)).status).toBe(201);
  });

  it('refuses a schema nested 20,000 levels through anyOf (which the property walk does not follow) with a 400, not a crash', async () => {
    host = await startTestHost();
    const depth = 20_000;
    const nested = `${'{"anyOf":['.repeat(depth)}{"type":"string"}${']}'.repeat(depth)}`;
    const body = `{"name":"deep_tool","description":"Deep.","version":"1.0.0","parameters":{"type":"object","properties":{"a":${nested}}}}`;
    expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    const refused = await send('POST', '/v1/definitions', body);
    expect(refused.status).toBe(400);
    expect(refused.json.error.errors.map((error: { code: string }) => error.code)).toContain('ACODE-TSR-006');
    expect(await storedNames()).toEqual([]);
  });

  it('refuses a body nested past 256 KiB as too large (413 ACODE-HST-001) before parsing it', async () => {
    host = await startTestHost();
    const depth = 10_000;
    const nested = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
    const body = `{"name":"deep_tool","description":"Deep.","version":"1.0.0","category":"general","parameters":${nested}}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(256 * 1024);
    const refused = await send('POST', '/v1/definitions', body);
    expect(refused.status).toBe(413);
    expect(refused.json.error.code).toBe('ACODE-HST-001');
    expect(await storedNames()).toEqual([]);
  });

  it('refuses a huge number of properties and a hostile name cleanly', async () => {
    host = await startTestHost();
    const properties = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const many = await send('POST', '/v1/definitions', { ...TICKET, parameters: { type: 'object', properties } });
    expect(many.status).toBe(400);
    expect(many.json.error.refusal).toBe('invalid');
    expect(many.json.error.errors[0]).toMatchObject({ code: 'ACODE-TSR-006', path: '/parameters' });
    const hostileName = `evil\u0000\n\u001b[31m${'x'.repeat(10 * 1024)}`;
    const named = await send('POST', '/v1/definitions', { ...TICKET, name: hostileName });
    expect(named.status).toBe(400);
    expect(named.json.error.refusal).toBe('invalid');
    expect(named.json.error.errors.map((error: any) => error.path)).toContain('/name');
    expect(named.json.error.errors.find((error: any) => error.path === '/name').code).toBe('ACODE-DEF-001');
    expect(JSON.stringify(named.json).length).toBeLessThan(10 * 1024);
    expect(await storedNames()).toEqual([]);
  });

  it('refuses PUT on an unknown id (404) and on a built-in, which has no stored id to change', async () => {
    host = await startTestHost();
    const unknown = await send('PUT', '/v1/definitions/no-such-id', TICKET);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('ACODE-TDS-004');
    // Built-ins are listed with no id (locked): their name is no stored id, so there is nothing to replace.
    const builtIn = await send('PUT', '/v1/definitions/file_read', { ...TICKET, name: 'file_read' });
    expect(builtIn.status).toBe(404);
    expect(builtIn.json.error.code).toBe('ACODE-TDS-004');
    expect(await storedNames()).toEqual([]);
    expect((await send('POST', '/v1/tools/file_read/validate', { path: 'README.md' })).status).not.toBe(404);
  });
});

describe('definition metrics and failure log lines', () => {
  it('counts the definitions per category and each validation failure, with a [TLS-DEF] warning naming codes and paths', async () => {
    host = await startTestHost();
    const created = await send('POST', '/v1/definitions', TICKET);
    expect(created.status).toBe(201);
    expect((await send('POST', '/v1/definitions', { ...TICKET, name: 'Bad\nName' })).status).toBe(400);
    const metrics = await (await fetch(`${host.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^acode_tool_definitions\{category="external_api"\} 1$/m);
    expect(metrics).toMatch(/^acode_tool_definitions_validation_failures_total 1$/m);
    expect(host.logs()).toContain('[TLS-DEF] Tool definition validation failed. Name: Bad?Name, Errors: ACODE-DEF-001 at /name');
    await send('DELETE', `/v1/definitions/${created.json.definition.id}`);
    expect(await (await fetch(`${host.baseUrl}/metrics`)).text()).toMatch(/^acode_tool_definitions\{category="external_api"\} 0$/m);
  });
});

describe('GET /v1/events bound', () => {
  it('needs the bearer token when the host has one (401 ACODE-HST-005), and opens with it', async () => {
    host = await startTestHost({ config: 'gateway:\n  auth_token_env: ADMIN_TOKEN_FOR_TEST\n', env: { ADMIN_TOKEN_FOR_TEST: 'the-admin-token' } });
    const refused = await send('GET', '/v1/events');
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe('ACODE-HST-005');
    const opened = await new Promise<{ request: ClientRequest; response: IncomingMessage }>((resolve, reject) => {
      const request = httpRequest(`${host!.baseUrl}/v1/events`, { headers: { authorization: 'Bearer the-admin-token' } });
      request.on('response', (response) => resolve({ request, response }));
      request.on('error', reject);
      request.end();
    });
    expect(opened.response.statusCode).toBe(200);
    opened.request.destroy();
  });

  it('answers 503 ACODE-HST-007 with Retry-After past 32 streams, and a closed stream frees its slot', async () => {
    host = await startTestHost();
    const streams = await Promise.all(Array.from({ length: 32 }, () => openStream()));
    try {
      expect(streams.every((stream) => stream.response.statusCode === 200)).toBe(true);
      const refused = await send('GET', '/v1/events');
      expect(refused.status).toBe(503);
      expect(refused.json.error.code).toBe('ACODE-HST-007');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      const closing = streams.pop()!;
      closing.request.destroy();
      let next: { request: ClientRequest; response: IncomingMessage } | undefined;
      await expect
        .poll(
          async () => {
            const attempt = await openStream();
            if (attempt.response.statusCode === 200) {
              next = attempt;
              return 200;
            }
            attempt.response.resume();
            return attempt.response.statusCode;
          },
          { timeout: 5000 },
        )
        .toBe(200);
      streams.push(next!);
      expect((await send('GET', '/v1/events')).status).toBe(503);
    } finally {
      for (const stream of streams) stream.request.destroy();
    }
  });
});
