import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationException } from '@acode/application';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { isLoopbackAddress } from '../../src/gateway/gateway-guard.js';
import { startHost } from '../../src/start-host.js';
import { startTestHost, type TestHost } from '../support/test-host.js';

// Issue 15 item 9: safe by default. A bearer token on the gateway's routes, a bound on its
// concurrent upstream requests, and no start beyond loopback without a token.

const TOKEN = 'gw-token-7f3a9c1e5b';
const MESSAGES = [{ role: 'user' as const, content: 'Hello?' }];

let model: ScriptedModelServer | undefined;
let host: TestHost | undefined;
afterEach(async () => {
  await host?.close();
  await model?.close();
  host = undefined;
  model = undefined;
});

/** A host whose gateway's upstream is a scripted OpenAI-compatible server, with extra `gateway:` lines. */
async function start(script: Script, gatewayLines: readonly string[], env: Record<string, string> = {}): Promise<{ model: ScriptedModelServer; host: TestHost }> {
  model = await startScriptedModelServer({ script });
  const config = ['gateway:', '  upstream:', `    base_url: ${model.url}/v1`, '    type: openai-compatible', '  timeout_ms: 5000', ...gatewayLines.map((line) => `  ${line}`), ''].join('\n');
  host = await startTestHost({ gateway: true, config, env });
  return { model, host };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), ...(signal === undefined ? {} : { signal }) });

