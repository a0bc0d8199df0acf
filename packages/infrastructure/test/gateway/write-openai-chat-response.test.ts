import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import type { GatewayAnswer } from '../../src/gateway/gateway-request.js';
import { openAiChatChunks, openAiChatCompletion } from '../../src/gateway/write-openai-chat-response.js';

const identity = { id: 'chatcmpl-abc123', created: 1_764_000_000 };

const withCalls: GatewayAnswer = {
  model: 'qwen2.5-coder:7b',
  content: '',
  reasoning: 'Two cities.',
  toolCalls: [
    { id: 'call_1', wireName: 'get-weather', arguments: { city: 'Paris' } },
    { id: '', wireName: 'get-weather', arguments: { city: 'Rome', units: ['c'] } },
  ],
  finishReason: 'tool_calls',
  usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42 },
};

const textOnly: GatewayAnswer = { model: 'm', content: 'Sunny.', toolCalls: [], finishReason: 'load', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } };

/** An OpenAI client whose server answers `body` once. */
function clientAnswering(body: string, contentType: string): OpenAI {
  return new OpenAI({ apiKey: 'test', baseURL: 'http://gateway.test/v1', maxRetries: 0, fetch: async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }) });
}

describe('openAiChatCompletion', () => {
  it('writes a chat.completion the official type accepts', () => {
    // The check is tsc's: the writer's output must be assignable to the SDK's own type.
    const typed: ChatCompletion = openAiChatCompletion(withCalls, identity);
    expect(typed).toEqual({
      id: 'chatcmpl-abc123',
      object: 'chat.completion',
      created: 1_764_000_000,
      model: 'qwen2.5-coder:7b',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Paris"}' } },
              { id: 'call_chatcmplabc123_1', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Rome","units":["c"]}' } },
            ],
            reasoning_content: 'Two cities.',
          },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 },
    });
  });

  it('keeps text, and maps reasons OpenAI clients do not know to stop', () => {
    const completion = openAiChatCompletion(textOnly, identity);
    expect(completion.choices[0].message).toEqual({ role: 'assistant', content: 'Sunny.', refusal: null });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(openAiChatCompletion({ ...textOnly, finishReason: 'length' }, identity).choices[0].finish_reason).toBe('length');
    expect(openAiChatCompletion({ ...textOnly, finishReason: 'tool_calls' }, identity).choices[0].finish_reason).toBe('stop');
  });

  it('is read back by the official client', async () => {
    const client = clientAnswering(JSON.stringify(openAiChatCompletion(withCalls, identity)), 'application/json');
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(completion.choices[0]?.message.tool_calls?.map((call) => (call.type === 'function' ? JSON.parse(call.function.arguments) : undefined))).toEqual([{ city: 'Paris' }, { city: 'Rome', units: ['c'] }]);
  });
});

describe('openAiChatChunks', () => {
  it('writes server-sent events ending with [DONE], usage only when asked', () => {
    const lines = openAiChatChunks(withCalls, { ...identity, includeUsage: true });
    expect(lines.every((line) => line.startsWith('data: ') && line.endsWith('\n\n'))).toBe(true);
    expect(lines.at(-1)).toBe('data: [DONE]\n\n');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line.slice(6)) as ChatCompletionChunk & { choices: Array<{ delta: { reasoning_content?: string } }> });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'Two cities.' },
      { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Paris"}' } }] },
      { tool_calls: [{ index: 1, id: 'call_chatcmplabc123_1', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Rome","units":["c"]}' } }] },
      {},
      null,
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason)).toEqual([null, null, null, null, 'tool_calls', undefined]);
    expect(chunks.at(-1)).toEqual({ id: 'chatcmpl-abc123', object: 'chat.completion.chunk', created: 1_764_000_000, model: 'qwen2.5-coder:7b', choices: [], usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 } });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);

    const plain = openAiChatChunks(textOnly, identity).slice(0, -1).map((line) => JSON.parse(line.slice(6)) as ChatCompletionChunk);
    expect(plain.map((chunk) => chunk.choices[0]?.delta)).toEqual([{ role: 'assistant', content: '' }, { content: 'Sunny.' }, {}]);
    expect(plain.every((chunk) => !('usage' in chunk))).toBe(true);
  });

  it('is assembled by the official client into the same completion', async () => {
    const client = clientAnswering(openAiChatChunks(withCalls, { ...identity, includeUsage: true }).join(''), 'text/event-stream');
    const runner = client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: true } });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    expect(final.choices[0]?.message.tool_calls?.map((call) => (call.type === 'function' ? [call.id, call.function.name, call.function.parsed_arguments ?? JSON.parse(call.function.arguments)] : []))).toEqual([
      ['call_1', 'get-weather', { city: 'Paris' }],
      ['call_chatcmplabc123_1', 'get-weather', { city: 'Rome', units: ['c'] }],
    ]);
    expect(final.usage).toEqual({ prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 });

    const text = clientAnswering(openAiChatChunks(textOnly, identity).join(''), 'text/event-stream');
    const stream = await text.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    let content = '';
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? '';
    expect(content).toBe('Sunny.');
  });
});
