import fc from 'fast-check';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { GatewayAnswer, GatewayRequest, GatewayTool } from '../../../../src/gateway/gateway-request.js';
import { readResponsesInput } from '../../../../src/gateway/fronts/openai-responses/read-responses-input.js';
import {
  responseIdOfItem,
  responseItemIds,
  responseObject,
  responseOutputMessages,
  responsesErrorBody,
  responseStatus,
} from '../../../../src/gateway/fronts/openai-responses/write-responses-response.js';

const tools: GatewayTool[] = [
  { wireName: 'shell', description: '', parameters: {} },
  { wireName: 'apply_patch', description: '', parameters: {}, custom: true },
  { wireName: 'crm__lookup', description: '', parameters: {}, namespace: { namespace: 'crm', name: 'lookup' } },
];

const request: GatewayRequest = {
  wire: 'openai',
  model: 'qwen3',
  messages: [{ role: 'user', content: 'go' }],
  tools,
  stream: false,
  parameters: {},
  store: false,
  echo: { instructions: 'Be brief.', tool_choice: 'required', tools: [{ type: 'function', name: 'shell' }], temperature: 0.3, metadata: { a: 'b' } },
};

const identity = { id: 'resp_0123abc', created: 1_764_000_000 };

const answer: GatewayAnswer = {
  model: 'qwen3:8b',
  content: 'Running it.',
  reasoning: 'The user wants files.',
  toolCalls: [
    { id: 'call_a', wireName: 'shell', arguments: { command: ['ls'], timeout: 1 }, argumentsText: '{"command":["ls"],"timeout":1.0}' },
    { id: '', wireName: 'apply_patch', arguments: { input: '*** Begin Patch' } },
    { id: 'call_c', wireName: 'crm__lookup', arguments: { id: 7 } },
    { id: 'call_d', wireName: 'apply_patch', arguments: { input: { not: 'a string' } } },
  ],
  finishReason: 'tool_calls',
  usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42 },
};

/** An OpenAI client whose server answers `body` once. */
function clientAnswering(body: string, contentType: string): OpenAI {
  return new OpenAI({ apiKey: 'test', baseURL: 'http://gateway.test/v1', maxRetries: 0, fetch: async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }) });
}

describe('responseObject', () => {
  it('lists reasoning, message and each call as output items with derived ids', () => {
    const response = responseObject(answer, identity, request);
    expect(response.output).toEqual([
      { type: 'reasoning', id: 'rs_0123abc', summary: [{ type: 'summary_text', text: 'The user wants files.' }] },
      { type: 'message', id: 'msg_0123abc', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Running it.', annotations: [] }] },
      { type: 'function_call', id: 'fc_0123abc_0', call_id: 'call_a', name: 'shell', arguments: '{"command":["ls"],"timeout":1.0}', status: 'completed' },
      { type: 'custom_tool_call', id: 'ctc_0123abc_1', call_id: 'call_0123abc_1', name: 'apply_patch', input: '*** Begin Patch' },
      { type: 'function_call', id: 'fc_0123abc_2', call_id: 'call_c', name: 'lookup', namespace: 'crm', arguments: '{"id":7}', status: 'completed' },
      { type: 'custom_tool_call', id: 'ctc_0123abc_3', call_id: 'call_d', name: 'apply_patch', input: '{"not":"a string"}' },
    ]);
  });

  it('reports the request fields as sent, and defaults for the others', () => {
    const response = responseObject(answer, identity, request);
    expect(response).toMatchObject({
      id: 'resp_0123abc',
      object: 'response',
      created_at: 1_764_000_000,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'qwen3:8b',
      instructions: 'Be brief.',
      tool_choice: 'required',
      tools: [{ type: 'function', name: 'shell' }],
      temperature: 0.3,
      top_p: null,
      max_output_tokens: null,
      metadata: { a: 'b' },
      parallel_tool_calls: true,
      previous_response_id: null,
      store: false,
      usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 0 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 42 },
    });
  });

  it('writes an answer cut at its token limit as incomplete', () => {
    const cut: GatewayAnswer = { model: 'm', content: 'Half a sen', toolCalls: [], finishReason: 'length', usage: answer.usage };
    expect(responseStatus(cut)).toBe('incomplete');
    const response = responseObject(cut, identity, request);
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.output).toEqual([{ type: 'message', id: 'msg_0123abc', status: 'incomplete', role: 'assistant', content: [{ type: 'output_text', text: 'Half a sen', annotations: [] }] }]);
    expect(responseStatus({ ...cut, finishReason: 'stop' })).toBe('completed');
  });

  it('writes no item for an empty answer', () => {
    expect(responseObject({ model: 'm', content: '', toolCalls: [], finishReason: 'stop', usage: answer.usage }, identity, request).output).toEqual([]);
  });

  it('is read by the official SDK, which derives its output_text', async () => {
    const client = clientAnswering(JSON.stringify(responseObject(answer, identity, request)), 'application/json');
    const response = await client.responses.create({ model: 'qwen3', input: 'go' });
    expect(response.id).toBe('resp_0123abc');
    expect(response.output_text).toBe('Running it.');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'custom_tool_call', 'function_call', 'custom_tool_call']);
  });
});