describe('gateway bearer token (gateway.auth_token_env)', () => {
  it('answers 401 ACODE-GTW-003 in the route shape without a token or with a wrong one, 200 with the right one', async () => {
    const { model: upstream, host: gateway } = await start([{ kind: 'text', content: 'Hi there' }], ['auth_token_env: GATEWAY_TEST_TOKEN'], { GATEWAY_TEST_TOKEN: TOKEN });
    const none = await post(`${gateway.baseUrl}/v1/chat/completions`, { model: 'm', messages: MESSAGES });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'ACODE-GTW-003' } });

    const ollama = await post(`${gateway.baseUrl}/api/chat`, { model: 'm', messages: MESSAGES }, { authorization: 'Bearer nope' });
    expect(ollama.status).toBe(401);
    const ollamaBody = (await ollama.json()) as { error: string };
    expect(ollamaBody.error).toMatch(/^ACODE-GTW-003: /);

    const models = await fetch(`${gateway.baseUrl}/v1/models`);
    expect(models.status).toBe(401);

    const wrong = new OpenAI({ baseURL: `${gateway.baseUrl}/v1`, apiKey: `${TOKEN}x`, maxRetries: 0 });
    await expect(wrong.chat.completions.create({ model: 'm', messages: MESSAGES })).rejects.toMatchObject({ status: 401, code: 'ACODE-GTW-003' });
    expect(upstream.requests).toHaveLength(0);

    const right = new OpenAI({ baseURL: `${gateway.baseUrl}/v1`, apiKey: TOKEN, maxRetries: 0 });
    const answer = await right.chat.completions.create({ model: 'm', messages: MESSAGES });
    expect(answer.choices[0]!.message.content).toBe('Hi there');

    // Pass-through with the token: the client's Authorization is not forwarded upstream.
    await fetch(`${gateway.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(upstream.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of upstream.requests) expect(request.headers['authorization'] ?? '').not.toContain(TOKEN);
    expect(gateway.logs()).not.toContain(TOKEN);

    // Every refusal is counted under the route it was for; /metrics, like every route of the host, needs the token.
    expect((await fetch(`${gateway.baseUrl}/metrics`)).status).toBe(401);
    const metrics = await metricsText(gateway, TOKEN);
    expect(requestsCounted(metrics, 'openai_chat', 'unauthorized')).toBe(2);
    expect(requestsCounted(metrics, 'ollama_chat', 'unauthorized')).toBe(1);
    expect(requestsCounted(metrics, 'pass_through', 'unauthorized')).toBe(1);
    expect(requestsCounted(metrics, 'openai_chat', 'success')).toBe(1);
  });

  it('refuses to start when auth_token_env names a variable that is not set', async () => {
    await expect(start([{ kind: 'text', content: 'x' }], ['auth_token_env: GATEWAY_TEST_TOKEN'], {})).rejects.toMatchObject({
      code: 'ACODE-CFG-002',
      message: expect.stringContaining('gateway.auth_token_env'),
    });
  });
});

describe('non-loopback start', () => {
  it('is refused without gateway.auth_token_env, before anything listens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acode-safety-'));
    try {
      const attempt = startHost({ cwd: dir, homeDir: dir, port: 0, address: '0.0.0.0', logLevel: 'silent', logFormat: 'json', logStream: new PassThrough() });
      await expect(attempt).rejects.toBeInstanceOf(ConfigurationException);
      await expect(attempt).rejects.toMatchObject({ code: 'ACODE-CFG-002', key: 'gateway.auth_token_env', message: expect.stringContaining('0.0.0.0') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells loopback addresses from the others', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', '::ffff:10.0.0.1', 'example.com']) expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('gateway concurrency bound (gateway.max_concurrent_upstream)', () => {
  const slow: Script = () => ({ kind: 'slow', delayMs: 600, then: { kind: 'text', content: 'done' } });

  it('serves the bound, queues as many, and answers 503 with retry-after: 1 beyond', async () => {
    const { host: gateway } = await start(slow, ['max_concurrent_upstream: 1']);
    const openai = () => post(`${gateway.baseUrl}/v1/chat/completions`, { model: 'm', messages: MESSAGES });
    const answers = await Promise.all([openai(), openai(), openai()]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 503]);
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toMatchObject({ error: { code: 'ACODE-GTW-004' } });

    // The Ollama route answers in its own shape.
    const ollama = () => post(`${gateway.baseUrl}/api/chat`, { model: 'm', messages: MESSAGES, stream: false });
    const again = await Promise.all([ollama(), ollama(), ollama()]);
    const refused = again.find((answer) => answer.status === 503)!;
    expect(((await refused.json()) as { error: string }).error).toMatch(/^ACODE-GTW-004: /);

    const metrics = await metricsText(gateway);
    expect(requestsCounted(metrics, 'openai_chat', 'busy')).toBe(1);
    expect(requestsCounted(metrics, 'ollama_chat', 'busy')).toBe(1);
    expect(requestsCounted(metrics, 'openai_chat', 'success')).toBe(2);
  });

  it('lets a queued client that hangs up leave the queue', async () => {
    const { model: upstream, host: gateway } = await start(slow, ['max_concurrent_upstream: 1']);
    const first = post(`${gateway.baseUrl}/v1/chat/completions`, { model: 'm', messages: MESSAGES });
    await until(() => upstream.requests.length === 1);
    const leaving = new AbortController();
    const queued = post(`${gateway.baseUrl}/v1/chat/completions`, { model: 'm', messages: MESSAGES }, {}, leaving.signal).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.abort();
    expect(await queued).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Its place is free: this one waits instead of a 503.
    const next = post(`${gateway.baseUrl}/v1/chat/completions`, { model: 'm', messages: MESSAGES });
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
    expect(upstream.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(2);
    // The one that left the queue is counted as cancelled, not as busy.
    const metrics = await metricsText(gateway);
    expect(requestsCounted(metrics, 'openai_chat', 'cancelled')).toBe(1);
    expect(requestsCounted(metrics, 'openai_chat', 'busy')).toBe(0);
  });
});

async function metricsText(gateway: TestHost, token?: string): Promise<string> {
  const response = await fetch(`${gateway.baseUrl}/metrics`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of `acode_gateway_requests_total` for one route and outcome in Prometheus text; 0 when there is no such sample. */
function requestsCounted(text: string, route: string, outcome: string): number {
  const sample = text
    .split('\n')
    .find((line) => line.startsWith('acode_gateway_requests_total{') && line.includes(`route="${route}"`) && line.includes(`outcome="${outcome}"`));
  return sample === undefined ? 0 : Number(sample.slice(sample.lastIndexOf(' ') + 1));
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('hostile request bodies', () => {
  /** JSON text of `depth` nested arrays around `inner`. */
  const nested = (depth: number, inner = '1'): string => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

  it('refuses bodies nested deeply (a parameter, a tool schema) with a 400 and its code, never asks the upstream, and goes on serving', async () => {
    await start(() => ({ kind: 'text', content: 'Hi' }), []);
    const send = (text: string) => fetch(`${host!.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    const deepParameter = await send(`{"model":"m","messages":[{"role":"user","content":"x"}],"temperature":${nested(100_000)}}`);
    expect(deepParameter.status).toBe(400);
    expect(((await deepParameter.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'ACODE-GTW-001', param: '/temperature' });
    const deepSchema = await send(
      `{"model":"m","messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"array","items":${'{"type":"array","items":'.repeat(20_000)}{"type":"string"}${'}'.repeat(20_000)}}}}}}]}`,
    );
    expect(deepSchema.status).toBe(400);
    expect(((await deepSchema.json()) as { error: { code: string } }).error.code).toBe('ACODE-GTW-002');
    const deepMessages = await send(`{"model":"m","messages":${nested(100_000, '{}')}}`);
    expect(deepMessages.status).toBe(400);
    expect(model!.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(0);
    const fine = await send('{"model":"m","messages":[{"role":"user","content":"x"}]}');
    expect(fine.status).toBe(200);
  });
});
