import { ModelClientException } from '@acode/application';
import { ERROR_CODES, type ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModelClient, SecretValue, type ProviderType } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '../../src/model-server/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { closedPort, guardUnhandledRejections, modelFailure as failure, NESTED_SCHEMA, settingsFor } from './support.js';

guardUnhandledRejections();

/** The two wire formats, with what differs in their answers. */
const FORMATS = [
  { type: 'ollama', chatPath: '/api/chat', source: 'ollama', streamSource: 'ollama_stream', args: (value: object) => value },
  { type: 'openai-compatible', chatPath: '/v1/chat/completions', source: 'openai', streamSource: 'openai_stream', args: (value: object) => JSON.stringify(value) },
] as const;

const REQUEST: ChatRequest = {
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Read a.txt' }],
  tools: [{ name: 'file_read', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
};

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: Script, options: { chunkSize?: number; models?: string[] } = {}): Promise<ScriptedModelServer> {
  server = await startScriptedModelServer({ script, ...options });
  return server;
}


describe.each(FORMATS)('$type client over real HTTP', (format) => {
  const client = (url: string, extra = {}) => createChatModelClient(settingsFor(format.type as ProviderType, url, extra));

  it('returns a whole answer with its tool call as sent and the token usage', async () => {
    const { url } = await serve([{ kind: 'tool_call', id: 'call_a', name: 'file_read', arguments: { path: 'a.txt' }, usage: { promptTokens: 12, completionTokens: 7 } }]);
    const response = await client(url).chat(REQUEST);
    expect(response.toolCalls).toEqual([{ index: 0, id: 'call_a', name: 'file_read', arguments: format.args({ path: 'a.txt' }), source: format.source }]);
    expect(response.usage).toEqual({ promptTokens: 12, completionTokens: 7, totalTokens: 19 });
    expect(response.model).toBe('llama3.2');
    expect(response.streamErrors).toEqual([]);
  });

  it('assembles a streamed answer split mid-token into the same call, with usage', async () => {
    const { url } = await serve([{ kind: 'tool_call', id: 'call_s', name: 'file_read', arguments: { path: 'dir/ü.txt' }, usage: { promptTokens: 3, completionTokens: 4 } }], {
      chunkSize: 3,
    });
    const response = await client(url).chatStream(REQUEST);
    expect(response.toolCalls).toEqual([{ index: 0, id: 'call_s', name: 'file_read', arguments: format.args({ path: 'dir/ü.txt' }), source: format.streamSource }]);
    expect(response.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    expect(response.streamErrors).toEqual([]);
  });

  it('hands streamed text to onContent piece by piece and returns it whole', async () => {
    const text = 'The file says hello, in several pieces.';
    const { url } = await serve([{ kind: 'text', content: text }]);
    const pieces: string[] = [];
    const response = await client(url).chatStream(REQUEST, { onContent: (piece) => pieces.push(piece) });
    expect(response.content).toBe(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
  });

  it('sends tools in the function format with nested objects, arrays, enums and descriptions intact', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    const tool = { name: 'file_edit', description: 'Edits a file.', parameters: NESTED_SCHEMA };
    await client(url).chat({ ...REQUEST, tools: [tool] });
    const { $schema: _dialect, ...expectedParameters } = NESTED_SCHEMA;
    expect((requests.at(-1)?.body as { tools: unknown }).tools).toEqual([
      { type: 'function', function: { name: 'file_edit', description: 'Edits a file.', parameters: expectedParameters } },
    ]);
  });

  it('sends every tool in OpenAI strict form when the provider sets strict_schemas', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }, { kind: 'text', content: 'ok' }]);
    const strictClient = createChatModelClient({ ...settingsFor(format.type as ProviderType, url), strictSchemas: true });
    await strictClient.chat(REQUEST);
    await strictClient.chatStream(REQUEST);
    const strictFileRead = {
      type: 'function',
      function: {
        name: 'file_read',
        description: 'Reads a file.',
        parameters: { type: 'object', properties: { path: { type: ['string', 'null'] } }, required: ['path'], additionalProperties: false },
        strict: true,
      },
    };
    expect(requests.map((request) => (request.body as { tools: unknown }).tools)).toEqual([[strictFileRead], [strictFileRead]]);
  });

  it('lists the models the server has', async () => {
    const { url } = await serve([], { models: ['llama3.2:latest', 'qwen2.5-coder:7b'] });
    await expect(client(url).listModels()).resolves.toEqual({ models: ['llama3.2:latest', 'qwen2.5-coder:7b'] });
  });

  it('maps a 500 to ACODE-MDL-003 with the status and the server message', async () => {
    const { url } = await serve([{ kind: 'http_error', status: 500, message: 'CUDA out of memory' }]);
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_HTTP_ERROR);
    expect(error.status).toBe(500);
    expect(error.message).toBe(`${format.type === 'ollama' ? 'ollama' : 'local'} at ${url} answered HTTP 500: "CUDA out of memory".`);
  });

  it('maps a missing model to ACODE-MDL-004 naming the model', async () => {
    const { url } = await serve([{ kind: 'model_missing' }]);
    const error = await failure(client(url).chatStream(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_NOT_FOUND);
    expect(error.status).toBe(404);
    expect(error.message).toContain('Model "llama3.2" is not available');
  });

  it('maps a model without tool support to ACODE-MDL-006', async () => {
    const { url } = await serve([{ kind: 'no_tool_support' }]);
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_NO_TOOL_SUPPORT);
    expect(error.message).toContain('does not support tool calling');
  });

  it('maps a refused connection to ACODE-MDL-001 with the unreachable message', async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const name = format.type === 'ollama' ? 'ollama' : 'local';
    for (const call of [(c: ReturnType<typeof client>) => c.chat(REQUEST), (c: ReturnType<typeof client>) => c.chatStream(REQUEST), (c: ReturnType<typeof client>) => c.listModels()]) {
      const error = await failure(call(client(baseUrl)));
      expect(error.code).toBe(ERROR_CODES.MODEL_UNREACHABLE);
      expect(error.message).toBe(`Cannot reach ${name} at ${baseUrl}: connection refused. Is it running? Set its address with: acode config set model.providers.${name}.base_url <url>`);
    }
  });

  it('gives up on a server that does not answer within timeout_ms with ACODE-MDL-002', async () => {
    const { url } = await serve([{ kind: 'slow', delayMs: 30_000, then: { kind: 'text', content: 'late' } }]);
    const error = await failure(client(url, { timeoutMs: 150 }).chatStream(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_TIMEOUT);
    expect(error.message).toContain('did not answer for 150 ms (timeout_ms 150)');
  });

  it('fails a whole answer cut mid-body with ACODE-MDL-001: half a JSON body is unusable', async () => {
    const { url } = await serve([{ kind: 'cut_stream', then: { kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' } } }]);
    const error = await failure(client(url).chat(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_UNREACHABLE);
    expect(error.message).toContain('Lost the connection');
  });

  it('cancels on the caller signal with ACODE-MDL-007, before and during the request', async () => {
    const { url, requests } = await serve([{ kind: 'slow', delayMs: 30_000, then: { kind: 'text', content: 'late' } }]);
    const before = new AbortController();
    before.abort();
    expect((await failure(client(url).chat(REQUEST, { signal: before.signal }))).code).toBe(ERROR_CODES.MODEL_CANCELLED);
    expect(requests).toHaveLength(0);

    const during = new AbortController();
    const pending = client(url).chatStream(REQUEST, { signal: during.signal });
    while (requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    during.abort();
    expect((await failure(pending)).code).toBe(ERROR_CODES.MODEL_CANCELLED);
  });

  it('sends the API key from the environment variable and never logs it', async () => {
    const { url, requests } = await serve([{ kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' } }, { kind: 'http_error', status: 401, message: 'bad key' }]);
    const logger = new RecordingLogger();
    const keyed = createChatModelClient(settingsFor(format.type as ProviderType, url, { apiKeyEnv: 'ACODE_TEST_KEY', apiKey: new SecretValue('sk-test-5ecr3t') }), { logger });
    await keyed.chat(REQUEST);
    const error = await failure(keyed.chat(REQUEST));
    expect(requests.map((request) => request.headers['authorization'])).toEqual(['Bearer sk-test-5ecr3t', 'Bearer sk-test-5ecr3t']);
    expect(logger.records.length).toBeGreaterThan(0);
    expect(logger.dump()).not.toContain('5ecr3t');
    expect(error.message).not.toContain('5ecr3t');
  });

  it('sends no authorization header without an API key', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    await client(url).chat(REQUEST);
    expect(requests[0]?.headers['authorization']).toBeUndefined();
  });
});

describe('a stream cut mid-call', () => {
  const longText = 'x'.repeat(400);

  it('returns the OpenAI call marked incomplete, with what arrived of its arguments and a stream error', async () => {
    const { url } = await serve([{ kind: 'cut_stream', then: { kind: 'tool_call', name: 'file_write', arguments: { path: 'a.txt', content: longText } } }]);
    const response = await createChatModelClient(settingsFor('openai-compatible', url)).chatStream(REQUEST);
    expect(response.toolCalls).toHaveLength(1);
    const call = response.toolCalls[0]!;
    expect(call).toMatchObject({ index: 0, name: 'file_write', source: 'openai_stream', incomplete: true });
    const full = JSON.stringify({ path: 'a.txt', content: longText });
    expect(typeof call.arguments).toBe('string');
    expect(full.startsWith(call.arguments as string)).toBe(true);
    expect((call.arguments as string).length).toBeLessThan(full.length);
    // The half line before the cut, and the cut itself.
    expect(response.streamErrors.every((error) => error.code === ERROR_CODES.TOOL_CALL_STREAM_ERROR)).toBe(true);
    expect(response.streamErrors.some((error) => error.message.includes('before the connection failed'))).toBe(true);
  });

  it('returns the Ollama text that arrived, drops the cut line and reports it', async () => {
    const content = 'I will write the file now.';
    const { url } = await serve([{ kind: 'cut_stream', then: { kind: 'tool_call', content, name: 'file_write', arguments: { path: 'a.txt', content: longText } } }]);
    const response = await createChatModelClient(settingsFor('ollama', url)).chatStream(REQUEST);
    expect(response.content).toBe(content);
    expect(response.toolCalls).toEqual([]);
    expect(response.streamErrors.length).toBeGreaterThan(0);
    expect(response.streamErrors.every((error) => error.code === ERROR_CODES.TOOL_CALL_STREAM_ERROR)).toBe(true);
  });

  it('is ACODE-MDL-001 when the connection broke before anything usable arrived', async () => {
    const { url } = await serve([{ kind: 'cut_stream', afterBytes: 5, then: { kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' } } }]);
    const error = await failure(createChatModelClient(settingsFor('ollama', url)).chatStream(REQUEST));
    expect(error.code).toBe(ERROR_CODES.MODEL_UNREACHABLE);
  });
});

describe('conversation messages on the wire', () => {
  const conversation: ChatRequest = {
    model: 'llama3.2',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Read a.txt' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'file_read', arguments: '{"path": "a.txt"}' }] },
      { role: 'tool', content: 'hello', toolCallId: 'call_1', toolName: 'file_read' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_2', name: 'file_read', arguments: '{"path": "b.txt",' }] },
    ],
  };

  it('Ollama: arguments as an object, tool results by tool_name, an unparseable call as text', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    await createChatModelClient(settingsFor('ollama', url)).chat({ ...conversation, temperature: 0.2 });
    expect(requests[0]?.body).toEqual({
      model: 'llama3.2',
      stream: false,
      options: { temperature: 0.2 },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Read a.txt' },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'file_read', arguments: { path: 'a.txt' } } }] },
        { role: 'tool', content: 'hello', tool_name: 'file_read' },
        { role: 'assistant', content: '{"name": "file_read", "arguments": {"path": "b.txt",}' },
      ],
    });
  });

  it('OpenAI: arguments as a string, tool results by tool_call_id, usage asked for in streams', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    await createChatModelClient(settingsFor('openai-compatible', url)).chatStream(conversation);
    expect(requests[0]?.body).toEqual({
      model: 'llama3.2',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Read a.txt' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'file_read', arguments: '{"path": "a.txt"}' } }] },
        { role: 'tool', content: 'hello', tool_call_id: 'call_1' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'file_read', arguments: '{"path": "b.txt",' } }] },
      ],
    });
  });

  it('OpenAI: parameters of the same wire go verbatim, never over model, messages, tools or stream', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    const parameters = { temperature: 0.1, max_tokens: 64, tool_choice: 'auto', user: 'u1', model: 'other', stream: true, messages: [], tools: [] };
    await createChatModelClient(settingsFor('openai-compatible', url)).chat({ ...REQUEST, parameters, wireOfParameters: 'openai' });
    const body = requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'llama3.2', stream: false, temperature: 0.1, max_tokens: 64, tool_choice: 'auto', user: 'u1' });
    expect(body['messages']).toEqual([{ role: 'user', content: 'Read a.txt' }]);
    expect(body['tools']).toHaveLength(1);
  });

  it('Ollama: parameters of the same wire go verbatim, the temperature merged into their options', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    const parameters = { options: { num_ctx: 4096, top_k: 20 }, keep_alive: '5m', format: 'json', stream: true };
    await createChatModelClient(settingsFor('ollama', url)).chat({ ...REQUEST, temperature: 0.3, parameters, wireOfParameters: 'ollama' });
    expect(requests[0]?.body).toMatchObject({ stream: false, keep_alive: '5m', format: 'json', options: { num_ctx: 4096, top_k: 20, temperature: 0.3 } });
  });

  it('OpenAI parameters to an Ollama server: the common ones mapped under options, the rest dropped', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    const parameters = { max_tokens: 10, max_completion_tokens: 20, temperature: 0.5, top_p: 0.9, seed: 7, stop: 'END', response_format: { type: 'json_object' }, tool_choice: 'auto', n: 1 };
    await createChatModelClient(settingsFor('ollama', url)).chat({ ...REQUEST, parameters, wireOfParameters: 'openai' });
    const body = requests[0]?.body as Record<string, unknown>;
    expect(body['options']).toEqual({ num_predict: 20, temperature: 0.5, top_p: 0.9, seed: 7, stop: ['END'] });
    expect(body['format']).toBe('json');
    expect(Object.keys(body).sort()).toEqual(['format', 'messages', 'model', 'options', 'stream', 'tools']);
  });

  it('Ollama parameters to an OpenAI server: options top-level, num_predict as max_tokens, format as response_format', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }, { kind: 'text', content: 'ok' }]);
    const client = createChatModelClient(settingsFor('openai-compatible', url));
    const parameters = { options: { num_predict: 32, temperature: 0.2, top_p: 0.8, seed: 3, stop: ['\n\n'], num_ctx: 8192 }, format: 'json', keep_alive: '1m', think: true };
    await client.chat({ ...REQUEST, parameters, wireOfParameters: 'ollama' });
    const body = requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ max_tokens: 32, temperature: 0.2, top_p: 0.8, seed: 3, stop: ['\n\n'], response_format: { type: 'json_object' } });
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'response_format', 'seed', 'stop', 'stream', 'temperature', 'tools', 'top_p']);
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    await client.chat({ ...REQUEST, parameters: { format: schema }, wireOfParameters: 'ollama' });
    expect((requests[1]?.body as Record<string, unknown>)['response_format']).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema } });
  });

  it('OpenAI: base_url may already end in /v1', async () => {
    const { url, requests } = await serve([{ kind: 'text', content: 'ok' }]);
    await createChatModelClient(settingsFor('openai-compatible', `${url}/v1`)).chat(REQUEST);
    expect(requests[0]?.path).toBe('/v1/chat/completions');
  });
});
