import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FrontError } from '../../../../src/gateway/fronts/gateway-front.js';
import {
  anthropicErrorBody,
  anthropicErrorType,
  anthropicMessage,
  AnthropicMessagesStream,
  anthropicStopReason,
  type AnthropicContentBlock,
} from '../../../../src/gateway/fronts/anthropic-messages/write-anthropic-messages-response.js';
import type { GatewayAnswer } from '../../../../src/gateway/gateway-request.js';

const identity = { id: 'msg_01AbC-xyz', model: 'claude-sonnet-4-5' };
const usage = { promptTokens: 30, completionTokens: 12, totalTokens: 42 };

const withCalls: GatewayAnswer = {
  model: 'qwen3:8b',
  content: 'Reading both.',
  reasoning: 'Two files.',
  toolCalls: [
    { id: 'call_1', wireName: 'Read', arguments: { file_path: 'a.txt' } },
    { id: '', wireName: 'Read', arguments: { file_path: 'b.txt', limit: 1 }, argumentsText: '{"file_path":"b.txt","limit":1.0}' },
  ],
  finishReason: 'tool_calls',
  usage,
};
const textOnly: GatewayAnswer = { model: 'm', content: 'Sunny.', toolCalls: [], finishReason: 'stop', usage };
const overload: FrontError = { status: 503, code: 'ACODE-GTW-004', message: 'The gateway is busy', type: 'overloaded_error' };

interface SseEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Parses server-sent events, checking each is `event:` + `data:` with a matching `type`. */
function parseSse(text: string): SseEvent[] {
  expect(text.endsWith('\n\n') || text === '').toBe(true);
  return text
    .split('\n\n')
    .filter((chunk) => chunk !== '')
    .map((chunk) => {
      const [eventLine, dataLine, ...rest] = chunk.split('\n');
      expect(rest).toEqual([]);
      expect(eventLine).toMatch(/^event: [a-z_]+$/);
      expect(dataLine).toMatch(/^data: /);
      const event = (eventLine ?? '').slice('event: '.length);
      const data = JSON.parse((dataLine ?? '').slice('data: '.length)) as Record<string, unknown>;
      expect(data['type']).toBe(event);
      return { event, data };
    });
}

/** Checks Anthropic's order: message_start once first, blocks one at a time at consecutive indices, message_delta then message_stop last (or an error last). */
function checkOrder(events: readonly SseEvent[]): void {
  expect(events[0]?.event).toBe('message_start');
  expect(events.filter((e) => e.event === 'message_start')).toHaveLength(1);
  let next = 0;
  let open: number | undefined;
  const ended = events.findIndex((e) => e.event === 'message_delta' || e.event === 'error');
  for (const [position, { event, data }] of events.entries()) {
    if (position === 0 || event === 'ping') continue;
    if (event === 'content_block_start') {
      expect(open).toBeUndefined();
      expect(data['index']).toBe(next);
      open = next++;
    } else if (event === 'content_block_delta') {
      expect(data['index']).toBe(open);
    } else if (event === 'content_block_stop') {
      expect(data['index']).toBe(open);
      open = undefined;
    } else if (event === 'message_delta') {
      expect(open).toBeUndefined();
      expect(events[position + 1]?.event).toBe('message_stop');
      expect(position + 2).toBe(events.length);
    } else if (event === 'error') {
      expect(position + 1).toBe(events.length);
    } else {
      expect(event === 'message_stop' && position === events.length - 1).toBe(true);
    }
  }
  expect(ended).toBeGreaterThan(0);
}

/** Folds events into a message the way `@anthropic-ai/sdk`'s MessageStream does (deltas applied to `content.at(index)` of the right type). */
function fold(events: readonly SseEvent[]): { message: Record<string, unknown>; content: AnthropicContentBlock[] } {
  const message = structuredClone(events[0]?.data['message']) as Record<string, unknown>;
  const content = message['content'] as Record<string, unknown>[];
  const json = new Map<number, string>();
  for (const { event, data } of events.slice(1)) {
    if (event === 'content_block_start') content.push(structuredClone(data['content_block']) as Record<string, unknown>);
    if (event === 'content_block_delta') {
      const index = data['index'] as number;
      const block = content.at(index) as Record<string, unknown>;
      const delta = data['delta'] as Record<string, string>;
      const field = { text_delta: ['text', 'text'], thinking_delta: ['thinking', 'thinking'], signature_delta: ['thinking', 'signature'], input_json_delta: ['tool_use', ''] }[delta['type'] ?? ''];
      expect(field, `delta ${delta['type']}`).toBeDefined();
      const [type, key] = field as [string, string];
      expect(block['type']).toBe(type);
      if (type === 'tool_use') json.set(index, (json.get(index) ?? '') + (delta['partial_json'] ?? ''));
      else if (key === 'signature') block[key] = delta[key];
      else block[key] = (block[key] as string) + (delta[key] ?? '');
    }
    if (event === 'content_block_stop' && json.has(data['index'] as number)) {
      (content.at(data['index'] as number) as Record<string, unknown>)['input'] = JSON.parse(json.get(data['index'] as number) ?? '');
    }
    if (event === 'message_delta') {
      Object.assign(message, data['delta']);
      message['usage'] = { ...(message['usage'] as object), ...(data['usage'] as object) };
    }
  }
  return { message, content: content as unknown as AnthropicContentBlock[] };
}

