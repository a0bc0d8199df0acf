import { Ollama, type ChatResponse } from 'ollama';
import { describe, expect, it } from 'vitest';
import type { GatewayAnswer } from '../../src/gateway/gateway-request.js';
import { ollamaChatChunks, ollamaChatResponse, type OllamaChatResponse } from '../../src/gateway/write-ollama-chat-response.js';

const createdAt = new Date('2026-11-24T21:00:00.000Z');

const withCalls: GatewayAnswer = {
  model: 'llama3.2',
  content: '',
  reasoning: 'Two cities.',
  toolCalls: [
    { id: 'call_1', wireName: 'get_weather', arguments: { city: 'Paris' } },
    { id: '', wireName: 'get_weather', arguments: { city: 'Rome' } },
  ],
  finishReason: 'tool_calls',
  usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42 },
};

/** The SDK's type but for `created_at`, which its type says is a Date and its wire sends as text. */
type WireChatResponse = Omit<ChatResponse, 'created_at'> & { created_at: string };

/** An Ollama client whose server answers `body` once. */
function clientAnswering(body: string): Ollama {
  return new Ollama({ host: 'http://gateway.test', fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }) });
}

describe('ollamaChatResponse', () => {
  it('writes an /api/chat answer the official type accepts', () => {
    const typed: WireChatResponse = ollamaChatResponse(withCalls, { createdAt, totalDurationNs: 1_500_000 });
    expect(typed).toEqual({
      model: 'llama3.2',
      created_at: '2026-11-24T21:00:00.000Z',
      message: {
        role: 'assistant',
        content: '',
        thinking: 'Two cities.',
        tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }, { function: { name: 'get_weather', arguments: { city: 'Rome' } } }],
      },
      done: true,
      done_reason: 'stop',
      total_duration: 1_500_000,
      load_duration: 0,
      prompt_eval_count: 30,
      prompt_eval_duration: 0,
      eval_count: 12,
      eval_duration: 0,
    });
  });

  it('keeps the upstream reason but OpenAI-only ones, and survives an invalid date', () => {
    const text: GatewayAnswer = { model: 'm', content: 'Hi', toolCalls: [], finishReason: 'length', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    const response: OllamaChatResponse = ollamaChatResponse(text, { createdAt: new Date(Number.NaN) });
    expect(response).toMatchObject({ done_reason: 'length', created_at: '1970-01-01T00:00:00.000Z', message: { role: 'assistant', content: 'Hi' }, total_duration: 0 });
    expect(response.message).toEqual({ role: 'assistant', content: 'Hi' });
    expect(ollamaChatResponse({ ...text, finishReason: 'content_filter' }, { createdAt }).done_reason).toBe('stop');
  });

  it('is read back by the official client', async () => {
    const response = await clientAnswering(JSON.stringify(ollamaChatResponse(withCalls, { createdAt }))).chat({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: false });
    expect(response.message.tool_calls?.map((call) => call.function.arguments)).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
    expect(response.eval_count).toBe(12);
  });
});

describe('ollamaChatChunks', () => {
  it('writes NDJSON: the message, then a done line with the counts', () => {
    const lines = ollamaChatChunks(withCalls, { createdAt });
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({ done: false, message: { content: '', thinking: 'Two cities.', tool_calls: [{}, {}] } });
    expect(parsed[1]).toMatchObject({ done: true, done_reason: 'stop', message: { role: 'assistant', content: '' }, prompt_eval_count: 30, eval_count: 12 });
    const empty = ollamaChatChunks({ ...withCalls, reasoning: undefined, toolCalls: [] }, { createdAt });
    expect(empty).toHaveLength(1);
  });

  it('is read by the official client as a stream', async () => {
    const stream = await clientAnswering(ollamaChatChunks({ ...withCalls, content: 'Calling.' }, { createdAt }).join('')).chat({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    const parts: ChatResponse[] = [];
    for await (const part of stream) parts.push(part);
    expect(parts.map((part) => part.message.content).join('')).toBe('Calling.');
    expect(parts.flatMap((part) => part.message.tool_calls ?? []).map((call) => call.function.name)).toEqual(['get_weather', 'get_weather']);
    expect(parts.at(-1)).toMatchObject({ done: true, eval_count: 12 });
  });
});
