import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { buildToolRegistry } from '@acode/infrastructure/tool-folders';
import { HOST_ROUTES } from '../src/routes/index.js';
import { isOpenRoute } from '../src/http/access-policy.js';
import { startHost, type RunningHost } from '../src/start-host.js';

/**
 * The host's one access rule, over real HTTP on 127.0.0.1 against the real host (`startHost`: the
 * shipped tools built, execution, definitions, and a gateway to a scripted upstream), with a
 * bearer token configured: every route the router knows, the gateway's chat routes and a
 * pass-through path, without a token, with a wrong one and with the right one; then the `Host`
 * header, browser origins and body media types.
 */

const TOKEN_VARIABLE = 'ACODE_ACCESS_TEST_TOKEN';
const TOKEN = 'access-test-token-5d1e9b';
const REPO_TOOLS = resolve(fileURLToPath(new URL('../../../tools', import.meta.url)));

let root: string;
let dir: string;
let model: ScriptedModelServer;
let host: RunningHost;
let logs = '';
let sessionId: string;

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/**
 * One request with `node:http` (headers exactly as given: no fetch adding `Origin` or a content
 * type). An event stream is answered by its status and headers: the body is not waited for.
 */
function call(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.address.port, method, path, headers: options.headers ?? {}, agent: false }, (res) => {
      if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text: '' });
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
const json = (body: unknown, headers: Record<string, string> = {}): { headers: Record<string, string>; body: string } => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'acode-host-access-'));
  dir = join(root, 'project');
  mkdirSync(join(dir, '.agent'), { recursive: true });
  writeFileSync(join(dir, 'notes.txt'), 'a file only the token holder may read\n');
  const built = await buildToolRegistry({ toolsDir: REPO_TOOLS, outFile: join(dir, 'tool_registry.json'), gitCommit: () => null });
  if (!built.ok) throw new Error(`the shipped tools did not build: ${JSON.stringify(built.problems)}`);
  model = await startScriptedModelServer({ script: () => ({ kind: 'text', content: 'Hi there' }) });
  writeFileSync(
    join(dir, '.agent', 'config.yml'),
    [
      'gateway:',
      '  upstream:',
      `    base_url: ${model.url}`,
      '    type: ollama',
      '  timeout_ms: 5000',
      `  auth_token_env: ${TOKEN_VARIABLE}`,
      '  allowed_origins: [https://tools.example.com]',
      '  allowed_hosts: [tools.example.com, "*.example.org"]',
      '',
    ].join('\n'),
  );
  process.env[TOKEN_VARIABLE] = TOKEN;
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  host = await startHost({ cwd: dir, homeDir: dir, port: 0, address: '127.0.0.1', logLevel: 'debug', logFormat: 'json', logStream });
  const opened = await call('POST', '/v1/sessions', json({ mode: 'text' }, bearer(TOKEN)));
  expect(opened.status).toBe(201);
  sessionId = JSON.parse(opened.text).session.id as string;
}, 60_000);

afterAll(async () => {
  await host?.stop('test over');
  await model?.close();
  delete process.env[TOKEN_VARIABLE];
  rmSync(root, { recursive: true, force: true });
});

/** A request for every route of the router, its placeholders filled in; the gateway's chat routes and pass-through paths after them. */
function everyRoute(): Array<{ name: string; method: string; path: string; body?: string; open: boolean; gateway: boolean }> {
  const values: Record<string, string> = { name: 'file_read', id: 'no-such-definition' };
  const hostRoutes = HOST_ROUTES.map((route) => {
    const path = route.template.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'id' && route.template.startsWith('/v1/sessions') ? sessionId : (values[name] ?? 'x')));
    const body = route.method === 'POST' || route.method === 'PUT' ? JSON.stringify(route.template.endsWith('/execute') ? { args: { path: 'notes.txt' } } : {}) : undefined;
    return { name: `${route.method} ${route.template}`, method: route.method, path, ...(body === undefined ? {} : { body }), open: isOpenRoute(route), gateway: false };
  });
  const chat = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hello?' }], stream: false });
  return [
    ...hostRoutes,
    { name: 'POST /v1/chat/completions', method: 'POST', path: '/v1/chat/completions', body: chat, open: false, gateway: true },
    { name: 'POST /api/chat', method: 'POST', path: '/api/chat', body: chat, open: false, gateway: true },
    { name: 'GET /api/tags (pass-through)', method: 'GET', path: '/api/tags', open: false, gateway: true },
    { name: 'GET /v1/models (pass-through)', method: 'GET', path: '/v1/models', open: false, gateway: true },
  ];
}

