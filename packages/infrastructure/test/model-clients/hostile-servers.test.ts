import type { ServerResponse } from 'node:http';
import { ModelClientException } from '@acode/application';
import { ERROR_CODES, type ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModelClient, type ProviderType } from '../../src/model-clients/index.js';
import { guardUnhandledRejections, modelFailure as failure, settingsFor, startRawServer, type RawServer } from './support.js';

guardUnhandledRejections();

const REQUEST: ChatRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] };

let server: RawServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: (response: ServerResponse) => void): Promise<string> {
  server = await startRawServer((_request, response) => handler(response));
  return server.url;
}


/** The start of a streamed call, in each format: enough for a call to exist, not to finish. */
const PARTIAL_CALL = {
  ollama: '{"message":{"role":"assistant","content":"Writing."},"done":false}\n',
  'openai-compatible': 'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"file_write","arguments":"{\\"pa"}}]}}]}\n\n',
} as const;

describe.each(['ollama', 'openai-compatible'] as const)('%s client against a misbehaving server', (type: ProviderType) => {
  const client = (url: string, extra = {}) => createChatModelClient(settingsFor(type, url, { timeoutMs: 200, ...extra }));
  const contentType = type === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';

  it('times out with ACODE-MDL-002 when a stream stalls mid-body', async () => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': contentType });
      response.write(PARTIAL_CALL[type]); // then silence, connection open
    });
    const error = await failure(client(url).chatStream(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_TIMEOUT);
    expect(error.message).toContain('stopped sending its answer and stayed silent for 200 ms');
  });

  it('times out with ACODE-MDL-002 when a whole answer stalls after its headers', async () => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"message":');
    });
    expect((await failure(client(url).chat(REQUEST))).code).toBe(ERROR_CODES.MODEL_TIMEOUT);
  });

  it('does not cut a slow stream that keeps talking: the timeout bounds silence, not the answer', async () => {
    const pieces = ['a', 'b', 'c', 'd', 'e'];
    const lines = pieces.map((piece, position) => {
      const last = position === pieces.length - 1;
      return type === 'ollama'
        ? `${JSON.stringify({ message: { content: piece }, done: last })}\n`
        : `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece }, ...(last ? { finish_reason: 'stop' } : {}) }] })}\n\n${last ? 'data: [DONE]\n\n' : ''}`;
    });
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': contentType });
      // Each gap is below the timeout; together they are well above it.
      lines.forEach((line, position) => setTimeout(() => (position === lines.length - 1 ? response.end(line) : response.write(line)), (position + 1) * 150));
    });
    const response = await client(url, { timeoutMs: 400 }).chatStream(REQUEST);
    expect(response.content).toBe('abcde');
    expect(response.streamErrors).toEqual([]);
  });

  it('returns a stream closed before its end marker with the cut call incomplete and a stream error', async () => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': contentType });
      response.end(PARTIAL_CALL[type]);
    });
    const response = await client(url).chatStream(REQUEST);
    expect(response.streamErrors.at(-1)).toMatchObject({ code: ERROR_CODES.TOOL_CALL_STREAM_ERROR, index: -1 });
    expect(response.streamErrors.at(-1)?.message).toContain('ended before its end marker');
    if (type === 'openai-compatible') expect(response.toolCalls).toEqual([{ index: 0, id: 'call_a', name: 'file_write', arguments: '{"pa', source: 'openai_stream', incomplete: true }]);
    else expect(response.content).toBe('Writing.');
  });

  it('fails a stream with nothing usable in it with ACODE-MDL-005, quoting the server error it carried', async () => {
    const line = type === 'ollama' ? '{"error":"model crashed"}\n' : 'data: {"error":{"message":"model crashed"}}\n\n';
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': contentType });
      response.end(line);
    });
    const error = await failure(client(url).chatStream(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_BAD_RESPONSE);
    expect(error.message).toContain('ended before any answer arrived');
    expect(error.message).toContain('"model crashed"');
  });

  it('fails an HTML page served as a stream with ACODE-MDL-005', async () => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Welcome to nginx</body></html>\n');
    });
    expect((await failure(client(url).chatStream(REQUEST))).code).toBe(ERROR_CODES.MODEL_BAD_RESPONSE);
  });

  it.each([
    ['not JSON', 'Welcome to nginx', 'is not JSON'],
    ['empty', '', 'is empty'],
    ['an array', '[1, 2]', 'is not a JSON object'],
    ['missing its message', '{"done": true, "choices": []}', 'has no'],
    ['with tool_calls not a list', '{"message": {"content": "", "tool_calls": "x"}, "choices": [{"message": {"content": "", "tool_calls": "x"}}]}', 'that is not an array'],
  ])('fails a whole answer that is %s with ACODE-MDL-005', async (_label, body, problem) => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_BAD_RESPONSE);
    expect(error.message).toContain(problem);
  });

  it('refuses an answer larger than maxResponseBytes with ACODE-MDL-005, streamed or not', async () => {
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"message":{"content":"${'x'.repeat(4096)}"}}`);
    });
    const small = createChatModelClient(settingsFor(type, url), { maxResponseBytes: 1024 });
    for (const call of [small.chat(REQUEST), small.chatStream(REQUEST)]) {
      const error = await failure(call);
      expect(error.code).toBe(ERROR_CODES.MODEL_BAD_RESPONSE);
      expect(error.message).toContain('larger than 1 KiB');
    }
  });

  it('bounds a huge multi-line error body to one short line', async () => {
    const url = await serve((response) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`Bad gateway\n${'upstream said no\r\n'.repeat(20_000)}`);
    });
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_HTTP_ERROR);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^\S+ at http:\/\/127\.0\.0\.1:\d+ answered HTTP 502: "Bad gateway upstream said no/);
    expect(error.message.length).toBeLessThan(450);
    expect(error.message).not.toMatch(/[\r\n]/);
  });

  it('keeps a 404 that is not about the model an HTTP error (a wrong base_url), not "model not found"', async () => {
    const url = await serve((response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('404 page not found');
    });
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_HTTP_ERROR);
    expect(error.message).toContain('HTTP 404: "404 page not found"');
  });

  it('passes deeply nested arguments through to the parser without failing', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body =
      type === 'ollama'
        ? `{"message":{"content":"","tool_calls":[{"function":{"name":"x","arguments":{"a":${deep}}}}]}}`
        : `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"x","arguments":${JSON.stringify(`{"a":${deep}}`)}}}]},"finish_reason":"tool_calls"}]}`;
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    const response = await client(url).chat(REQUEST);
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]?.name).toBe('x');
  });

  it('reads hostile listings: no list is ACODE-MDL-005, entries without a usable name are skipped', async () => {
    const [field, key] = type === 'ollama' ? ['models', 'name'] : ['data', 'id'];
    const url = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ [field]: [{ [key]: 'good' }, { [key]: 42 }, null, { [key]: 'x'.repeat(300) }, { [key]: '' }] }));
    });
    await expect(client(url).listModels()).resolves.toEqual({ models: ['good'] });

    await server?.close();
    const other = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"object": "list"}');
    });
    expect((await failure(client(other).listModels())).code).toBe(ERROR_CODES.MODEL_BAD_RESPONSE);
  });
});
