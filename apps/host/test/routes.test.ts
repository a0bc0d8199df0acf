import { TOOL_CATEGORIES } from '@acode/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/raw-http.js';
import { startTestHost, WEATHER_V1, WEATHER_V2, type TestHost } from './support/test-host.js';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.close());

const get = (path: string, init?: RequestInit) => fetch(`${host.baseUrl}${path}`, init);
/** The parsed body; tests assert its shape. */
const json = (response: Response): Promise<any> => response.json();

describe('GET /healthz', () => {
  it('reports ok with the number of tools', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    const body = await json(response);
    // This test host is built without the execution side: no built registry to report.
    expect(body).toEqual({ status: 'ok', tools: host.registry.size, uptime_s: expect.any(Number), tool_registry: null });
    // the four core tools of scenario 1 plus the two test tools
    expect(body.tools).toBeGreaterThanOrEqual(4 + 2);
  });

  it('answers HEAD without a body', async () => {
    const response = await get('/healthz', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('GET /v1/tools', () => {
  it('lists the highest version of every tool, sorted by name', async () => {
    const response = await get('/v1/tools');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const tools: Array<{ name: string; version: string }> = await json(response);
    const names = tools.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['file_read', 'file_write', 'directory_list', 'command_execute', 'weather_lookup']));
    expect(tools.find((t) => t.name === 'weather_lookup')?.version).toBe('2.0.0');
  });

  it('filters by category', async () => {
    const tools: Array<{ name: string; category?: string }> = await json(await get('/v1/tools?category=network'));
    expect(tools.map((t) => t.name)).toContain('weather_lookup');
    expect(tools.every((t) => t.category === 'network')).toBe(true);
  });

  it('refuses an unknown category with the valid list', async () => {
    const response = await get('/v1/tools?category=Web');
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error.code).toBe('ACODE-HST-001');
    expect(body.error.message).toContain('Unknown category');
    expect(body.error.allowed_values).toEqual([...TOOL_CATEGORIES]);
    expect(body.error.correlation_id).toBe(response.headers.get('x-correlation-id'));
  });

  it('refuses a repeated category', async () => {
    const response = await get('/v1/tools?category=network&category=system');
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("Query parameter 'category' may be given once");
  });
});

describe('GET /v1/tools/{name}', () => {
  it('returns the highest version by default', async () => {
    const response = await get('/v1/tools/weather_lookup');
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ name: 'weather_lookup', version: '2.0.0', parameters: WEATHER_V2.parameters });
    expect(response.headers.get('content-location')).toBeNull();
  });

  it('returns an exact version or the highest in a range', async () => {
    expect((await json(await get('/v1/tools/weather_lookup?version=1.0.0'))).version).toBe('1.0.0');
    expect((await json(await get('/v1/tools/weather_lookup?version=%5E1'))).version).toBe('1.0.0');
    expect((await json(await get('/v1/tools/weather_lookup?version=%3E%3D1.0.0'))).version).toBe('2.0.0');
  });

  it('resolves aliases and case, naming the canonical resource', async () => {
    for (const name of ['get_weather', 'WEATHER_LOOKUP', 'Get_Weather']) {
      const response = await get(`/v1/tools/${name}`);
      expect(response.status).toBe(200);
      expect((await json(response)).name).toBe('weather_lookup');
      expect(response.headers.get('content-location')).toBe('/v1/tools/weather_lookup');
    }
    const coreAlias = await get('/v1/tools/read_file');
    expect((await json(coreAlias)).name).toBe('file_read');
  });

  it('answers an unknown tool with the TSR-001 envelope', async () => {
    const response = await get('/v1/tools/wether_lookup');
    expect(response.status).toBe(404);
    const body = await json(response);
    expect(body).toMatchObject({
      success: false,
      tool: 'wether_lookup',
      errors: [{ path: '', code: 'ACODE-TSR-001', message: "Unknown tool: 'wether_lookup'" }],
      did_you_mean: 'weather_lookup',
      correlation_id: response.headers.get('x-correlation-id'),
    });
    expect(body.available_tools).toEqual(expect.arrayContaining(['file_read', 'weather_lookup']));
    // The near name is said once, in did_you_mean, not again in the suggestion.
    expect(body.errors[0].suggestion).toBe('Use one of the available tools');
  });

  it('answers a version that does not exist with a 404 that lists the versions', async () => {
    const response = await get('/v1/tools/weather_lookup?version=3.0.0');
    expect(response.status).toBe(404);
    const body = await json(response);
    expect(body.errors[0].code).toBe('ACODE-TSR-001');
    expect(body.errors[0].suggestion).toBe('Use one of the available versions (2.0.0, 1.0.0), or omit the version for the highest');
  });

  it('refuses an empty version', async () => {
    const response = await get('/v1/tools/weather_lookup?version=');
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatchObject({ code: 'ACODE-HST-001', message: "Query parameter 'version' must not be empty" });
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text including the registry size', async () => {
    await fetch(`${host.baseUrl}/v1/tools/weather_lookup/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"city":"Oslo"}',
    });
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('acode_tool_registry_size');
    expect(text).toMatch(/acode_tool_validations_total\{[^}]*tool_name="weather_lookup"[^}]*\} \d+/);
  });
});

describe('routing', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const response = await get('/v2/tools');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({
      error: { code: 'ACODE-HST-001', message: 'No such endpoint', correlation_id: response.headers.get('x-correlation-id') },
    });
  });

  it.each([
    ['DELETE', '/v1/tools/file_read', 'GET, HEAD'],
    ['POST', '/v1/tools', 'GET, HEAD'],
    ['GET', '/v1/tools/file_read/validate', 'POST'],
    ['PUT', '/healthz', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const response = await send(host.port, { method, path });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe(allow);
    expect(response.json().error.code).toBe('ACODE-HST-001');
  });

  it('refuses bad percent-encoding with 400, not a crash', async () => {
    const response = await send(host.port, { method: 'GET', path: '/v1/tools/%E0%A4%A' });
    expect(response.status).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'ACODE-HST-001', message: 'The request path has malformed percent-encoding' });
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('correlation ids', () => {
  it('honours a sane incoming id and echoes it', async () => {
    const response = await get('/v1/tools/nope', { headers: { 'X-Correlation-Id': 'trace-123.a_b' } });
    expect(response.headers.get('x-correlation-id')).toBe('trace-123.a_b');
    expect((await json(response)).correlation_id).toBe('trace-123.a_b');
  });

  it('replaces an id that is not a sane token', async () => {
    for (const id of ['x'.repeat(65), 'a b', 'a;b', '<script>']) {
      const response = await get('/v1/tools/nope', { headers: { 'X-Correlation-Id': id } });
      const echoed = response.headers.get('x-correlation-id');
      expect(echoed).not.toBe(id);
      expect(echoed).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect((await json(response)).correlation_id).toBe(echoed);
    }
  });

  it('gives each request its own id', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await get('/healthz')).headers.get('x-correlation-id')));
    expect(new Set(ids).size).toBe(3);
  });
});

describe('definition bodies', () => {
  it('serves the definition as registered', async () => {
    const body = await json(await get('/v1/tools/weather_lookup?version=1.0.0'));
    expect(body).toEqual(expect.objectContaining({ name: WEATHER_V1.name, description: WEATHER_V1.description, aliases: ['get_weather'] }));
  });
});
