import { describe, expect, it } from 'vitest';
import { ollamaChatFront } from '../../../src/gateway/fronts/ollama-chat-front.js';
import type { GatewayAnswer, GatewayRequest } from '../../../src/gateway/gateway-request.js';

const identity = { id: 'chatcmpl-1', created: 7, createdAt: new Date('2026-11-27T10:00:00Z'), model: 'llama3.2', includeUsage: false };
const request: GatewayRequest = { wire: 'ollama', model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }], tools: [], stream: true, parameters: {} };
const answer: GatewayAnswer = { model: 'llama3.2', content: ' there', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 2, completionTokens: 3, totalTokens: 5 } };

const lines = (text: string): Array<Record<string, any>> =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, any>);

describe('ollamaChatFront', () => {
  it('streams one JSON object a line, keep-alives as empty unfinished lines, the last one done with its duration', () => {
    const stream = ollamaChatFront.stream(identity, request);
    expect(stream.contentType).toBe('application/x-ndjson');
    const objects = lines(stream.content('Hi') + stream.keepAlive() + stream.end(answer, { totalDurationNs: 1234 }));
    expect(objects.map((object) => object['message']?.content ?? '').join('')).toBe('Hi there');
    expect(objects.slice(0, -1).every((object) => object['done'] === false)).toBe(true);
    expect(objects.at(-1)).toMatchObject({ done: true, done_reason: 'stop', total_duration: 1234, prompt_eval_count: 2, eval_count: 3 });
  });

  it('writes errors as Ollama does, the code leading the message', () => {
    expect(ollamaChatFront.error({ status: 400, code: 'ACODE-GTW-001', message: 'bad', type: 'invalid_request_error' })).toEqual({ error: 'ACODE-GTW-001: bad' });
    expect(lines(ollamaChatFront.stream(identity, request).fail({ status: 502, code: 'ACODE-MDL-001', message: 'down', type: 'upstream_error' }))).toEqual([{ error: 'ACODE-MDL-001: down' }]);
  });

  it('answers whole as /api/chat does', () => {
    expect(ollamaChatFront.answer(answer, identity, request, { totalDurationNs: 9 })).toMatchObject({ model: 'llama3.2', message: { role: 'assistant', content: ' there' }, done: true, total_duration: 9 });
  });
});