describe('one bearer token for every route', () => {
  it('walks the router: its routes are the ones this test knows are open, and it has every kind', () => {
    // A route added later is walked without being listed here; only the open ones are named.
    expect(HOST_ROUTES.filter(isOpenRoute).map((route) => route.template)).toEqual(['/healthz', '/', '/ui', '/ui/app.js', '/ui/app.css']);
    expect(HOST_ROUTES.map((route) => route.template)).toEqual(expect.arrayContaining(['/v1/tools', '/v1/sessions/{id}/tools/{name}/execute', '/v1/definitions', '/metrics']));
  });

  it('answers 401 without a token and with a wrong one, in each family\'s shape, and serves the right one', async () => {
    for (const route of everyRoute()) {
      const send = (headers: Record<string, string>): Promise<Answer> =>
        call(route.method, route.path, { headers: { ...(route.body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, ...(route.body === undefined ? {} : { body: route.body }) });
      const none = await send({});
      const wrong = await send(bearer(`${TOKEN}-wrong`));
      const right = await send(bearer(TOKEN));
      if (route.open) {
        expect(none.status, route.name).not.toBe(401);
        expect(wrong.status, route.name).not.toBe(401);
      } else {
        for (const refused of [none, wrong]) {
          expect(refused.status, route.name).toBe(401);
          expect(refused.headers['www-authenticate'], route.name).toBe('Bearer');
          expect(refused.text, route.name).not.toContain(TOKEN);
          const body = JSON.parse(refused.text) as { error: unknown };
          if (!route.gateway) expect(body, route.name).toMatchObject({ error: { code: 'ACODE-HST-005' } });
          else if (route.path.startsWith('/api/')) expect(body.error, route.name).toMatch(/^ACODE-GTW-003: /);
          else expect(body, route.name).toMatchObject({ error: { code: 'ACODE-GTW-003', type: 'invalid_request_error' } });
        }
      }
      expect(right.status, route.name).not.toBe(401);
      // The host's own routes answer for themselves (a gateway path's answer is the upstream's).
      if (!route.gateway) expect(right.status, route.name).toBeLessThan(500);
    }
    // The upstream never saw the host's token.
    for (const request of model.requests) expect(JSON.stringify(request.headers)).not.toContain(TOKEN);
    expect(logs).not.toContain(TOKEN);
  });

  it('refuses the execution routes without the token: no file read, none written, no confirmation token handed out', async () => {
    const read = await call('POST', `/v1/sessions/${sessionId}/tools/file_read/execute`, json({ args: { path: 'notes.txt' } }));
    expect(read.status).toBe(401);
    expect(read.text).not.toContain('only the token holder');

    const write = await call('POST', `/v1/sessions/${sessionId}/tools/file_write/execute`, json({ args: { path: 'planted.txt', content: 'planted' } }));
    expect(write.status).toBe(401);
    expect(existsSync(join(dir, 'planted.txt'))).toBe(false);

    const command = await call('POST', `/v1/sessions/${sessionId}/tools/command_execute/execute`, json({ args: { command: 'echo hi' } }));
    expect(command.status).toBe(401);
    expect(command.text).not.toMatch(/confirmation/i);

    expect((await call('POST', '/v1/sessions', json({ mode: 'text' }))).status).toBe(401);
    expect((await call('GET', `/v1/sessions/${sessionId}`)).status).toBe(401);
    expect((await call('POST', `/v1/sessions/${sessionId}/turns`)).status).toBe(401);
    expect((await call('GET', '/v1/tools')).status).toBe(401);
    expect((await call('POST', '/v1/tools/file_read/validate', json({ path: 'notes.txt' }))).status).toBe(401);

    // With the token the same requests run: the refusals above were the rule, not broken requests.
    const written = await call('POST', `/v1/sessions/${sessionId}/tools/file_write/execute`, json({ args: { path: 'planted.txt', content: 'planted' } }, bearer(TOKEN)));
    expect(written.status).toBe(200);
    expect(JSON.parse(written.text)).toMatchObject({ ok: true });
    expect(existsSync(join(dir, 'planted.txt'))).toBe(true);
    const asked = await call('POST', `/v1/sessions/${sessionId}/tools/command_execute/execute`, json({ args: { command: 'echo hi' } }, bearer(TOKEN)));
    expect(JSON.parse(asked.text)).toMatchObject({ ok: false, error: { type: 'CONFIRMATION_REQUIRED' } });
  });

  it('serves /healthz and the Tool Manager page without the token; /metrics needs it', async () => {
    expect((await call('GET', '/healthz')).status).toBe(200);
    for (const path of ['/', '/ui', '/ui/app.js', '/ui/app.css']) expect((await call('GET', path)).status, path).toBe(200);
    expect((await call('GET', '/metrics')).status).toBe(401);
    expect((await call('GET', '/metrics', { headers: bearer(TOKEN) })).status).toBe(200);
  });

  it('refuses unknown paths and wrong methods without the token before saying anything of them', async () => {
    expect((await call('GET', '/v2/nothing')).status).toBe(401);
    expect((await call('DELETE', '/v1/tools')).status).toBe(401);
    expect((await call('GET', '/v2/nothing', { headers: bearer(TOKEN) })).status).toBe(404);
  });

  it('the real openai and ollama clients work through the gateway with the token, and are refused without it', async () => {
    const openai = new OpenAI({ baseURL: `${host.url}/v1`, apiKey: TOKEN, maxRetries: 0 });
    const answer = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Hello?' }] });
    expect(answer.choices[0]!.message.content).toBe('Hi there');
    await expect(new OpenAI({ baseURL: `${host.url}/v1`, apiKey: 'wrong', maxRetries: 0 }).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 401,
      code: 'ACODE-GTW-003',
    });

    const ollama = new Ollama({ host: host.url, headers: { Authorization: `Bearer ${TOKEN}` } });
    const chat = await ollama.chat({ model: 'm', messages: [{ role: 'user', content: 'Hello?' }] });
    expect(chat.message.content).toBe('Hi there');
    expect((await ollama.list()).models.length).toBeGreaterThan(0);
    // What the ollama client sends (application/json, on every call) is what the chat routes require.
    const upstreamChat = model.requests.filter((request) => request.path === '/api/chat').at(-1);
    expect(upstreamChat).toBeDefined();
    await expect(new Ollama({ host: host.url }).chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status_code: 401 });
  });
});

