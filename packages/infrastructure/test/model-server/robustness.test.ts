import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, startScriptedModelServer, type ModelServerFormat } from '../../src/model-server/index.js';
import { CHAT_PATHS, postChat, serve } from './support.js';

function post(url: string, body: string | Uint8Array): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });
}

describe('scripted model server, options', () => {
  it('refuses to listen on anything but loopback', async () => {
    await expect(startScriptedModelServer({ script: [], host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
    await expect(startScriptedModelServer({ script: [], host: '192.168.1.10' })).rejects.toThrow(RangeError);
  });

  it('refuses a chunk size that is not a positive integer, and a port out of range', async () => {
    for (const chunkSize of [0, -7, 2.5, Number.NaN]) {
      await expect(startScriptedModelServer({ script: [], chunkSize })).rejects.toThrow(/chunkSize must be a positive integer/);
    }
    await expect(startScriptedModelServer({ script: [], port: 70_000 })).rejects.toThrow(/port must be an integer/);
  });

  it('listens on 127.0.0.1 at a free port by default and reports its URL', async () => {
    const server = await serve({ script: [] });
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('uses the configured default usage for answers whose step sets none', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'hi' }, { kind: 'text', content: 'hi', usage: { completionTokens: 1 } }], usage: { promptTokens: 100 } });
    expect(((await (await postChat(server, 'openai')).json()) as any).usage).toEqual({ prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 });
    expect(((await (await postChat(server, 'openai')).json()) as any).usage).toEqual({ prompt_tokens: 100, completion_tokens: 1, total_tokens: 101 });
  });
});

describe('scripted model server, recorded requests', () => {
  it('records every request: method, path without query, lower-case headers, parsed body, format', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'hi' }] });
    await fetch(`${server.url}/v1/models?limit=1`, { headers: { Authorization: 'Bearer sk-test' }, signal: AbortSignal.timeout(5_000) });
    await postChat(server, 'ollama', { stream: false, model: 'qwen2.5-coder:7b' });
    await post(`${server.url}/nowhere`, 'not json');

    expect(server.requests.map(({ method, path, format }) => ({ method, path, format }))).toEqual([
      { method: 'GET', path: '/v1/models', format: 'openai' },
      { method: 'POST', path: '/api/chat', format: 'ollama' },
      { method: 'POST', path: '/nowhere', format: undefined },
    ]);
    expect(server.requests[0]!.headers['authorization']).toBe('Bearer sk-test');
    expect(server.requests[1]!.body).toMatchObject({ model: 'qwen2.5-coder:7b', stream: false, messages: [{ role: 'user', content: 'read a.txt' }] });
    expect(server.requests[2]!.body).toBeUndefined();
  });
});

describe.each<ModelServerFormat>(['ollama', 'openai'])('scripted model server, hostile requests, %s', (format) => {
  const errorMessage = (body: any): string => (format === 'ollama' ? body.error : body.error.message);
  const chatUrl = (base: string): string => `${base}${CHAT_PATHS[format]}`;

  it('answers 400 to a body that is not JSON, without consuming a step', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'still here' }] });
    const response = await post(chatUrl(server.url), '{"model": "llama3.2", "messages": [');
    expect(response.status).toBe(400);
    expect(errorMessage(await response.json())).toMatch(/^request body is not valid JSON: /);
    expect((await postChat(server, format, { stream: false })).status).toBe(200);
  });

  it.each([
    ['an array', '[1, 2]', 'request body must be a JSON object'],
    ['null', 'null', 'request body must be a JSON object'],
    ['an empty body', '', 'request body must be a JSON object'],
    ['a missing model', '{"messages": []}', 'model is required'],
    ['a model that is not a string', '{"model": 7, "messages": []}', 'model is required'],
    ['messages that are not an array', '{"model": "m", "messages": "hi"}', 'messages must be an array'],
  ])('answers 400 to %s', async (_case, body, message) => {
    const server = await serve({ script: [] });
    const response = await post(chatUrl(server.url), body);
    expect(response.status).toBe(400);
    expect(errorMessage(await response.json())).toBe(message);
  });

  it('answers 400 to a deeply nested body, and keeps serving', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'fine' }] });
    const response = await post(chatUrl(server.url), `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(response.status).toBe(400);
    expect((await postChat(server, format, { stream: false })).status).toBe(200);
  });

  it('answers 413 to a body over the size limit', async () => {
    const server = await serve({ script: [] });
    const response = await post(chatUrl(server.url), new Uint8Array(MAX_REQUEST_BODY_BYTES + 1).fill(0x20));
    expect(response.status).toBe(413);
    expect(errorMessage(await response.json())).toMatch(/over the limit of 16777216/);
  });

  it('answers 405 to the wrong method on a known route', async () => {
    const server = await serve({ script: [] });
    const response = await fetch(chatUrl(server.url), { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(errorMessage(await response.json())).toBe(`${CHAT_PATHS[format]} accepts POST, not GET`);
  });
});

describe('scripted model server, transport', () => {
  it('answers 404 to an unknown route', async () => {
    const server = await serve({ script: [] });
    const response = await fetch(`${server.url}/api/generate`, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no route for GET /api/generate' });
  });

  it('answers 400 to bytes that are not HTTP, and keeps serving', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'fine' }] });
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let text = '';
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
      socket.on('data', (data) => (text += data.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write('\u0000\u0001GARBAGE \r\n\r\n');
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect((await postChat(server, 'openai')).status).toBe(200);
  });

  it('closes mid-stream: close() resolves and the client read fails instead of hanging', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'x'.repeat(100_000) }], chunkSize: 1 });
    const reader = (await postChat(server, 'ollama', { stream: true })).body!.getReader();
    expect((await reader.read()).done).toBe(false);

    await server.close();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended cleanly';
      })(),
    ).rejects.toThrow();
  });

  it('closes idempotently, and refuses connections afterwards', async () => {
    const server = await serve({ script: [] });
    await Promise.all([server.close(), server.close()]);
    await server.close();
    await expect(fetch(`${server.url}/api/tags`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
  });

  it('plays concurrent requests each to its own step', async () => {
    const server = await serve({ script: (_request, n) => ({ kind: 'text', content: `answer ${n}` }) });
    const bodies = await Promise.all([0, 1, 2, 3].map(async () => ((await (await postChat(server, 'openai')).json()) as any).choices[0].message.content));
    expect([...bodies].sort()).toEqual(['answer 0', 'answer 1', 'answer 2', 'answer 3']);
  });
});
