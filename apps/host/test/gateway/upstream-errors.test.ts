import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptStep } from '@acode/infrastructure/testing';
import { ollamaClientOf, openAiClientOf, startGateway, type GatewayFixture } from './gateway-fixture.js';

/*
 * Whose fault it is: every way the upstream model server can fail (nothing listening, silent,
 * an HTTP error, an answer that is not one, a connection cut mid-answer) reaches the gateway's
 * client named as the upstream, with its address and the setting that changes it, in the same
 * words on every route, streamed or not, and on the routes passed through untouched. Real servers
 * on 127.0.0.1 throughout; the gateway itself stays up and answers.
 */

/** The upstream's key: servers echo it in their errors, and it must never reach the client. */
const UPSTREAM_KEY = 'sk-upstream-7f3a9c2e5b8d4f1a6c0e';
const USER_MESSAGE = [{ role: 'user' as const, content: 'hi' }];

/** The routes the gateway checks, each with a request body and its front's error shape. */
const CHAT_ROUTES = [
  { path: '/v1/chat/completions', headers: {}, body: (stream: boolean) => ({ model: 'm', messages: USER_MESSAGE, stream }) },
  { path: '/api/chat', headers: {}, body: (stream: boolean) => ({ model: 'm', messages: USER_MESSAGE, stream }) },
  { path: '/v1/messages', headers: { 'anthropic-version': '2023-06-01' }, body: (stream: boolean) => ({ model: 'm', max_tokens: 64, messages: USER_MESSAGE, stream }) },
  { path: '/v1/responses', headers: {}, body: (stream: boolean) => ({ model: 'm', input: 'hi', stream }) },
] as const;

/** Routes the gateway does not check: passed through to the upstream as they are. */
const PASSED_ROUTES = [
  { method: 'GET', path: '/api/tags' },
  { method: 'GET', path: '/v1/models' },
  { method: 'POST', path: '/v1/embeddings', body: { model: 'm', input: 'hi' } },
] as const;

/** What a client got: the status and the error as its route's shape carries it. */
interface SeenError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly type?: string;
}

const servers: Server[] = [];
let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }),
  );
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that takes every request and never answers (its connections cut when the test ends). */
async function silentServer(): Promise<string> {
  const server = createServer(() => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The error of one answer, whatever the route's shape: OpenAI's and Responses' `{error: {message,
 * type, code}}`, Anthropic's `{type: "error", error: {type, message, code}}` (its message led by
 * the code), Ollama's `{error: "<code>: <message>"}`.
 */
async function seenError(response: Response): Promise<SeenError> {
  const text = await response.text();
  const body = JSON.parse(text) as { type?: string; error: string | { message: string; type: string; code: string } };
  if (typeof body.error === 'string') {
    const [, code, message] = /^(ACODE-[A-Z]+-\d{3}): ([\s\S]*)$/.exec(body.error) ?? [];
    return { status: response.status, code: code ?? '', message: message ?? body.error };
  }
  const { code, type } = body.error;
  const message = body.type === 'error' ? body.error.message.replace(`${code}: `, '') : body.error.message;
  return { status: response.status, code, message, type };
}

async function chatError(f: GatewayFixture, route: (typeof CHAT_ROUTES)[number], stream: boolean): Promise<SeenError> {
  const response = await fetch(`${f.host.baseUrl}${route.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...route.headers }, body: JSON.stringify(route.body(stream)) });
  return seenError(response);
}

async function passedError(f: GatewayFixture, route: (typeof PASSED_ROUTES)[number]): Promise<SeenError> {
  const body = 'body' in route ? JSON.stringify(route.body) : undefined;
  const response = await fetch(`${f.host.baseUrl}${route.path}`, { method: route.method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }) });
  return seenError(response);
}

