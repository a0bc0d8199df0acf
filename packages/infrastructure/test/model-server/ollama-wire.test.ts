import { describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import { postChat, serve } from './support.js';

describe('scripted model server, Ollama /api/chat', () => {
  it('answers a non-streaming request with one object: object arguments, id, function.index, token counts', async () => {
    const server = await serve({ script: [{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Tokyo' }, id: 'call_x1' }] });
    const response = await postChat(server, 'ollama', { stream: false });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'llama3.2',
      message: { role: 'assistant', content: '', tool_calls: [{ id: 'call_x1', function: { index: 0, name: 'get_weather', arguments: { city: 'Tokyo' } } }] },
      done: true,
      done_reason: 'stop',
      prompt_eval_count: 10,
      eval_count: 5,
    });
    expect(typeof body['created_at']).toBe('string');
  });

  it('streams NDJSON by default (no "stream" field) that accumulates to the scripted calls', async () => {
    const server = await serve({
      script: [
        {
          kind: 'tool_calls',
          content: 'Reading both.',
          calls: [
            { name: 'file_read', arguments: { path: 'a.txt' } },
            { name: 'file_read', arguments: '{"path": "b.txt"}', id: 'mine' },
          ],
          usage: { promptTokens: 169, completionTokens: 15 },
        },
      ],
    });
    const response = await postChat(server, 'ollama');

    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await accumulateStream(response.body!)).toEqual({
      format: 'ndjson',
      calls: [
        { index: 0, id: 'call_0_0', name: 'file_read', arguments: { path: 'a.txt' }, source: 'ollama_stream' },
        { index: 1, id: 'mine', name: 'file_read', arguments: { path: 'b.txt' }, source: 'ollama_stream' },
      ],
      content: 'Reading both.',
      finishReason: 'stop',
      usage: { promptTokens: 169, completionTokens: 15, totalTokens: 184 },
      complete: true,
      errors: [],
    });
  });

  it('sends all calls of an answer whole, in one NDJSON line, and the counts on the last line only', async () => {
    const server = await serve({ script: [{ kind: 'tool_calls', calls: [{ name: 'a', arguments: {} }, { name: 'b', arguments: { x: 1 } }] }] });
    const lines = (await (await postChat(server, 'ollama', { stream: true })).text()).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

    const withCalls = lines.filter((line) => line['message']?.tool_calls !== undefined);
    expect(withCalls).toHaveLength(1);
    expect(withCalls[0]!['message'].tool_calls.map((call: any) => call.function.name)).toEqual(['a', 'b']);
    expect(lines.at(-1)).toMatchObject({ done: true, prompt_eval_count: 10, eval_count: 5 });
    expect(lines.slice(0, -1).every((line) => line['done'] === false && line['eval_count'] === undefined)).toBe(true);
  });

  it('sends malformed argument text as a string, streamed or not', async () => {
    const broken = '{"path": "a.txt"';
    const server = await serve({ script: [{ kind: 'tool_call', name: 'file_read', arguments: broken }, { kind: 'tool_call', name: 'file_read', arguments: broken }] });

    const whole = (await (await postChat(server, 'ollama', { stream: false })).json()) as any;
    expect(whole.message.tool_calls[0].function.arguments).toBe(broken);

    const streamed = await accumulateStream((await postChat(server, 'ollama', { stream: true })).body!);
    expect(streamed.calls).toEqual([{ index: 0, id: 'call_1_0', name: 'file_read', arguments: broken, source: 'ollama_stream' }]);
  });

  it('sends argument text that is a JSON array as a string: Ollama arguments are objects', async () => {
    const server = await serve({ script: [{ kind: 'tool_call', name: 'file_read', arguments: '["a.txt"]' }] });
    const whole = (await (await postChat(server, 'ollama', { stream: false })).json()) as any;
    expect(whole.message.tool_calls[0].function.arguments).toBe('["a.txt"]');
  });

  it('sends a text answer, such as a call embedded in a <tool_call> tag, as content with no tool_calls', async () => {
    const text = '<tool_call>{"name": "file_read", "arguments": {"path": "a.txt"}}</tool_call>';
    const server = await serve({ script: [{ kind: 'text', content: text }, { kind: 'text', content: text }] });

    const whole = (await (await postChat(server, 'ollama', { stream: false })).json()) as any;
    expect(whole.message).toEqual({ role: 'assistant', content: text });

    const streamed = await accumulateStream((await postChat(server, 'ollama')).body!);
    expect(streamed).toMatchObject({ content: text, calls: [], complete: true, errors: [] });
  });

  it('lists the configured models at GET /api/tags', async () => {
    const server = await serve({ script: [], models: ['llama3.2:latest', 'qwen2.5-coder:7b'] });
    const response = await fetch(`${server.url}/api/tags`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { models: Array<{ name: string }> };
    expect(body.models.map((model) => model.name)).toEqual(['llama3.2:latest', 'qwen2.5-coder:7b']);
  });
});
