import { describe, expect, it } from 'vitest';
import type { GatewayAnswer } from '../../../../src/gateway/gateway-request.js';
import { openAiResponsesFront, responseObject, ResponsesStream } from '../../../../src/gateway/fronts/openai-responses/index.js';

const identity = { id: 'resp_1', created: 1, createdAt: new Date(1000), model: 'm', includeUsage: false };
const answer: GatewayAnswer = { model: 'm', content: 'Hi', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };

describe('openAiResponsesFront', () => {
  it('names itself and its ids as the metrics and the API do', () => {
    expect(openAiResponsesFront.name).toBe('openai_responses');
    expect(openAiResponsesFront.idPrefix).toBe('resp_');
  });

  it('reads, answers, streams and refuses in the Responses wire', () => {
    const reading = openAiResponsesFront.read({ model: 'm', input: 'Hello', stream: true });
    if (!reading.ok) throw new Error(reading.error.message);
    const request = reading.request;
    expect(openAiResponsesFront.answer(answer, identity, request, { totalDurationNs: 1 })).toEqual(responseObject(answer, identity, request));
    const stream = openAiResponsesFront.stream(identity, request);
    expect(stream).toBeInstanceOf(ResponsesStream);
    expect(stream.end(answer, { totalDurationNs: 1 })).toContain('event: response.completed');
    expect(openAiResponsesFront.error({ status: 400, code: 'ACODE-GTW-001', message: 'm', type: 'invalid_request_error' })).toEqual({ error: { message: 'm', type: 'invalid_request_error', code: 'ACODE-GTW-001', param: null } });
    expect(openAiResponsesFront.read('nope').ok).toBe(false);
  });
});