/** Every chat route, streamed and not, then every pass-through route (when `passed`); each answer labelled. */
async function everyRoute(f: GatewayFixture, passed: boolean): Promise<Array<{ where: string; error: SeenError }>> {
  const chats = CHAT_ROUTES.flatMap((route) => [false, true].map(async (stream) => ({ where: `${route.path} stream ${stream}`, error: await chatError(f, route, stream) })));
  const passes = passed ? PASSED_ROUTES.map(async (route) => ({ where: `${route.method} ${route.path}`, error: await passedError(f, route) })) : [];
  return Promise.all([...chats, ...passes]);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What every upstream failure says: the upstream by name, its address, and the command that sets it. */
function expectNamesTheUpstream(error: SeenError, label: string, baseUrl: string, key: string): void {
  expect(error.message).toMatch(new RegExp(`\\bthe upstream model server \\(${escape(label)}\\) at ${escape(baseUrl)}\\b`, 'i'));
  expect(error.message).toContain(`acode config set ${key} <url>`);
  // Neither the gateway nor a bare provider name stands for the server that failed.
  expect(error.message).not.toMatch(/\b(?:reach|to) gateway at/i);
  expect(error.message).not.toContain(UPSTREAM_KEY);
  expect(error.message).not.toMatch(/\n\s+at /);
}

/** The upstream failures of a chat request, each from its own server; `baseUrl` is the one the gateway is given. */
const FAILURES: ReadonlyArray<{ what: string; upstream: () => Promise<{ script?: ScriptStep; baseUrl?: string }>; code: string; status: number; words: RegExp }> = [
  {
    what: 'nothing listening (connection refused)',
    upstream: async () => ({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }),
    code: 'ACODE-MDL-001',
    status: 502,
    words: /^Cannot reach the upstream model server .*: connection refused\. Is it running\? Set its address with: acode config set /,
  },
  {
    what: 'a host name that does not resolve',
    upstream: async () => ({ baseUrl: 'http://upstream.invalid:11434/v1' }),
    code: 'ACODE-MDL-001',
    status: 502,
    words: /^Cannot reach the upstream model server .*: host not found\./,
  },
  {
    what: 'HTTP 500 echoing the key',
    upstream: async () => ({ script: { kind: 'http_error', status: 500, message: `CUDA out of memory (key ${UPSTREAM_KEY})` } }),
    code: 'ACODE-MDL-003',
    status: 502,
    words: /^The upstream model server .* answered HTTP 500: "CUDA out of memory/,
  },
  {
    what: 'HTTP 404 for a model it does not have',
    upstream: async () => ({ script: { kind: 'model_missing' } }),
    code: 'ACODE-MDL-004',
    status: 502,
    words: /^Model "m" is not available on the upstream model server .* \(HTTP 404/,
  },
  {
    what: 'an HTML page instead of an answer',
    upstream: async () => ({ script: { kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body>Welcome to nginx!</body></html>' } }),
    code: 'ACODE-MDL-005',
    status: 502,
    words: /^The upstream model server .* sent an answer that cannot be read/,
  },
  {
    what: 'the connection cut before the answer arrived',
    upstream: async () => ({ script: { kind: 'cut_stream', afterBytes: 0, then: { kind: 'text', content: 'never seen' } } }),
    code: 'ACODE-MDL-001',
    status: 502,
    words: /^Lost the connection to the upstream model server .* while its answer was arriving\./,
  },
];

describe('an upstream given by gateway.upstream.base_url fails: every chat route names it the same way', () => {
  it.each(FAILURES)('$what: $code, HTTP $status, on each route streamed or not', async ({ upstream, code, status, words }) => {
    const { script, baseUrl } = await upstream();
    fixture = await startGateway(() => script ?? { kind: 'text', content: 'unused' }, { apiKey: UPSTREAM_KEY, ...(baseUrl === undefined ? {} : { baseUrl }) });
    const configured = baseUrl ?? `${fixture.model.url}/v1`;
    const seen = await everyRoute(fixture, false);
    for (const { where, error } of seen) {
      expect({ where, status: error.status, code: error.code }).toEqual({ where, status, code });
      expect(error.message, where).toMatch(words);
      expectNamesTheUpstream(error, 'openai-compatible', configured, 'gateway.upstream.base_url');
    }
    // One sentence whatever the route (a streamed request may read the failure in other detail): the fronts only wrap it.
    for (const stream of [false, true]) {
      const messages = seen.filter(({ where }) => where.endsWith(`stream ${stream}`)).map(({ error }) => error.message);
      expect(new Set(messages).size, `stream ${stream}: ${messages.join(' | ')}`).toBe(1);
    }
  });
});

describe('an upstream that stays silent', () => {
  it('past gateway.timeout_ms: 504 ACODE-MDL-002 naming it and the setting to raise, on every route, passed through or not', async () => {
    const baseUrl = await silentServer();
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { apiKey: UPSTREAM_KEY, baseUrl, upstream: 'ollama', timeoutMs: 1_000 });
    for (const { where, error } of await everyRoute(fixture, true)) {
      expect({ where, status: error.status, code: error.code }).toEqual({ where, status: 504, code: 'ACODE-MDL-002' });
      expect(error.message, where).toMatch(/^The upstream model server \(ollama\) at \S+ did not answer for 1000 ms \(timeout_ms 1000\)\. Check that the server is not overloaded, or raise gateway\.timeout_ms\./);
      expectNamesTheUpstream(error, 'ollama', baseUrl, 'gateway.upstream.base_url');
      if (error.type !== undefined) expect(error.type, where).toMatch(/timeout/);
    }
  });

  it('past gateway.request_timeout_ms: 504 ACODE-GTW-005 naming the upstream as the slow one, chat and passed-through routes alike', async () => {
    const baseUrl = await silentServer();
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { baseUrl, upstream: 'ollama', timeoutMs: 60_000, requestTimeoutMs: 1_000 });
    const chat = await chatError(fixture, CHAT_ROUTES[1], false);
    const passed = await passedError(fixture, PASSED_ROUTES[0]);
    for (const error of [chat, passed]) {
      expect({ status: error.status, code: error.code }).toEqual({ status: 504, code: 'ACODE-GTW-005' });
      expect(error.message).toMatch(/^The upstream model server\b.* did not finish answering within 1000 ms, the gateway's limit for a request, retries included \(gateway\.request_timeout_ms\)/);
    }
    // Both name the upstream by its address, the chat route as the passed-through one.
    expect(passed.message).toContain(`The upstream model server (scripted) at ${baseUrl} did not finish`);
    expect(chat.message).toContain(`The upstream model server (scripted) at ${baseUrl} did not finish`);
  });
});

describe('the routes passed through to the upstream', () => {
  it('an unreachable upstream: 502 ACODE-MDL-001 in the words of the chat routes, in each route\'s shape', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { apiKey: UPSTREAM_KEY, baseUrl });
    const chat = await chatError(fixture, CHAT_ROUTES[0], false);
    for (const route of PASSED_ROUTES) {
      const error = await passedError(fixture, route);
      expect({ route: route.path, status: error.status, code: error.code }).toEqual({ route: route.path, status: 502, code: 'ACODE-MDL-001' });
      expect(error.message).toBe(chat.message);
      expectNamesTheUpstream(error, 'openai-compatible', baseUrl, 'gateway.upstream.base_url');
    }
  });

  it('an upstream\'s own HTTP error is its answer, passed on with its status and body', async () => {
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }));
    const response = await fetch(`${fixture.host.baseUrl}/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"m","input":"hi"}' });
    // The scripted server has no embeddings route: its 404 reaches the client untouched.
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no route for POST /v1/embeddings' });
  });
});

describe('the models lists the gateway answers itself (gateway.models maps names)', () => {
  it('unreachable: 502 ACODE-MDL-001; silent: 504 ACODE-MDL-002; both naming the upstream as the chat routes do', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/v1`;
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { apiKey: UPSTREAM_KEY, baseUrl: closed, models: { 'claude-sonnet-4-5': 'qwen3' } });
    for (const route of PASSED_ROUTES.slice(0, 2)) {
      const error = await passedError(fixture, route);
      expect({ route: route.path, status: error.status, code: error.code }).toEqual({ route: route.path, status: 502, code: 'ACODE-MDL-001' });
      expectNamesTheUpstream(error, 'openai-compatible', closed, 'gateway.upstream.base_url');
    }
    await fixture.close();

    const silent = await silentServer();
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { apiKey: UPSTREAM_KEY, baseUrl: silent, upstream: 'ollama', timeoutMs: 1_000, models: { 'claude-sonnet-4-5': 'qwen3' } });
    const error = await passedError(fixture, PASSED_ROUTES[0]);
    expect({ status: error.status, code: error.code }).toEqual({ status: 504, code: 'ACODE-MDL-002' });
    expectNamesTheUpstream(error, 'ollama', silent, 'gateway.upstream.base_url');
  });
});