function streamOf(pieces: readonly string[], answer: GatewayAnswer, pings = false): SseEvent[] {
  const stream = new AnthropicMessagesStream(identity);
  let text = '';
  for (const piece of pieces) text += stream.content(piece) + (pings ? stream.keepAlive() : '');
  return parseSse(text + stream.end(answer));
}

describe('anthropicMessage', () => {
  it('writes thinking, text and tool_use blocks in order, with ids for calls that had none', () => {
    expect(anthropicMessage(withCalls, identity)).toEqual({
      id: 'msg_01AbC-xyz',
      type: 'message',
      role: 'assistant',
      model: 'qwen3:8b',
      content: [
        { type: 'thinking', thinking: 'Two files.', signature: '' },
        { type: 'text', text: 'Reading both.' },
        { type: 'tool_use', id: 'call_1', name: 'Read', input: { file_path: 'a.txt' } },
        { type: 'tool_use', id: 'toolu_msg01AbCxyz_1', name: 'Read', input: { file_path: 'b.txt', limit: 1 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 12 },
    });
  });

  it('writes no text block for empty text', () => {
    expect(anthropicMessage({ ...textOnly, content: '' }, identity).content).toEqual([]);
  });

  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
    ['load', 'end_turn'],
    ['tool_calls', 'end_turn'],
  ])('maps finish reason %s without calls to %s', (finishReason, stop) => {
    expect(anthropicStopReason({ ...textOnly, finishReason })).toBe(stop);
  });

  it('reports tool_use whenever there are calls, even cut by length', () => {
    expect(anthropicStopReason({ ...withCalls, finishReason: 'length' })).toBe('tool_use');
  });
});

describe('anthropicErrorBody', () => {
  it.each<[FrontError['type'], string]>([
    ['invalid_request_error', 'invalid_request_error'],
    ['authentication_error', 'authentication_error'],
    ['overloaded_error', 'overloaded_error'],
    ['timeout', 'timeout_error'],
    ['upstream_error', 'api_error'],
    ['invalid_tool_call', 'api_error'],
  ])('maps %s to %s', (type, expected) => {
    expect(anthropicErrorType(type)).toBe(expected);
  });

  it('puts the code at the head of the message and as a field, with every problem', () => {
    const errors = [{ code: 'ACODE-GTW-002', message: 'bad tool', field: '/tools/0/name' }];
    expect(anthropicErrorBody({ status: 400, code: 'ACODE-GTW-002', message: 'tools[0].name is empty', type: 'invalid_request_error', param: '/tools/0/name', errors })).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'ACODE-GTW-002: tools[0].name is empty', code: 'ACODE-GTW-002', errors },
    });
    expect(anthropicErrorBody(overload)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'ACODE-GTW-004: The gateway is busy', code: 'ACODE-GTW-004' } });
  });
});