describe('responseItemIds', () => {
  it('derives every id from the response id', () => {
    const ids = responseItemIds('resp_XyZ');
    expect([ids.reasoning, ids.message, ids.item(2, false), ids.item(3, true), ids.callId(4)]).toEqual(['rs_XyZ', 'msg_XyZ', 'fc_XyZ_2', 'ctc_XyZ_3', 'call_XyZ_4']);
  });

  it('is inverted by responseIdOfItem for every item id, whatever the base', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/), fc.nat(20), (base, index) => {
        const ids = responseItemIds(`resp_${base}`);
        for (const id of [ids.reasoning, ids.message, ids.item(index, false), ids.item(index, true)]) expect(responseIdOfItem(id)).toBe(`resp_${base}`);
      }),
    );
    for (const id of ['call_XyZ_4', 'msg_', 'fc_XyZ', 'item_1', 'msg_a b', '']) expect(responseIdOfItem(id)).toBeUndefined();
  });
});

describe('responseOutputMessages', () => {
  it('gives the assistant turn with the call ids the response reported', () => {
    const [message, ...rest] = responseOutputMessages(answer, request, identity);
    expect(rest).toEqual([]);
    expect(message).toEqual({
      role: 'assistant',
      content: 'Running it.',
      reasoning: 'The user wants files.',
      toolCalls: [
        { id: 'call_a', name: 'shell', arguments: '{"command":["ls"],"timeout":1.0}' },
        { id: 'call_0123abc_1', name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' },
        { id: 'call_c', name: 'crm__lookup', arguments: '{"id":7}' },
        { id: 'call_d', name: 'apply_patch', arguments: '{"input":"{\\"not\\":\\"a string\\"}"}' },
      ],
    });
  });

  it('is empty for an empty answer', () => {
    expect(responseOutputMessages({ model: 'm', content: '', toolCalls: [], finishReason: 'stop', usage: answer.usage }, request, identity)).toEqual([]);
  });

  it('equals what the reader makes of the output sent back as input (as Codex does without store)', () => {
    const call = fc.record({
      id: fc.constantFrom('', 'call_x', 'call_y'),
      wireName: fc.constantFrom('shell', 'apply_patch', 'crm__lookup', 'unknown_tool'),
      arguments: fc.dictionary(fc.constantFrom('input', 'a', 'b'), fc.oneof(fc.string(), fc.integer())),
    });
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), fc.array(call, { maxLength: 4 }), (content, reasoning, calls) => {
        const unique = calls.map((item, index) => ({ ...item, id: item.id === '' ? '' : `${item.id}_${index}` }));
        const decided: GatewayAnswer = { model: 'm', content, ...(reasoning === undefined ? {} : { reasoning }), toolCalls: unique, finishReason: 'stop', usage: answer.usage };
        const stored = responseOutputMessages(decided, request, identity);
        const replayed = readResponsesInput(JSON.parse(JSON.stringify(responseObject(decided, identity, request).output)), undefined);
        expect(replayed).toEqual({ value: stored });
      }),
    );
  });
});

describe('responsesErrorBody', () => {
  it("writes OpenAI's error shape with the ACODE code and the field", () => {
    expect(responsesErrorBody({ status: 400, code: 'ACODE-GTW-001', message: 'input is required', type: 'invalid_request_error', param: '/input' })).toEqual({
      error: { message: 'input is required', type: 'invalid_request_error', code: 'ACODE-GTW-001', param: '/input' },
    });
    const body = responsesErrorBody({ status: 502, code: 'ACODE-GTW-003', message: 'bad calls', type: 'invalid_tool_call', errors: [{ code: 'ACODE-VAL-001', message: 'x', field: '/a' }] });
    expect(body.error).toMatchObject({ param: null, errors: [{ code: 'ACODE-VAL-001', message: 'x', field: '/a' }] });
  });
});
