import fc from 'fast-check';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { AnswerIdentity } from '../../../../src/gateway/fronts/gateway-front.js';
import type { GatewayAnswer, GatewayRequest, GatewayTool, GatewayToolCall } from '../../../../src/gateway/gateway-request.js';
import { RESPONSES_KEEP_ALIVE, ResponsesStream } from '../../../../src/gateway/fronts/openai-responses/responses-stream.js';
import { customInput } from '../../../../src/gateway/fronts/openai-responses/write-responses-response.js';

const tools: GatewayTool[] = [
  { wireName: 'shell', description: '', parameters: {} },
  { wireName: 'apply_patch', description: '', parameters: {}, custom: true },
  { wireName: 'crm__lookup', description: '', parameters: {}, namespace: { namespace: 'crm', name: 'lookup' } },
];

const request: GatewayRequest = { wire: 'openai', model: 'qwen3', messages: [{ role: 'user', content: 'go' }], tools, stream: true, parameters: {}, store: true, echo: { instructions: 'Be brief.' } };

const identity: AnswerIdentity = { id: 'resp_7f3a', created: 1_764_000_000, createdAt: new Date(1_764_000_000_000), model: 'qwen3', includeUsage: false };

const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
const facts = { totalDurationNs: 1 };

type Event = Record<string, unknown> & { type: string; sequence_number: number };

/** Parses SSE text back into its events, checking each `event:` line names its data's type; comments are skipped. */
function parseSse(text: string): Event[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .split('\n\n')
    .filter((block) => block !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      expect(lines).toHaveLength(2);
      const [name, data] = lines as [string, string];
      expect(name.startsWith('event: ')).toBe(true);
      expect(data.startsWith('data: ')).toBe(true);
      const event = JSON.parse(data.slice('data: '.length)) as Event;
      expect(event.type).toBe(name.slice('event: '.length));
      return event;
    });
}

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

interface Folded {
  readonly events: Event[];
  /** Items as the deltas built them, by output index. */
  readonly built: Array<Record<string, unknown>>;
  readonly text: string;
  readonly last: Event;
}

/**
 * Folds a stream as a strict client would, checking the protocol on the way: sequence numbers
 * 0, 1, 2...; created then in_progress first, one terminal event last; items added at the next
 * output index, their events between added and done with the item's id; done giving what the
 * deltas built.
 */
function fold(text: string): Folded {
  const events = parseSse(text);
  events.forEach((event, index) => expect(event.sequence_number).toBe(index));
  expect(events[0]!.type).toBe('response.created');
  expect(events[1]!.type).toBe('response.in_progress');
  const last = events.at(-1)!;
  expect(TERMINAL.has(last.type)).toBe(true);
  expect(events.filter((event) => TERMINAL.has(event.type))).toHaveLength(1);
  const built: Array<Record<string, unknown>> = [];
  const open = new Set<number>();
  let allText = '';
  for (const event of events.slice(2, -1)) {
    const index = event['output_index'] as number;
    if (event.type === 'response.output_item.added') {
      expect(index).toBe(built.length);
      built.push(structuredClone(event['item'] as Record<string, unknown>));
      open.add(index);
      continue;
    }
    expect(open.has(index)).toBe(true);
    const item = built[index]!;
    if (event.type !== 'response.output_item.done') expect(event['item_id']).toBe(item['id']);
    switch (event.type) {
      case 'response.content_part.added':
        (item['content'] as unknown[]).push(structuredClone(event['part']));
        break;
      case 'response.output_text.delta': {
        const part = (item['content'] as Array<{ text: string }>)[event['content_index'] as number]!;
        part.text += event['delta'] as string;
        allText += event['delta'] as string;
        break;
      }
      case 'response.output_text.done':
      case 'response.content_part.done':
        expect((item['content'] as Array<{ text: string }>)[0]!.text).toBe(event.type === 'response.output_text.done' ? event['text'] : (event['part'] as { text: string }).text);
        break;
      case 'response.reasoning_summary_part.added':
        (item['summary'] as unknown[]).push(structuredClone(event['part']));
        break;
      case 'response.reasoning_summary_text.delta':
        (item['summary'] as Array<{ text: string }>)[event['summary_index'] as number]!.text += event['delta'] as string;
        break;
      case 'response.reasoning_summary_text.done':
      case 'response.reasoning_summary_part.done':
        break;
      case 'response.function_call_arguments.delta':
        item['arguments'] = (item['arguments'] as string) + (event['delta'] as string);
        break;
      case 'response.function_call_arguments.done':
        expect(item['arguments']).toBe(event['arguments']);
        break;
      case 'response.custom_tool_call_input.delta':
        item['input'] = (item['input'] as string) + (event['delta'] as string);
        break;
      case 'response.custom_tool_call_input.done':
        expect(item['input']).toBe(event['input']);
        break;
      case 'response.output_item.done': {
        const done = event['item'] as Record<string, unknown>;
        expect(done['id']).toBe(item['id']);
        expect({ ...done, status: undefined }).toEqual({ ...item, status: undefined });
        built[index] = structuredClone(done);
        open.delete(index);
        break;
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  }
  if (last.type !== 'response.failed') expect(open.size).toBe(0);
  return { events, built, text: allText, last };
}

/** The official SDK's own streaming helper over `body`: its events and final response, or its error. */
async function sdkRead(body: string) {
  const client = new OpenAI({ apiKey: 'test', baseURL: 'http://gateway.test/v1', maxRetries: 0, fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }) });
  const stream = client.responses.stream({ model: 'qwen3', input: 'go' });
  const types: string[] = [];
  for await (const event of stream) types.push(event.type);
  return { types, response: await stream.finalResponse() };
}