describe('AnthropicMessagesStream', () => {
  it('is server-sent events', () => {
    expect(new AnthropicMessagesStream(identity).contentType).toBe('text/event-stream; charset=utf-8');
  });

  it('streams text as it arrives in one block, the rest of it at the end', () => {
    const events = streamOf(['Hel', 'lo'], { ...textOnly, content: ', world' }, true);
    checkOrder(events);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'ping',
      'content_block_delta',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const { message, content } = fold(events);
    expect(content).toEqual([{ type: 'text', text: 'Hello, world' }]);
    expect(message).toMatchObject({ id: identity.id, model: identity.model, stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 30, output_tokens: 12 } });
  });

  it('writes a calls-only answer as tool_use blocks whose input is the arguments text', () => {
    const events = streamOf([], { ...withCalls, content: '', reasoning: undefined });
    checkOrder(events);
    const deltas = events.filter((e) => e.event === 'content_block_delta').map((e) => e.data['delta']);
    expect(deltas).toEqual([
      { type: 'input_json_delta', partial_json: '{"file_path":"a.txt"}' },
      { type: 'input_json_delta', partial_json: '{"file_path":"b.txt","limit":1.0}' },
    ]);
    expect(events[1]?.data['content_block']).toEqual({ type: 'tool_use', id: 'call_1', name: 'Read', input: {} });
    expect(fold(events).content).toEqual(anthropicMessage({ ...withCalls, content: '', reasoning: undefined }, identity).content);
    expect(fold(events).message['stop_reason']).toBe('tool_use');
  });

  it('folds to the whole message when nothing was streamed before the end', () => {
    const events = streamOf([], withCalls);
    checkOrder(events);
    const whole = anthropicMessage(withCalls, identity);
    expect(fold(events).content).toEqual(whole.content);
    expect(events.find((e) => e.event === 'content_block_start')?.data['content_block']).toEqual({ type: 'thinking', thinking: '', signature: '' });
  });

  it('closes streamed text before the calls, and puts reasoning after text already sent', () => {
    const events = streamOf(['Let me ', 'look.'], withCalls);
    checkOrder(events);
    const { content } = fold(events);
    expect(content.map((block) => block.type)).toEqual(['text', 'thinking', 'tool_use', 'tool_use']);
    expect(content[0]).toEqual({ type: 'text', text: 'Let me look.Reading both.' });
    expect(content[1]).toEqual({ type: 'thinking', thinking: 'Two files.', signature: '' });
  });

  it('opens with message_start and a ping on a keep-alive before anything else', () => {
    const stream = new AnthropicMessagesStream(identity);
    const events = parseSse(stream.keepAlive() + stream.keepAlive() + stream.end(textOnly));
    checkOrder(events);
    expect(events.map((e) => e.event).slice(0, 3)).toEqual(['message_start', 'ping', 'ping']);
    expect(events[0]?.data['message']).toEqual({
      id: identity.id,
      type: 'message',
      role: 'assistant',
      model: identity.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
  });

  it('writes nothing but message_start for empty text', () => {
    const stream = new AnthropicMessagesStream(identity);
    expect(parseSse(stream.content('')).map((e) => e.event)).toEqual(['message_start']);
    expect(stream.content('')).toBe('');
  });

  it('fails before anything with message_start then the error event', () => {
    const stream = new AnthropicMessagesStream(identity);
    const events = parseSse(stream.fail(overload));
    checkOrder(events);
    expect(events.map((e) => e.event)).toEqual(['message_start', 'error']);
    expect(events[1]?.data).toEqual(anthropicErrorBody(overload));
  });

  it('fails mid-stream with the error event last, and writes nothing after', () => {
    const stream = new AnthropicMessagesStream(identity);
    const text = stream.content('partial') + stream.keepAlive() + stream.fail({ ...overload, type: 'timeout', code: 'ACODE-GTW-005', message: 'deadline' });
    const events = parseSse(text);
    checkOrder(events);
    expect(events.at(-1)?.data).toMatchObject({ type: 'error', error: { type: 'timeout_error', code: 'ACODE-GTW-005', message: 'ACODE-GTW-005: deadline' } });
    expect(stream.end(textOnly) + stream.content('x') + stream.keepAlive() + stream.fail(overload)).toBe('');
  });

  it('folds back to the answer for any pieces, pings and answer (property)', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const call = fc.record({ id: fc.oneof(fc.constant(''), fc.string({ minLength: 1 })), wireName: fc.string({ minLength: 1 }), arguments: fc.dictionary(fc.string(), value, { maxKeys: 4 }) });
    const answer = fc.record({
      model: fc.string(),
      content: fc.string(),
      reasoning: fc.option(fc.string(), { nil: undefined }),
      toolCalls: fc.array(call, { maxLength: 3 }),
      finishReason: fc.constantFrom('stop', 'length', 'tool_calls', 'content_filter'),
      usage: fc.record({ promptTokens: fc.nat(), completionTokens: fc.nat(), totalTokens: fc.nat() }),
    });
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), fc.boolean(), answer, (pieces, pings, gatewayAnswer) => {
        const events = streamOf(pieces, gatewayAnswer, pings);
        checkOrder(events);
        const { message, content } = fold(events);
        const whole = anthropicMessage({ ...gatewayAnswer, content: pieces.join('') + gatewayAnswer.content }, identity);
        const texts = (blocks: readonly AnthropicContentBlock[]) => blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        expect(texts(content)).toBe(texts(whole.content));
        expect(content.filter((b) => b.type !== 'text')).toEqual(whole.content.filter((b) => b.type !== 'text'));
        expect(content.filter((b) => b.type === 'text').length).toBeLessThanOrEqual(1);
        expect(message['stop_reason']).toBe(whole.stop_reason);
        expect(message['usage']).toEqual(whole.usage);
        if (pieces.every((piece) => piece === '')) expect(content).toEqual(whole.content);
      }),
      { numRuns: 300 },
    );
  });
});