describe('Host header (DNS rebinding)', () => {
  it('refuses a name that is not this host\'s with 421 ACODE-HST-008, token or not, in each family\'s shape', async () => {
    const port = host.address.port;
    const tools = await call('GET', '/v1/tools', { headers: { host: `evil.example:${port}`, ...bearer(TOKEN) } });
    expect(tools.status).toBe(421);
    expect(JSON.parse(tools.text)).toMatchObject({ error: { code: 'ACODE-HST-008' } });
    const chat = await call('POST', '/api/chat', { headers: { host: `evil.example:${port}`, ...bearer(TOKEN), 'content-type': 'application/json' }, body: '{}' });
    expect(chat.status).toBe(421);
    expect(JSON.parse(chat.text).error).toMatch(/^ACODE-HST-008: /);
    const openai = await call('POST', '/v1/chat/completions', { headers: { host: 'evil.example', ...bearer(TOKEN), 'content-type': 'application/json' }, body: '{}' });
    expect(JSON.parse(openai.text)).toMatchObject({ error: { code: 'ACODE-HST-008', type: 'invalid_request_error' } });
    expect((await call('GET', '/healthz', { headers: { host: `evil.example:${port}` } })).status).toBe(421);
    expect((await call('GET', '/', { headers: { host: `evil.example:${port}` } })).status).toBe(421);
    expect((await call('GET', '/healthz', { headers: { host: 'example.org' } })).status).toBe(421);
  });

  it('serves the loopback names, with or without a port, and gateway.allowed_hosts', async () => {
    const port = host.address.port;
    for (const name of [`127.0.0.1:${port}`, '127.0.0.1', `localhost:${port}`, 'LOCALHOST', `[::1]:${port}`, 'tools.example.com', 'a.example.org', `a.b.example.org:${port}`]) {
      expect((await call('GET', '/v1/tools', { headers: { host: name, ...bearer(TOKEN) } })).status, name).toBe(200);
    }
  });
});