describe('an upstream chosen by name among model.providers', () => {
  it('is named by that name, and its address set under model.providers.<name>.base_url', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { baseUrl, upstream: 'ollama' });
    for (const { where, error } of await everyRoute(fixture, true)) {
      expect({ where, code: error.code, status: error.status }).toEqual({ where, code: 'ACODE-MDL-001', status: 502 });
      expectNamesTheUpstream(error, 'scripted', baseUrl, 'model.providers.scripted.base_url');
    }
  });
});

describe('the official clients show the sentence to their users', () => {
  it('openai, anthropic and ollama clients each carry the upstream\'s name, address and setting in their error', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    fixture = await startGateway(() => ({ kind: 'text', content: 'unused' }), { apiKey: UPSTREAM_KEY, baseUrl });
    const f = fixture;
    const expected = `Cannot reach the upstream model server (openai-compatible) at ${baseUrl}: connection refused. Is it running? Set its address with: acode config set gateway.upstream.base_url <url>`;

    const openAi = (await openAiClientOf(f).chat.completions.create({ model: 'm', messages: USER_MESSAGE }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(openAi).toBeInstanceOf(OpenAI.APIError);
    expect([openAi.status, openAi.code, openAi.type]).toEqual([502, 'ACODE-MDL-001', 'upstream_error']);
    expect(openAi.message).toContain(expected);

    const anthropic = (await new Anthropic({ baseURL: f.host.baseUrl, apiKey: 'x', maxRetries: 0 }).messages.create({ model: 'm', max_tokens: 64, messages: USER_MESSAGE }).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>;
    expect(anthropic).toBeInstanceOf(Anthropic.APIError);
    expect(anthropic.status).toBe(502);
    expect(anthropic.message).toContain(`ACODE-MDL-001: ${expected}`);

    const ollama = (await ollamaClientOf(f).chat({ model: 'm', messages: USER_MESSAGE, stream: false }).catch((e: unknown) => e)) as { status_code: number; error: string };
    expect(ollama.status_code).toBe(502);
    expect(ollama.error).toBe(`ACODE-MDL-001: ${expected}`);
  });
});
