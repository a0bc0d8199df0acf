import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../support/test-host.js';
import { TICKET } from './ticket-definition.js';

// Issue 16 items 2, 4 and 6 over HTTP on 127.0.0.1: definitions created, changed and deleted
// while the host runs, callable (or not) at once; every refusal a code and a field path.

let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});


async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(`${host!.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

const validate = (name: string, args: unknown) => send('POST', `/v1/tools/${name}/validate`, args);

describe('/v1/definitions', () => {
  it('creates a definition that validates at once, lists it beside the locked built-ins, and reads it by id', async () => {
    host = await startTestHost();
    expect((await validate('ticket_create', { title: 'Printer on fire' })).status).toBe(404);
    const created = await send('POST', '/v1/definitions', TICKET, { 'x-acode-actor': 'ops' });
    expect(created.status).toBe(201);
    expect(created.json.definition).toMatchObject({ name: 'ticket_create', version: '1.0.0', source: 'stored', locked: false, created_by: 'ops' });
    expect((await validate('ticket_create', { title: 'Printer on fire' })).status).toBe(200);
    const list = await send('GET', '/v1/definitions');
    const byName = new Map(list.json.definitions.map((entry: any) => [entry.name, entry]));
    expect(byName.get('ticket_create')).toMatchObject({ source: 'stored', locked: false });
    expect(byName.get('file_read')).toMatchObject({ source: 'built_in', locked: true, is_built_in: true, id: null });
    const one = await send('GET', `/v1/definitions/${created.json.definition.id}`);
    expect(one.json.definition.definition.parameters).toEqual(TICKET.parameters);
  });

  it('refuses a bad definition with every error, its code and field path, and stores nothing', async () => {
    host = await startTestHost();
    const refused = await send('POST', '/v1/definitions', { ...TICKET, name: 'Ticket Create', parameters: { type: 'object', properties: { title: {} } } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.refusal).toBe('invalid');
    expect(refused.json.error.errors.map((error: any) => error.path)).toEqual(expect.arrayContaining(['/name', '/parameters/properties/title']));
    expect(refused.json.error.errors.every((error: any) => /^ACODE-[A-Z]{3}-\d{3}$/.test(error.code))).toBe(true);
    const list = await send('GET', '/v1/definitions');
    expect(list.json.definitions.filter((entry: any) => entry.source === 'stored')).toEqual([]);
  });

  it('refuses a custom definition on the core tier (403 ACODE-LIC-001) and a built-in name (409)', async () => {
    host = await startTestHost({ config: 'license:\n  tier: core\n' });
    const core = await send('POST', '/v1/definitions', TICKET);
    expect(core.status).toBe(403);
    expect(core.json.error).toMatchObject({ code: 'ACODE-LIC-001', refusal: 'license' });
    expect(core.json.error.message).toContain('core');
    await host.close();
    host = await startTestHost();
    const builtIn = await send('POST', '/v1/definitions', { ...TICKET, name: 'file_read', version: '9.0.0' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.json.error.refusal).toBe('built_in');
  });

  it('updates and deletes live: the registry serves the new schema, then no tool at all', async () => {
    host = await startTestHost();
    const created = await send('POST', '/v1/definitions', TICKET);
    const id = created.json.definition.id;
    const widened = { ...TICKET, parameters: { ...TICKET.parameters, properties: { ...TICKET.parameters.properties, priority: { type: 'string', enum: ['low', 'high'] } } } };
    expect((await validate('ticket_create', { title: 'x', priority: 'high' })).status).toBe(422);
    const updated = await send('PUT', `/v1/definitions/${id}`, widened);
    expect(updated.status).toBe(200);
    expect(updated.json.changed_fields).toEqual(['parameters']);
    expect((await validate('ticket_create', { title: 'x', priority: 'high' })).status).toBe(200);
    expect((await send('DELETE', `/v1/definitions/${id}`)).status).toBe(200);
    expect((await validate('ticket_create', { title: 'x' })).status).toBe(404);
    expect((await send('DELETE', `/v1/definitions/${id}`)).json.error.code).toBe('ACODE-TDS-004');
  });

  it('refuses hostile writes: another site, not JSON, oversized, unreadable', async () => {
    host = await startTestHost();
    const crossSite = await send('POST', '/v1/definitions', TICKET, { origin: 'https://evil.example' });
    expect(crossSite).toMatchObject({ status: 403, json: { error: { code: 'ACODE-HST-006' } } });
    const fetchMetadata = await send('DELETE', '/v1/definitions/whatever', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMetadata.status).toBe(403);
    const sameOrigin = await send('POST', '/v1/definitions', TICKET, { origin: host.baseUrl });
    expect(sameOrigin.status).toBe(201);
    const text = await fetch(`${host.baseUrl}/v1/definitions`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(TICKET) });
    expect(text.status).toBe(415);
    expect((await send('POST', '/v1/definitions', JSON.stringify({ ...TICKET, description: 'x'.repeat(300 * 1024) }))).status).toBe(413);
    expect((await send('POST', '/v1/definitions', '{"name": ')).json.error.code).toBe('ACODE-HST-001');
  });

  it('needs the bearer token on every admin route when the host has one', async () => {
    host = await startTestHost({ config: 'gateway:\n  auth_token_env: ADMIN_TOKEN_FOR_TEST\n', env: { ADMIN_TOKEN_FOR_TEST: 'the-admin-token' } });
    expect((await send('GET', '/v1/definitions')).json.error.code).toBe('ACODE-HST-005');
    expect((await send('POST', '/v1/definitions', TICKET, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await send('POST', '/v1/definitions', TICKET, { authorization: 'Bearer the-admin-token' })).status).toBe(201);
  });
});

describe('GET /v1/events', () => {
  it('streams each change as a server-sent event with an increasing id', async () => {
    host = await startTestHost();
    const received: string[] = [];
    const stream = httpRequest(`${host.baseUrl}/v1/events`);
    const opened = new Promise<void>((resolve, reject) => {
      stream.on('response', (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (piece: string) => received.push(piece));
        resolve();
      });
      stream.on('error', reject);
    });
    stream.end();
    await opened;
    const created = await send('POST', '/v1/definitions', TICKET);
    await send('DELETE', `/v1/definitions/${created.json.definition.id}`);
    await expect.poll(() => received.join('').includes('event: ToolDefinitionDeleted'), { timeout: 5000 }).toBe(true);
    stream.destroy();
    const events = received.join('').split('\n\n').filter((block) => block.startsWith('id:')).map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])));
    expect(events.map((event) => event['event'])).toEqual(['ToolDefinitionValidated', 'ToolDefinitionCreated', 'ToolDefinitionDeleted']);
    expect(events.map((event) => Number(event['id']))).toEqual([1, 2, 3]);
    expect(JSON.parse(events[1]!['data']!)).toMatchObject({ type: 'ToolDefinitionCreated', toolName: 'ticket_create' });
  });
});

describe('stored definitions across a restart', () => {
  it('registers what was created at the next start, without a request', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'acode-definitions-restart-'));
    try {
      host = await startTestHost({ dir });
      expect((await send('POST', '/v1/definitions', TICKET)).status).toBe(201);
      await host.close();
      host = await startTestHost({ dir });
      expect((await validate('ticket_create', { title: 'Still here' })).status).toBe(200);
      const list = await send('GET', '/v1/definitions');
      expect(list.json.definitions.filter((entry: any) => entry.source === 'stored').map((entry: any) => entry.name)).toEqual(['ticket_create']);
    } finally {
      await host?.close();
      host = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