const fullAnswer: GatewayAnswer = {
  model: 'qwen3:8b',
  content: ' world',
  reasoning: 'Think first.',
  toolCalls: [
    { id: 'call_1', wireName: 'shell', arguments: { command: ['ls'] } },
    { id: '', wireName: 'apply_patch', arguments: { input: '*** Begin Patch' } },
    { id: 'call_3', wireName: 'crm__lookup', arguments: { id: 1 } },
  ],
  finishReason: 'tool_calls',
  usage,
};

describe('ResponsesStream', () => {
  it('streams text, reasoning and every kind of call in a protocol a strict client folds', () => {
    const stream = new ResponsesStream(identity, request);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const text = stream.content('Hello') + stream.keepAlive() + stream.content(',') + stream.end(fullAnswer, facts);
    const { built, text: streamed, last } = fold(text);
    expect(streamed).toBe('Hello, world');
    expect(last.type).toBe('response.completed');
    const response = last['response'] as { output: unknown[]; status: string; usage: unknown; model: string; instructions: unknown };
    expect(response.output).toEqual(built);
    expect(response).toMatchObject({ status: 'completed', model: 'qwen3:8b', instructions: 'Be brief.', usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } });
    expect(built.map((item) => [item['type'], item['id']])).toEqual([
      ['message', 'msg_7f3a'],
      ['reasoning', 'rs_7f3a'],
      ['function_call', 'fc_7f3a_0'],
      ['custom_tool_call', 'ctc_7f3a_1'],
      ['function_call', 'fc_7f3a_2'],
    ]);
    expect(built[3]).toMatchObject({ call_id: 'call_7f3a_1', name: 'apply_patch', input: '*** Begin Patch' });
    expect(built[4]).toMatchObject({ name: 'lookup', namespace: 'crm', arguments: '{"id":1}' });
    expect(stream.response).toEqual(response);
  });

  it('puts the reasoning before a message that had not begun', () => {
    const stream = new ResponsesStream(identity, request);
    const { built } = fold(stream.end({ ...fullAnswer, content: 'All at once.', toolCalls: [] }, facts));
    expect(built.map((item) => item['type'])).toEqual(['reasoning', 'message']);
    expect(built[1]!['content']).toEqual([{ type: 'output_text', text: 'All at once.', annotations: [] }]);
  });

  it('keeps alive with an SSE comment, opening the stream first', () => {
    const stream = new ResponsesStream(identity, request);
    const first = stream.keepAlive();
    expect(parseSse(first).map((event) => event.type)).toEqual(['response.created', 'response.in_progress']);
    expect(first.endsWith(RESPONSES_KEEP_ALIVE)).toBe(true);
    expect(stream.keepAlive()).toBe(RESPONSES_KEEP_ALIVE);
    const created = parseSse(first)[0]!['response'] as { status: string; output: unknown[]; usage: unknown };
    expect(created).toMatchObject({ status: 'in_progress', output: [], usage: null });
  });

  it('ends an answer cut at its token limit with response.incomplete', () => {
    const stream = new ResponsesStream(identity, request);
    const { last, built } = fold(stream.content('Half a') + stream.end({ model: 'm', content: ' sen', toolCalls: [], finishReason: 'length', usage }, facts));
    expect(last.type).toBe('response.incomplete');
    expect(last['response']).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(built[0]).toMatchObject({ status: 'incomplete', content: [{ text: 'Half a sen' }] });
  });

  it('fails a stream that wrote nothing with created, in_progress and response.failed', () => {
    const stream = new ResponsesStream(identity, request);
    const { events, last } = fold(stream.fail({ status: 502, code: 'ACODE-GTW-004', message: 'The upstream is down', type: 'upstream_error' }));
    expect(events.map((event) => event.type)).toEqual(['response.created', 'response.in_progress', 'response.failed']);
    expect(last['response']).toMatchObject({ status: 'failed', error: { code: 'ACODE-GTW-004', message: 'The upstream is down' }, output: [], usage: null });
  });

  it('fails mid-message with the text sent so far in the failed response', () => {
    const stream = new ResponsesStream(identity, request);
    const { last } = fold(stream.content('Partial') + stream.fail({ status: 500, code: 'ACODE-GTW-003', message: 'Calls stayed invalid', type: 'invalid_tool_call' }));
    expect((last['response'] as { output: unknown[] }).output).toEqual([{ type: 'message', id: 'msg_7f3a', status: 'incomplete', role: 'assistant', content: [{ type: 'output_text', text: 'Partial', annotations: [] }] }]);
  });

  it('writes nothing once ended', () => {
    const stream = new ResponsesStream(identity, request);
    stream.end({ model: 'm', content: 'x', toolCalls: [], finishReason: 'stop', usage }, facts);
    expect([stream.content('more'), stream.keepAlive(), stream.end(fullAnswer, facts), stream.fail({ status: 500, code: 'x', message: 'y', type: 'upstream_error' })]).toEqual(['', '', '', '']);
  });

  it('opens the stream without a message for an empty piece', () => {
    const stream = new ResponsesStream(identity, request);
    const opening = stream.content('');
    expect(parseSse(opening).map((event) => event.type)).toEqual(['response.created', 'response.in_progress']);
    expect(fold(opening + stream.end({ model: 'm', content: '', toolCalls: [], finishReason: 'stop', usage }, facts)).built).toEqual([]);
  });

  it("is accepted by the official SDK's streaming helper, whose final response matches", async () => {
    const stream = new ResponsesStream(identity, request);
    const body = stream.content('Hello') + stream.keepAlive() + stream.content(',') + stream.end(fullAnswer, facts);
    const { types, response } = await sdkRead(body);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Hello, world');
    expect(response.output.map((item) => item.id)).toEqual(['msg_7f3a', 'rs_7f3a', 'fc_7f3a_0', 'ctc_7f3a_1', 'fc_7f3a_2']);
  });

  it("is accepted by the SDK when it fails or stops at the token limit", async () => {
    const failing = new ResponsesStream(identity, request);
    const failed = await sdkRead(failing.content('Part') + failing.fail({ status: 500, code: 'ACODE-GTW-003', message: 'no', type: 'invalid_tool_call' }));
    expect(failed.response.status).toBe('failed');
    expect(failed.response.error).toMatchObject({ code: 'ACODE-GTW-003' });
    const cut = new ResponsesStream(identity, request);
    const incomplete = await sdkRead(cut.content('Half') + cut.end({ model: 'm', content: '', toolCalls: [], finishReason: 'length', usage }, facts));
    expect(incomplete.response.status).toBe('incomplete');
    expect(incomplete.response.output_text).toBe('Half');
  });

  const callArbitrary: fc.Arbitrary<GatewayToolCall> = fc.record({
    id: fc.constantFrom('', 'call_a', 'call_b'),
    wireName: fc.constantFrom('shell', 'apply_patch', 'crm__lookup'),
    arguments: fc.dictionary(fc.constantFrom('input', 'path', 'n'), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  });
  const scenario = fc.record({
    pieces: fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), { maxLength: 6 }),
    keepAliveAt: fc.nat(6),
    rest: fc.string(),
    reasoning: fc.option(fc.string(), { nil: undefined }),
    calls: fc.array(callArbitrary, { maxLength: 4 }),
    finishReason: fc.constantFrom('stop', 'length', 'tool_calls'),
  });

  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  function run(s: Scenario) {
    const calls = s.calls.map((call, index) => ({ ...call, id: call.id === '' ? '' : `${call.id}_${index}` }));
    const stream = new ResponsesStream(identity, request);
    let body = '';
    s.pieces.forEach((piece, index) => {
      if (index === s.keepAliveAt) body += stream.keepAlive();
      body += stream.content(piece);
    });
    const answer: GatewayAnswer = { model: 'm', content: s.rest, ...(s.reasoning === undefined ? {} : { reasoning: s.reasoning }), toolCalls: calls, finishReason: s.finishReason, usage };
    return { body: body + stream.end(answer, facts), calls, text: s.pieces.join('') + s.rest };
  }

  it('folds back to the answer: its whole text and its calls, in order (property)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { body, calls, text } = run(s);
        const { built, text: streamed, last } = fold(body);
        expect(streamed).toBe(text);
        expect((last['response'] as { output: unknown[] }).output).toEqual(built);
        const callItems = built.filter((item) => item['type'] === 'function_call' || item['type'] === 'custom_tool_call');
        expect(callItems).toHaveLength(calls.length);
        callItems.forEach((item, index) => {
          const call = calls[index]!;
          if (call.wireName === 'apply_patch') expect(item).toMatchObject({ type: 'custom_tool_call', input: customInput(call) });
          else expect(item['type'] === 'function_call' && JSON.parse(item['arguments'] as string)).toEqual(call.arguments);
          if (call.id !== '') expect(item['call_id']).toBe(call.id);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is accepted by the official SDK for any answer (property)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { body, text } = run(s);
        const { response } = await sdkRead(body);
        expect(response.output_text).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});
