import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/raw-http.js';
import { startTestHost, type TestHost } from './support/test-host.js';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.close());

function validate(name: string, body: string | Buffer, options: { contentType?: string | null; query?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  return send(host.port, { method: 'POST', path: `/v1/tools/${name}/validate${options.query ?? ''}`, headers, body });
}

describe('POST /v1/tools/{name}/validate: valid arguments', () => {
  it('returns the arguments with defaults applied', async () => {
    const response = await validate('weather_lookup', '{"city":"Oslo"}', { headers: { 'x-correlation-id': 'v-1' } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      tool: 'weather_lookup',
      version: '2.0.0',
      arguments: { city: 'Oslo', units: 'metric', days: 1 },
      correlation_id: 'v-1',
    });
  });

  it('validates against the version asked for', async () => {
    const response = await validate('weather_lookup', '{"city":"Oslo"}', { query: '?version=1.0.0' });
    expect(response.json()).toMatchObject({ version: '1.0.0', arguments: { city: 'Oslo', units: 'metric' } });
    expect(response.json().arguments).not.toHaveProperty('days');
  });

  it('says when an alias was used', async () => {
    const response = await validate('GET_WEATHER', '{"city":"Oslo"}');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ tool: 'weather_lookup', requested_name: 'GET_WEATHER' });
  });

  it('accepts a charset parameter and a byte order mark', async () => {
    const response = await validate('weather_lookup', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"city":"Zürich"}')]), {
      contentType: 'application/json; charset=UTF-8',
    });
    expect(response.status).toBe(200);
    expect(response.json().arguments.city).toBe('Zürich');
  });
});

describe('POST /v1/tools/{name}/validate: refused arguments', () => {
  it('answers schema violations with 422 and the envelope', async () => {
    const response = await validate('weather_lookup', '{"units":"kelvin","extra":1}');
    expect(response.status).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ success: false, tool: 'weather_lookup', correlation_id: response.headers['x-correlation-id'] });
    expect(body.schema_hint).toContain('weather_lookup');
    const codes = body.errors.map((e: { code: string }) => e.code);
    expect(codes).toEqual(expect.arrayContaining(['ACODE-TSR-003', 'ACODE-TSR-005']));
    const required = body.errors.find((e: { code: string }) => e.code === 'ACODE-TSR-003');
    expect(required.message).toContain('city');
  });

  it('answers a type mismatch with TSR-004', async () => {
    const response = await validate('weather_lookup', '{"city":42}');
    expect(response.status).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ path: '/city', code: 'ACODE-TSR-004' });
  });

  it('never echoes the values of a sensitive tool', async () => {
    const response = await validate('secret_store', '{"secret":"hunter2-is-my-password"}');
    expect(response.status).toBe(422);
    expect(response.text).not.toContain('hunter2');
    expect(host.logs()).not.toContain('hunter2');
  });

  it('answers an unknown tool with 404, the available tools and a suggestion', async () => {
    const response = await validate('weather_lokup', '{"city":"Oslo"}');
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'ACODE-TSR-001' }],
      did_you_mean: 'weather_lookup',
      available_tools: expect.arrayContaining(['weather_lookup']),
    });
  });

  it('answers an unknown version with 404', async () => {
    const response = await validate('weather_lookup', '{"city":"Oslo"}', { query: '?version=9.9.9' });
    expect(response.status).toBe(404);
    expect(response.json().errors[0].code).toBe('ACODE-TSR-001');
  });

  it.each([
    ['{"city":', 'truncated'],
    ['{city:"Oslo"}', 'unquoted key'],
    ['', 'empty body'],
    ['[]', 'not an object'],
    ['"Oslo"', 'a string'],
    ['{"city":"Oslo"} trailing', 'trailing text'],
  ])('answers malformed JSON (%s: %s) with 400 and TSR-002', async (text) => {
    const response = await validate('weather_lookup', text);
    expect(response.status).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, tool: 'weather_lookup' });
    expect(body.errors[0].code).toBe('ACODE-TSR-002');
  });

  it('answers bytes that are not UTF-8 with 400 and TSR-002', async () => {
    const response = await validate('weather_lookup', Buffer.from([0x7b, 0x22, 0x63, 0xff, 0xfe, 0x22, 0x7d]));
    expect(response.status).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'ACODE-TSR-002', message: 'The arguments are not valid UTF-8 text' });
  });

  it('answers 100k levels of nesting with TSR-009, quickly and without a crash', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    // Nesting is refused while parsing, before the schema is consulted.
    const response = await validate('weather_lookup', `{"city":${deep}}`);
    expect(response.status).toBe(422);
    expect(response.json().errors[0].code).toBe('ACODE-TSR-009');
    const unbalanced = await validate('weather_lookup', '{"city":' + '['.repeat(100_000));
    expect([400, 422]).toContain(unbalanced.status);
    expect(['ACODE-TSR-002', 'ACODE-TSR-009']).toContain(unbalanced.json().errors[0].code);
    expect((await fetch(`${host.baseUrl}/healthz`)).status).toBe(200);
  });

  it.each([
    [null, 'missing'],
    ['text/plain', 'text'],
    ['application/x-www-form-urlencoded', 'form'],
    ['application/json; charset=latin1', 'another charset'],
  ])('refuses content type %s (%s) with 415 ACODE-HST-009 before the route runs', async (contentType: string | null, _label: string) => {
    const response = await validate('weather_lookup', '{"city":"Oslo"}', { contentType });
    expect(response.status).toBe(415);
    // The host's access rule refuses any body that is not JSON, for every route, in the host's error shape.
    expect(response.json()).toMatchObject({ error: { code: 'ACODE-HST-009', message: expect.stringContaining('application/json') } });
  });

  it('refuses a repeated version with 400 and the envelope', async () => {
    const response = await validate('weather_lookup', '{"city":"Oslo"}', { query: '?version=1.0.0&version=2.0.0' });
    expect(response.status).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'ACODE-HST-001', message: "Query parameter 'version' may be given once" });
  });
});

