import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { createChatModelClient, readProviderSettings } from '@acode/infrastructure/model-clients';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '@acode/infrastructure/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayHandler, MemoryPool, StoredResponses, toNodeListener, ToolContractCache, type GatewayHandlerOptions } from '../src/index.js';

// The gateway mounted as a user mounts it: the fetch-style handler on node:http through
// toNodeListener, on 127.0.0.1, in front of a scripted model server of each kind, called by the
// official clients.

const WEATHER = { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'], additionalProperties: false } as const;
const BROKEN_CALL = 'Let me check.<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",}}</tool_call>';
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

interface Mounted {
  readonly upstream: ScriptedModelServer;
  readonly url: string;
  close(): Promise<void>;
}

let mounted: Mounted | undefined;
afterEach(async () => {
  await mounted?.close();
  mounted = undefined;
});

async function mount(script: Script, type: 'ollama' | 'openai-compatible', extra: Partial<GatewayHandlerOptions> = {}): Promise<Mounted> {
  const upstream = await startScriptedModelServer({ script });
  const settings = readProviderSettings({ providers: { local: { type, base_url: type === 'ollama' ? upstream.url : `${upstream.url}/v1` } } }, 'local', {});
  const handler = createGatewayHandler({
    upstream: createChatModelClient(settings),
    contracts: new ToolContractCache(),
    onInvalid: 'pass_through',
    strict: true,
    maxBodyBytes: 64 * 1024,
    maxBufferedBytes: 1024 * 1024,
    memoryPool: new MemoryPool(8 * 1024 * 1024),
    responses: new StoredResponses(),
    logger: silent,
    ...extra,
  });
  const server: Server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    upstream,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
    },
  };
}

