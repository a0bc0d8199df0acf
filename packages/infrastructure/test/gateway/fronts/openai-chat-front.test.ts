import { describe, expect, it } from 'vitest';
import { openAiChatFront, openAiErrorType } from '../../../src/gateway/fronts/openai-chat-front.js';
import type { GatewayAnswer, GatewayRequest } from '../../../src/gateway/gateway-request.js';

const identity = { id: 'chatcmpl-1', created: 7, createdAt: new Date(7000), model: 'm', includeUsage: false };
const request: GatewayRequest = { wire: 'openai', model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [], stream: true, parameters: {} };
const answer: GatewayAnswer = {
  model: 'm',
  content: ' world',
  toolCalls: [{ id: 'call_1', wireName: 'get_weather', arguments: { city: 'Paris' } }],
  finishReason: 'tool_calls',
  usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
};

/** The `data:` objects of a stream, `[DONE]` left out. */
function events(text: string): Array<Record<string, any>> {
  return text
    .split('\n\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, any>);
}

describe('openAiChatFront', () => {
  it('streams the role with the first text only, then the rest of the answer after the text sent', () => {
    const stream = openAiChatFront.stream(identity, request);
    const text = stream.content('Hello') + stream.content(',') + stream.keepAlive() + stream.end(answer, { totalDurationNs: 0 });
    const chunks = events(text);
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.role === 'assistant')).toHaveLength(1);
    expect(chunks[0]!.choices[0].delta).toEqual({ role: 'assistant', content: 'Hello' });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Hello, world');
    expect(chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])).toEqual([{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
    expect(chunks.at(-1)!.choices[0].finish_reason).toBe('tool_calls');
    expect(text).toContain(': keep-alive\n\n');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('ends a failed stream with an error event and [DONE]', () => {
    const text = openAiChatFront.stream(identity, request).fail({ status: 502, code: 'ACODE-GTW-005', message: 'late', type: 'timeout' });
    expect(events(text)).toEqual([{ error: { message: 'late', type: 'timeout', code: 'ACODE-GTW-005', param: null } }]);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('writes errors as OpenAI does, a bad token an invalid_request_error and a busy gateway an upstream_error', () => {
    expect(openAiChatFront.error({ status: 400, code: 'ACODE-GTW-001', message: 'bad', type: 'invalid_request_error', param: '/model' })).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', code: 'ACODE-GTW-001', param: '/model' },
    });
    expect(openAiErrorType('authentication_error')).toBe('invalid_request_error');
    expect(openAiErrorType('overloaded_error')).toBe('upstream_error');
    expect(openAiErrorType('invalid_tool_call')).toBe('invalid_tool_call');
  });
});
