import { describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import { postChat, serve, sseData } from './support.js';

describe('scripted model server, OpenAI /v1/chat/completions', () => {
  it('answers a non-streaming request (the default) with a chat completion: string arguments, finish_reason, usage', async () => {
    const server = await serve({ script: [{ kind: 'tool_call', name: 'file_read', arguments: { path: 'a.txt' }, id: 'call_a' }] });
    const response = await postChat(server, 'openai');

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: 'llama3.2',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'file_read', arguments: '{"path":"a.txt"}' } }] },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });

  it('sends malformed argument text verbatim as the arguments string', async () => {
    const broken = "{'path': 'a.txt',}";
    const server = await serve({ script: [{ kind: 'tool_call', name: 'file_read', arguments: broken }] });
    const body = (await (await postChat(server, 'openai')).json()) as any;
    expect(body.choices[0].message.tool_calls[0].function.arguments).toBe(broken);
  });

  it('streams SSE ending with [DONE] that accumulates to the scripted calls, text and usage', async () => {
    const server = await serve({
      script: [
        {
          kind: 'tool_calls',
          content: 'Two reads.',
          calls: [
            { name: 'file_read', arguments: { path: 'a.txt' } },
            { name: 'no_such_tool', arguments: '{"path": 42' },
          ],
          usage: { promptTokens: 3, completionTokens: 4 },
        },
      ],
    });
    const response = await postChat(server, 'openai', { stream: true });

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await accumulateStream(response.body!)).toEqual({
      format: 'sse',
      calls: [
        { index: 0, id: 'call_0_0', name: 'file_read', arguments: '{"path":"a.txt"}', source: 'openai_stream' },
        { index: 1, id: 'call_0_1', name: 'no_such_tool', arguments: '{"path": 42', source: 'openai_stream' },
      ],
      content: 'Two reads.',
      finishReason: 'tool_calls',
      usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
      complete: true,
      errors: [],
    });
  });

  it('splits each call into fragments: the first names it, later ones carry pieces of the arguments', async () => {
    const args = '{"path": "src/some/long/file/name.ts", "encoding": "utf8"}';
    const server = await serve({ script: [{ kind: 'tool_call', name: 'file_read', arguments: args, id: 'call_a' }] });
    const data = sseData(await (await postChat(server, 'openai', { stream: true })).text());

    expect(data.at(-1)).toBe('[DONE]');
    const fragments = data
      .slice(0, -1)
      .map((event) => JSON.parse(event) as any)
      .flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? []);
    expect(fragments[0]).toEqual({ index: 0, id: 'call_a', type: 'function', function: { name: 'file_read', arguments: '' } });
    const pieces = fragments.slice(1).map((fragment: any) => fragment.function.arguments as string);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(args);
    expect(fragments.slice(1).every((fragment: any) => fragment.id === undefined && fragment.function.name === undefined)).toBe(true);
  });

  it('ends a text answer with finish_reason "stop" and no tool_calls', async () => {
    const text = '```json\n{"name": "file_read", "arguments": {"path": "a.txt"}}\n```';
    const server = await serve({ script: [{ kind: 'text', content: text }, { kind: 'text', content: text }] });

    const whole = (await (await postChat(server, 'openai')).json()) as any;
    expect(whole.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' });

    const streamed = await accumulateStream((await postChat(server, 'openai', { stream: true })).body!);
    expect(streamed).toMatchObject({ content: text, calls: [], finishReason: 'stop', complete: true, errors: [] });
  });

  it('lists the configured models at GET /v1/models', async () => {
    const server = await serve({ script: [], models: ['qwen2.5-coder:7b'] });
    const body = (await (await fetch(`${server.url}/v1/models`, { signal: AbortSignal.timeout(5_000) })).json()) as any;
    expect(body).toMatchObject({ object: 'list', data: [{ id: 'qwen2.5-coder:7b', object: 'model' }] });
  });
});