describe.each(['openai-compatible', 'ollama'] as const)('createGatewayHandler in front of %s', (type) => {
  it('answers OpenAI chat with the call the model meant, repaired out of its text', async () => {
    mounted = await mount([{ kind: 'text', content: BROKEN_CALL }], type);
    const client = new OpenAI({ baseURL: `${mounted.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const { data, response } = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [{ type: 'function', function: { name: 'get_weather', parameters: { ...WEATHER } } }] })
      .withResponse();
    const call = data.choices[0]!.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    expect(data.choices[0]!.message.content).toBe('Let me check.');
    expect(response.headers.get('x-acode-repairs')).toContain('trailing_comma');
  });

  it('streams Anthropic Messages: the text as it comes, then the repaired call as a tool_use block', async () => {
    mounted = await mount([{ kind: 'text', content: BROKEN_CALL }], type);
    const client = new Anthropic({ baseURL: mounted.url, apiKey: 'unused', maxRetries: 0 });
    const stream = client.messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [{ name: 'get_weather', input_schema: { ...WEATHER, required: ['city'] } }] });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const message = await stream.finalMessage();
    expect(texts.join('')).toBe('Let me check.');
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Let me check.' }),
      expect.objectContaining({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } }),
    ]);
  });

  it('streams OpenAI Responses and keeps the answer for GET /v1/responses/{id}', async () => {
    mounted = await mount([{ kind: 'text', content: BROKEN_CALL }], type);
    const client = new OpenAI({ baseURL: `${mounted.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const final = await client.responses.stream({ model: 'm', input: 'Weather in Paris?', tools: [{ type: 'function', name: 'get_weather', parameters: { ...WEATHER }, strict: false }] }).finalResponse();
    const call = final.output.find((item) => item.type === 'function_call');
    expect(call?.type === 'function_call' && JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
    const kept = await client.responses.retrieve(final.id);
    expect(kept.output.map((item) => item.type)).toEqual(final.output.map((item) => item.type));
  });
});

describe('createGatewayHandler, its edges', () => {
  it('asks for its token, as a bearer token or x-api-key, and answers without it in the route\'s shape', async () => {
    mounted = await mount([{ kind: 'text', content: 'Hello.' }, { kind: 'text', content: 'Hello.' }], 'openai-compatible', { token: 'handler-token' });
    const body = JSON.stringify({ model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
    const refused = await fetch(`${mounted.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const wrong = await fetch(`${mounted.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'handler-tokenX' }, body });
    expect(wrong.status).toBe(401);
    const byKey = await new Anthropic({ baseURL: mounted.url, apiKey: 'handler-token', maxRetries: 0 }).messages.create({ model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
    expect(byKey.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello.' })]);
    const byBearer = await new Anthropic({ baseURL: mounted.url, authToken: 'handler-token', apiKey: null, maxRetries: 0 }).messages.create({ model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
    expect(byBearer.stop_reason).toBe('end_turn');
    expect(mounted.upstream.requests.every((request) => request.headers['authorization'] === undefined && request.headers['x-api-key'] === undefined)).toBe(true);
  });

  it('answers a path it does not serve with 404, and a body past its limit with 413, in the route\'s shape', async () => {
    mounted = await mount([], 'openai-compatible');
    const missing = await fetch(`${mounted.url}/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'ACODE-GTW-001' } });
    const large = await fetch(`${mounted.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(70 * 1024) }] }) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: expect.stringMatching(/^ACODE-GTW-001: .*max_body_bytes/) });
    expect(mounted.upstream.requests).toEqual([]);
  });

  it('stops the upstream when its client hangs up', async () => {
    mounted = await mount([{ kind: 'slow', delayMs: 120_000, then: { kind: 'text', content: 'too late' } }], 'openai-compatible');
    const controller = new AbortController();
    const answer = fetch(`${mounted.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'tell' }] }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    const upstream = mounted.upstream;
    await vi.waitFor(() => expect(upstream.requests.filter((request) => request.method === 'POST')).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(upstream.requests[0]!.clientHungUp).toBe(false);
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(upstream.requests[0]!.clientHungUp).toBe(true), { timeout: 5000, interval: 10 });
  });

  it('is a plain function of a Request: the whole answer as JSON, a stream as a streamed body', async () => {
    const upstream = await startScriptedModelServer({ script: [{ kind: 'text', content: 'Whole.' }, { kind: 'text', content: 'Streamed.' }] });
    try {
      const settings = readProviderSettings({ providers: { local: { type: 'openai-compatible', base_url: `${upstream.url}/v1` } } }, 'local', {});
      const handler = createGatewayHandler({ upstream: createChatModelClient(settings), contracts: new ToolContractCache(), onInvalid: 'error', strict: true, maxBodyBytes: 65536, maxBufferedBytes: 1 << 20, logger: silent, basePath: '/gateway' });
      const ask = (stream: boolean) =>
        handler(new Request('http://example.test/gateway/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'hi' }] }) }));
      const whole = await ask(false);
      expect(whole.headers.get('content-type')).toContain('application/json');
      expect(((await whole.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Whole.');
      const streamed = await ask(true);
      expect(streamed.headers.get('content-type')).toContain('text/event-stream');
      const text = await streamed.text();
      const pieces = text.split('\n\n').filter((line) => line.startsWith('data: {')).map((line) => (JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '');
      expect(pieces.join('')).toBe('Streamed.');
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    } finally {
      await upstream.close();
    }
  });

  it('cuts a stream that already opened when the gateway fails after it, instead of leaving its reader waiting', async () => {
    const upstream = await startScriptedModelServer({ script: [{ kind: 'text', content: 'Some text first.' }] });
    try {
      const settings = readProviderSettings({ providers: { local: { type: 'openai-compatible', base_url: `${upstream.url}/v1` } } }, 'local', {});
      // A logger that fails once the answer is decided: a fault after the stream's first bytes went out.
      const failing = { ...silent, debug: () => { throw new Error('logger down'); } };
      const handler = createGatewayHandler({ upstream: createChatModelClient(settings), contracts: new ToolContractCache(), onInvalid: 'error', strict: true, maxBodyBytes: 65536, maxBufferedBytes: 1 << 20, logger: failing });
      const response = await handler(new Request('http://example.test/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }) }));
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await upstream.close();
    }
  });
});

describe('createGatewayHandler, what each request holds', () => {
  it('gives back its slot and memory after an answer sent whole, so the next request is served', async () => {
    const pool = new MemoryPool(8 * 1024 * 1024);
    mounted = await mount([{ kind: 'text', content: 'One.' }, { kind: 'http_error', status: 500, message: 'down' }, { kind: 'text', content: 'Three.' }], 'openai-compatible', {
      maxConcurrentUpstream: 1,
      requestTimeoutMs: 5000,
      memoryPool: pool,
    });
    const client = new OpenAI({ baseURL: `${mounted.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const ask = () => client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect((await ask()).choices[0]!.message.content).toBe('One.');
    await expect(ask()).rejects.toMatchObject({ status: 502 });
    // With the slot of either kept, this one would wait for it until its deadline (504).
    expect((await ask()).choices[0]!.message.content).toBe('Three.');
    expect(pool.used).toBe(0);
  });

  it('serves only under its basePath, and matches routes segment by segment as decoded', async () => {
    mounted = await mount([{ kind: 'text', content: 'Mounted.' }], 'openai-compatible', { basePath: '/gateway/' });
    const post = (path: string) => fetch(`${mounted!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) });
    expect((await post('/v1/chat/completions')).status).toBe(404);
    expect((await post('/gateway/v1%2Fchat/completions')).status).toBe(404);
    expect((await post('/gateway/v1/chat%2Fcompletions')).status).toBe(404);
    const served = await post('/gateway/v1/chat/completions');
    expect(served.status).toBe(200);
    expect(mounted.upstream.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
