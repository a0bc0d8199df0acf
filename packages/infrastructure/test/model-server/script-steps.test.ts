import { describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import type { ModelServerFormat, ScriptStep } from '../../src/model-server/index.js';
import { postChat, serve } from './support.js';

const FORMATS: readonly ModelServerFormat[] = ['ollama', 'openai'];

describe.each(FORMATS)('scripted model server steps, %s', (format) => {
  /** The message of an error body in the format's own shape. */
  const errorMessage = (body: any): unknown => (format === 'ollama' ? body.error : body.error.message);

  it('answers http_error with the status and the format error body', async () => {
    const server = await serve({ script: [{ kind: 'http_error', status: 500, message: 'CUDA out of memory' }] });
    const response = await postChat(server, format);
    expect(response.status).toBe(500);
    const body = await response.json();
    if (format === 'ollama') expect(body).toEqual({ error: 'CUDA out of memory' });
    else expect(body).toEqual({ error: { message: 'CUDA out of memory', type: 'server_error', param: null, code: null } });
  });

  it('answers model_missing with a 404 naming the requested model', async () => {
    const server = await serve({ script: [{ kind: 'model_missing' }] });
    const response = await postChat(server, format, { model: 'qwen9:404b' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as any;
    if (format === 'ollama') expect(body).toEqual({ error: "model 'qwen9:404b' not found" });
    else expect(body.error).toMatchObject({ code: 'model_not_found', message: expect.stringContaining('qwen9:404b') });
  });

  it('answers no_tool_support with Ollama\'s 400 "does not support tools"', async () => {
    const server = await serve({ script: [{ kind: 'no_tool_support' }] });
    const response = await postChat(server, format, { model: 'gemma:2b' });
    expect(response.status).toBe(400);
    expect(errorMessage(await response.json())).toBe('registry.ollama.ai/library/gemma:2b does not support tools');
  });

  it('answers 500 "script exhausted" once the steps run out, and keeps serving', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'only one' }] });
    expect((await postChat(server, format, { stream: false })).status).toBe(200);
    for (const _ of [1, 2]) {
      const response = await postChat(server, format);
      expect(response.status).toBe(500);
      expect(errorMessage(await response.json())).toMatch(/^script exhausted: no step for chat request #\d \(the script has 1 steps\)$/);
    }
  });

  it('plays steps in order, one per chat request; model listings consume none', async () => {
    const server = await serve({
      script: [
        { kind: 'http_error', status: 503, message: 'loading model' },
        { kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' } },
      ],
    });
    await fetch(`${server.url}${format === 'ollama' ? '/api/tags' : '/v1/models'}`, { signal: AbortSignal.timeout(5_000) });
    expect((await postChat(server, format)).status).toBe(503);
    expect((await postChat(server, format, { stream: false })).status).toBe(200);
  });

  it('asks a script function for the step of each chat request, with the recorded request and its number', async () => {
    const seen: Array<[unknown, number]> = [];
    const server = await serve({
      script: (request, n): ScriptStep => {
        seen.push([(request.body as { model: string }).model, n]);
        return n === 0 ? { kind: 'http_error', status: 500, message: 'first fails' } : { kind: 'text', content: `answer ${n}` };
      },
    });
    expect((await postChat(server, format, { model: 'm0' })).status).toBe(500);
    expect((await postChat(server, format, { model: 'm1', stream: false })).status).toBe(200);
    expect(seen).toEqual([['m0', 0], ['m1', 1]]);
  });

  it('answers 500 with the reason when the script function throws', async () => {
    const server = await serve({
      script: () => {
        throw new Error('no step for this');
      },
    });
    const response = await postChat(server, format);
    expect(response.status).toBe(500);
    expect(errorMessage(await response.json())).toBe('the script failed on chat request #0: no step for this');
  });

  it('answers a slow step after its delay', async () => {
    const server = await serve({ script: [{ kind: 'slow', delayMs: 20, then: { kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' } } }] });
    const streamed = await accumulateStream((await postChat(server, format, { stream: true })).body!);
    expect(streamed.calls.map((call) => call.name)).toEqual(['file_read']);
  });

  it('lets a client time out on a slow step, and still closes promptly with the delay pending', async () => {
    const server = await serve({ script: [{ kind: 'slow', delayMs: 600_000, then: { kind: 'text', content: 'late' } }] });
    await expect(postChat(server, format, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
    await server.close();
  });

  it('cuts a stream mid-call: the client keeps what arrived and sees an ACODE-TLP-008 error', async () => {
    const server = await serve({
      script: [{ kind: 'cut_stream', then: { kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt', content: 'x'.repeat(400) } } }],
    });
    const streamed = await accumulateStream((await postChat(server, format, { stream: true })).body!);
    expect(streamed.complete).toBe(false);
    expect(streamed.errors.map((error) => error.code)).toContain('ACODE-TLP-008');
  });

  it('cuts a stream after exactly afterBytes bytes', async () => {
    const server = await serve({ script: [{ kind: 'cut_stream', afterBytes: 30, then: { kind: 'text', content: 'hello there' } }] });
    const reader = (await postChat(server, format, { stream: true })).body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toThrow();
    expect(received).toBe(30);
  });

  it('cuts a non-streaming body short, so reading it fails', async () => {
    const server = await serve({ script: [{ kind: 'cut_stream', afterBytes: 10, then: { kind: 'tool_call', name: 'file_read', arguments: {} } }] });
    const response = await postChat(server, format, { stream: false });
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it('answers a raw step with exactly its status, content type and body, streamed or not', async () => {
    const garbage = '<html>502 Bad Gateway — not JSON ✗</html>';
    const server = await serve({
      script: [
        { kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', body: garbage },
        { kind: 'raw', status: 200, contentType: 'application/json', body: '{"hello": "world"}' },
        { kind: 'slow', delayMs: 10, then: { kind: 'raw', status: 503, contentType: 'text/plain', body: '' } },
      ],
    });
    const first = await postChat(server, format, { stream: true });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(garbage)));
    expect(await first.text()).toBe(garbage);
    const second = await postChat(server, format, { stream: false });
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(await second.text()).toBe('{"hello": "world"}');
    const third = await postChat(server, format);
    expect(third.status).toBe(503);
    expect(await third.text()).toBe('');
    expect(server.requests.map((request) => request.clientHungUp)).toEqual([false, false, false]);
  });

  it('refuses a raw step whose status is not 200 to 599', async () => {
    const server = await serve({ script: [{ kind: 'raw', status: 101, contentType: 'text/plain', body: 'x' }] });
    const response = await postChat(server, format);
    expect(response.status).toBe(500);
    expect(errorMessage(await response.json())).toBe('the scripted model server could not play the step: raw status must be an integer from 200 to 599, got 101');
  });

  it('answers 500 naming the problem for a step it cannot play', async () => {
    const server = await serve({
      script: [
        { kind: 'http_error', status: 99, message: 'not an error status' },
        { kind: 'slow', delayMs: -1, then: { kind: 'text', content: '' } },
        { kind: 'teleport' } as unknown as ScriptStep,
      ],
    });
    const messages: unknown[] = [];
    for (const _ of [1, 2, 3]) {
      const response = await postChat(server, format);
      expect(response.status).toBe(500);
      messages.push(errorMessage(await response.json()));
    }
    expect(messages).toEqual([
      'the scripted model server could not play the step: http_error status must be an integer from 400 to 599, got 99',
      'the scripted model server could not play the step: delayMs must be a non-negative number, got -1',
      'the scripted model server could not play the step: unknown script step kind "teleport"',
    ]);
  });
});