describe('browser requests from another site', () => {
  it('refuses a foreign Origin or Sec-Fetch-Site cross-site / same-site with 403 ACODE-HST-006, on every family, GETs included', async () => {
    const evil = { origin: 'https://evil.example', ...bearer(TOKEN) };
    const tools = await call('GET', '/v1/tools', { headers: evil });
    expect(tools.status).toBe(403);
    expect(JSON.parse(tools.text)).toMatchObject({ error: { code: 'ACODE-HST-006' } });
    expect(tools.headers['access-control-allow-origin']).toBeUndefined();
    for (const site of ['cross-site', 'same-site']) {
      expect((await call('GET', '/v1/tools', { headers: { 'sec-fetch-site': site, ...bearer(TOKEN) } })).status, site).toBe(403);
    }
    const chat = await call('POST', '/api/chat', json({ model: 'm', messages: [] }, evil));
    expect(chat.status).toBe(403);
    expect(JSON.parse(chat.text).error).toMatch(/^ACODE-HST-006: /);
    const completions = await call('POST', '/v1/chat/completions', json({ model: 'm', messages: [] }, { 'sec-fetch-site': 'cross-site', ...bearer(TOKEN) }));
    expect(JSON.parse(completions.text)).toMatchObject({ error: { code: 'ACODE-HST-006' } });
    expect((await call('GET', '/api/tags', { headers: evil })).status).toBe(403);
    expect((await call('POST', `/v1/sessions/${sessionId}/tools/file_read/execute`, json({ args: { path: 'notes.txt' } }, evil))).status).toBe(403);
    // An origin on another port is another origin.
    expect((await call('GET', '/v1/tools', { headers: { origin: 'http://127.0.0.1:1', ...bearer(TOKEN) } })).status).toBe(403);
    expect((await call('GET', '/v1/tools', { headers: { origin: 'null', ...bearer(TOKEN) } })).status).toBe(403);
  });

  it('serves its own origin, same-origin and none, no Origin at all, and a listed origin', async () => {
    const own = { origin: host.url, 'sec-fetch-site': 'same-origin', ...bearer(TOKEN) };
    expect((await call('GET', '/v1/tools', { headers: own })).status).toBe(200);
    expect((await call('GET', '/v1/tools', { headers: { 'sec-fetch-site': 'none', ...bearer(TOKEN) } })).status).toBe(200);
    expect((await call('GET', '/v1/tools', { headers: bearer(TOKEN) })).status).toBe(200);
    // gateway.allowed_origins: a reverse proxy serving the host at https://tools.example.com.
    const listed = { origin: 'https://tools.example.com', 'sec-fetch-site': 'same-site', ...bearer(TOKEN) };
    expect((await call('GET', '/v1/tools', { headers: listed })).status).toBe(200);
    expect((await call('POST', '/api/chat', json({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: false }, listed))).status).toBe(200);
    expect((await call('GET', '/v1/tools', { headers: { origin: 'https://other.example.com', ...bearer(TOKEN) } })).status).toBe(403);
  });

  it('still opens the Tool Manager page from a link on another site (its files hold no data)', async () => {
    const page = await call('GET', '/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(page.status).toBe(200);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request bodies must be JSON', () => {
  const SIMPLE_TYPES = ['text/plain', 'TEXT/PLAIN; charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x'];
  const CHAT = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: false });

  async function refused415(method: string, path: string, contentType: string | undefined, body: string): Promise<Answer> {
    const answer = await call(method, path, { headers: { ...bearer(TOKEN), ...(contentType === undefined ? {} : { 'content-type': contentType }) }, body });
    expect(answer.status, `${path} ${contentType ?? '(none)'}`).toBe(415);
    return answer;
  }

  it('refuses text/plain, form, multipart and no content type on the chat routes with 415 ACODE-HST-009 in their shape', async () => {
    const before = model.requests.length;
    for (const type of [...SIMPLE_TYPES, undefined]) {
      const openai = await refused415('POST', '/v1/chat/completions', type, CHAT);
      expect(JSON.parse(openai.text)).toMatchObject({ error: { code: 'ACODE-HST-009', type: 'invalid_request_error' } });
      const ollama = await refused415('POST', '/api/chat', type, CHAT);
      expect(JSON.parse(ollama.text).error).toMatch(/^ACODE-HST-009: /);
    }
    await refused415('POST', '/api/chat', 'application/xml', CHAT);
    expect(model.requests.length).toBe(before);
    expect((await call('POST', '/api/chat', { headers: { ...bearer(TOKEN), 'content-type': 'application/json; charset=utf-8' }, body: CHAT })).status).toBe(200);
  });

  it('refuses them on pass-through, which takes any other type (an Ollama blob is application/octet-stream)', async () => {
    const before = model.requests.length;
    for (const type of [...SIMPLE_TYPES, undefined]) await refused415('POST', '/api/embed', type, '{"model":"m","input":"x"}');
    expect(model.requests.length).toBe(before);
    const blob = await call('POST', '/api/blobs/sha256:00', { headers: { ...bearer(TOKEN), 'content-type': 'application/octet-stream' }, body: 'bytes' });
    expect(blob.status).not.toBe(415);
    expect(blob.status).not.toBe(401);
  });

  it('refuses them on the host\'s POST routes, with or without a token', async () => {
    for (const type of [...SIMPLE_TYPES, undefined]) {
      const validate = await refused415('POST', '/v1/tools/file_read/validate', type, '{"path":"notes.txt"}');
      expect(JSON.parse(validate.text)).toMatchObject({ error: { code: 'ACODE-HST-009' } });
      await refused415('POST', '/v1/sessions', type, '{"mode":"text"}');
      await refused415('POST', `/v1/sessions/${sessionId}/tools/file_write/execute`, type, JSON.stringify({ args: { path: 'form.txt', content: 'x' } }));
      await refused415('POST', '/v1/definitions', type, '{}');
    }
    expect(existsSync(join(dir, 'form.txt'))).toBe(false);
    // A bodiless POST needs no type (a new turn).
    expect((await call('POST', `/v1/sessions/${sessionId}/turns`, { headers: bearer(TOKEN) })).status).toBe(200);
  });
});
