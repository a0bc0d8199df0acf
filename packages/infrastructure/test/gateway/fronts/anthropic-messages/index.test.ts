import { describe, expect, it } from 'vitest';
import { anthropicMessagesFront } from '../../../../src/gateway/fronts/anthropic-messages/index.js';
import type { GatewayAnswer } from '../../../../src/gateway/gateway-request.js';

const identity = { id: 'msg_1', created: 1_764_000_000, createdAt: new Date(1_764_000_000_000), model: 'claude-x', includeUsage: false };
const answer: GatewayAnswer = { model: 'up', content: 'hi', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } };

describe('anthropicMessagesFront', () => {
  it('names itself and its ids', () => {
    expect(anthropicMessagesFront.name).toBe('anthropic_messages');
    expect(anthropicMessagesFront.idPrefix).toBe('msg_');
  });

  it('reads a body and requires max_tokens', () => {
    expect(anthropicMessagesFront.read({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).ok).toBe(true);
    expect(anthropicMessagesFront.read({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).toMatchObject({ ok: false, error: { field: '/max_tokens' } });
  });

  it('writes answers, streams and errors in the Anthropic shape', () => {
    const read = anthropicMessagesFront.read({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] });
    if (!read.ok) throw new Error('refused');
    expect(anthropicMessagesFront.answer(answer, identity, read.request, { totalDurationNs: 1 })).toMatchObject({ id: 'msg_1', type: 'message', content: [{ type: 'text', text: 'hi' }] });
    const stream = anthropicMessagesFront.stream(identity, read.request);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(stream.keepAlive()).toMatch(/^event: message_start\n/);
    expect(anthropicMessagesFront.error({ status: 401, code: 'ACODE-GTW-003', message: 'no token', type: 'authentication_error' })).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'ACODE-GTW-003: no token', code: 'ACODE-GTW-003' },
    });
  });
});