describe('POST /v1/tools/{name}/validate: oversized bodies', () => {
  it('refuses a declared 2 MiB body before reading it', async () => {
    const twoMiB = 2 * 1024 * 1024;
    const outcome = await new Promise<{ status: number; body: any; written: number }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'POST',
          path: '/v1/tools/weather_lookup/validate',
          headers: { 'content-type': 'application/json', 'content-length': twoMiB },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), written }));
        },
      );
      req.on('error', reject);
      // Only the first 16 KiB are ever sent: an answer proves the host did not wait for the rest.
      const written = 16 * 1024;
      req.write(Buffer.alloc(written, 0x20));
    });
    expect(outcome.status).toBe(413);
    expect(outcome.written).toBeLessThan(twoMiB);
    expect(outcome.body.errors[0]).toMatchObject({
      code: 'ACODE-TSR-009',
      message: `Arguments exceed the maximum size of ${host.limits.maxArgumentSizeBytes} bytes`,
    });
  });

  it('stops reading a chunked body at the limit and answers while the client is still sending', async () => {
    const outcome = await new Promise<{ status: number; body: any; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = request(
        { host: '127.0.0.1', port: host.port, method: 'POST', path: '/v1/tools/weather_lookup/validate', headers: { 'content-type': 'application/json' } },
        (res) => {
          answered = true;
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), written }));
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Keep sending, never ending the body, up to 2 MiB; the answer must come anyway.
      const pump = (): void => {
        while (!answered && written < 2 * 1024 * 1024) {
          written += chunk.byteLength;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.body.errors[0].code).toBe('ACODE-TSR-009');
    expect((await fetch(`${host.baseUrl}/healthz`)).status).toBe(200);
  });

  it('accepts a body just under the limit', async () => {
    const padding = ' '.repeat(host.limits.maxArgumentSizeBytes - 20);
    const response = await validate('weather_lookup', `{"city":"Oslo"}${padding}`);
    expect(response.status).toBe(200);
  });
});
