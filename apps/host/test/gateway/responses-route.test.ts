import OpenAI from 'openai';
import type { ScriptStep } from '@acode/infrastructure/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAiClientOf, startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';
import { always, chatRequestsOf, gatedUpstream, HERMES_BROKEN, settle, messageText, PNG_BASE64, upstreamMessages, UPSTREAMS, type GatedUpstream, type UpstreamType } from './front-helpers.js';

/*
 * POST /v1/responses and GET /v1/responses/{id} through the gateway, with the official openai
 * client over real HTTP: calls repaired from text, custom and namespaced tools, hosted tools left
 * out, stored conversations continued with previous_response_id, streams, errors.
 */

type Tool = OpenAI.Responses.Tool;
type ResponseStreamEvent = OpenAI.Responses.ResponseStreamEvent;
const WEATHER: Tool = { type: 'function', name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS, required: ['city'] }, strict: false };
const BASE = { model: 'gpt-test', input: 'Weather in Paris?', tools: [WEATHER] };

let fixture: GatewayFixture | undefined;
let gated: GatedUpstream | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  await gated?.close();
  gated = undefined;
});

const clientOf = openAiClientOf;
type ApiError = InstanceType<typeof OpenAI.APIError>;

/** Every event of a streamed response, in order. */
async function collect(stream: AsyncIterable<ResponseStreamEvent>): Promise<ResponseStreamEvent[]> {
  const events: ResponseStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/**
 * The text of a response as the wire has it (a raw event's response has no `output_text`: that
 * field is the SDK's own convenience, added to whole answers and to `responses.stream()`'s).
 */
function textOf(response: OpenAI.Responses.Response): string {
  return response.output.flatMap((item) => (item.type === 'message' ? item.content.map((part) => (part.type === 'output_text' ? part.text : '')) : [])).join('');
}

/** The upstream request's tool names, whatever its dialect (both use OpenAI's tool shape). */
function upstreamToolNames(f: GatewayFixture, index: number): string[] {
  const tools = (chatRequestsOf(f)[index]!.body as { tools?: Array<{ function: { name: string } }> }).tools ?? [];
  return tools.map((tool) => tool.function.name);
}

describe.each(UPSTREAMS)('responses.create (%s upstream)', (upstream: UpstreamType) => {
  it('answers text as a completed response with one message item, not streamed', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'It is sunny in Paris.', usage: { promptTokens: 12, completionTokens: 7 } }], { upstream });
    const { data: response, response: http } = await clientOf(fixture).responses.create({ ...BASE, tools: [], instructions: 'Be brief.' }).withResponse();
    expect(response.object).toBe('response');
    expect(response.id).toMatch(/^resp_/);
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('It is sunny in Paris.');
    expect(response.output).toEqual([{ type: 'message', id: expect.any(String), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'It is sunny in Paris.', annotations: [] }] }]);
    expect(response.usage).toMatchObject({ input_tokens: 12, output_tokens: 7, total_tokens: 19 });
    expect(response.instructions).toBe('Be brief.');
    expect(http.headers.get('x-acode-correlation-id')).toMatch(/\S/);
    const messages = upstreamMessages(chatRequestsOf(fixture)[0]!);
    expect(messages.map((message) => [message.role, messageText(message)])).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Weather in Paris?'],
    ]);
  });

  it('streams the same answer as events, and responses.stream().finalResponse() gives the response', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: 'It is sunny in Paris today.' },
        { kind: 'text', content: 'It is sunny in Paris today.' },
      ],
      { upstream },
    );
    const client = clientOf(fixture);
    const events = await collect(await client.responses.create({ ...BASE, tools: [], stream: true }));
    expect(events[0]!.type).toBe('response.created');
    expect(events.at(-1)!.type).toBe('response.completed');
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const text = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    expect(text).toBe('It is sunny in Paris today.');
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    expect(textOf(completed.response)).toBe('It is sunny in Paris today.');

    const final = await client.responses.stream({ ...BASE, tools: [] }).finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output_text).toBe('It is sunny in Paris today.');
    expect(final.output.map((item) => item.type)).toEqual(['message']);
  });

  it('turns a broken call written in text into a function_call item, streamed or not', async () => {
    fixture = await startGateway(always({ kind: 'text', content: `Let me check. ${HERMES_BROKEN}` }), { upstream });
    const client = clientOf(fixture);
    const whole = await client.responses.create(BASE);
    const streamed = await client.responses.stream(BASE).finalResponse();
    for (const response of [whole, streamed]) {
      const calls = response.output.filter((item) => item.type === 'function_call');
      expect(calls).toHaveLength(1);
      const call = calls[0] as OpenAI.Responses.ResponseFunctionToolCall;
      expect(call.name).toBe('get_weather');
      expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });
      expect(call.call_id).toMatch(/\S/);
      expect(response.output_text.trim()).toBe('Let me check.');
      expect(JSON.stringify(response.output)).not.toContain('<tool_call>');
    }
  });

  it('returns a call of a custom tool (apply_patch) as a custom_tool_call with its input string', async () => {
    const patch = '*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch';
    fixture = await startGateway(always({ kind: 'tool_call', name: 'apply_patch', arguments: { input: patch } }), { upstream });
    const tools: Tool[] = [{ type: 'custom', name: 'apply_patch', description: 'Apply a patch' }];
    const client = clientOf(fixture);
    const whole = await client.responses.create({ ...BASE, input: 'Add hello.txt', tools });
    const streamed = await client.responses.stream({ ...BASE, input: 'Add hello.txt', tools }).finalResponse();
    for (const response of [whole, streamed]) {
      expect(response.output).toHaveLength(1);
      expect(response.output[0]).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: expect.any(String) });
    }
    // Upstream it is a function of one string parameter.
    const tool = (chatRequestsOf(fixture)[0]!.body as { tools: Array<{ function: { name: string; parameters: { properties: object } } }> }).tools[0]!;
    expect(tool.function.name).toBe('apply_patch');
    expect(Object.keys(tool.function.parameters.properties)).toEqual(['input']);
  });

  it('returns a call of a namespaced tool with its namespace and its own name', async () => {
    fixture = await startGateway(always({ kind: 'tool_call', name: 'crm__lookup', arguments: { customer: 'ACME' } }), { upstream });
    const tools = [
      {
        type: 'namespace',
        name: 'crm',
        description: 'Customer records',
        tools: [{ type: 'function', name: 'lookup', description: 'Find a customer', parameters: { type: 'object', properties: { customer: { type: 'string' } }, required: ['customer'] } }],
      },
    ] as Tool[];
    const client = clientOf(fixture);
    const whole = await client.responses.create({ ...BASE, input: 'Find ACME', tools });
    const streamed = await client.responses.stream({ ...BASE, input: 'Find ACME', tools }).finalResponse();
    for (const response of [whole, streamed]) {
      expect(response.output).toHaveLength(1);
      const call = response.output[0] as OpenAI.Responses.ResponseFunctionToolCall & { namespace?: string };
      expect(call).toMatchObject({ type: 'function_call', name: 'lookup', namespace: 'crm' });
      expect(JSON.parse(call.arguments)).toEqual({ customer: 'ACME' });
    }
    expect(upstreamToolNames(fixture, 0)).toEqual(['crm__lookup']);
  });

  it('leaves a hosted tool (web_search) out of the upstream request, with x-acode-warnings', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'ok' }], { upstream });
    const { response: http } = await clientOf(fixture)
      .responses.create({ ...BASE, tools: [{ type: 'web_search' }, WEATHER] })
      .withResponse();
    expect(upstreamToolNames(fixture, 0)).toEqual(['get_weather']);
    const warnings = JSON.parse(http.headers.get('x-acode-warnings') ?? '[]') as string[];
    expect(warnings.some((warning) => warning.includes('/tools/0/type') && warning.includes('web_search'))).toBe(true);
  });

  it('passes an input_image on to the upstream in its dialect', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'A pixel.' }], { upstream });
    await clientOf(fixture).responses.create({
      ...BASE,
      tools: [],
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' }] }],
    });
    const user = upstreamMessages(chatRequestsOf(fixture)[0]!).find((message) => message.role === 'user')!;
    if (upstream === 'ollama') expect(user.images).toEqual([PNG_BASE64]);
    else expect(user.content).toEqual(expect.arrayContaining([{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }]));
    expect(messageText(user)).toBe('What is this?');
  });

  it('continues a stored conversation with previous_response_id: the upstream gets the first turn and the tool output, linked', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: HERMES_BROKEN },
        { kind: 'text', content: 'It is 21 degrees in Paris.' },
      ],
      { upstream },
    );
    const client = clientOf(fixture);
    const first = await client.responses.create({ ...BASE, instructions: 'Be brief.' });
    const call = first.output.find((item) => item.type === 'function_call') as OpenAI.Responses.ResponseFunctionToolCall;
    expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });

    const second = await client.responses.create({
      ...BASE,
      instructions: 'Be brief.',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '21 degrees' }],
    });
    expect(second.output_text).toBe('It is 21 degrees in Paris.');
    expect(second.previous_response_id).toBe(first.id);

    const messages = upstreamMessages(chatRequestsOf(fixture)[1]!);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(messageText(messages[0])).toBe('Be brief.');
    expect(messageText(messages[1])).toBe('Weather in Paris?');
    const echoed = messages[2]!.tool_calls![0]!;
    expect(echoed.function.name).toBe('get_weather');
    expect(typeof echoed.function.arguments === 'string' ? JSON.parse(echoed.function.arguments) : echoed.function.arguments).toEqual({ city: 'Paris' });
    expect(messages[3]!.content).toBe('21 degrees');
    if (upstream === 'ollama') expect(messages[3]!.tool_name).toBe('get_weather');
    else {
      expect(messages[3]!.tool_call_id).toBe(call.call_id);
      expect(echoed.id).toBe(call.call_id);
    }
  });

  it('continues a streamed stored response too: its streamed text is part of the stored turn', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: 'Paris is in France.' },
        { kind: 'text', content: 'Yes.' },
      ],
      { upstream },
    );
    const client = clientOf(fixture);
    const first = await client.responses.stream({ ...BASE, tools: [], input: 'Where is Paris?' }).finalResponse();
    await client.responses.create({ ...BASE, tools: [], previous_response_id: first.id, input: 'Sure?' });
    const messages = upstreamMessages(chatRequestsOf(fixture)[1]!);
    expect(messages.map((message) => [message.role, messageText(message)])).toEqual([
      ['user', 'Where is Paris?'],
      ['assistant', 'Paris is in France.'],
      ['user', 'Sure?'],
    ]);
  });

  it('sends back custom and namespaced calls with their outputs: the upstream sees the flat names and the linked outputs', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Done.' }], { upstream });
    const tools = [
      { type: 'custom', name: 'apply_patch', description: 'Apply a patch' },
      { type: 'namespace', name: 'crm', description: 'Customer records', tools: [{ type: 'function', name: 'lookup', description: 'Find', parameters: { type: 'object', properties: { customer: { type: 'string' } } } }] },
    ] as Tool[];
    const response = await clientOf(fixture).responses.create({
      ...BASE,
      tools,
      input: [
        { role: 'user', content: 'Patch and look up.' },
        { type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' },
        { type: 'function_call', call_id: 'call_l', name: 'lookup', namespace: 'crm', arguments: '{"customer":"ACME"}' } as OpenAI.Responses.ResponseFunctionToolCall,
        { type: 'custom_tool_call_output', call_id: 'call_p', output: 'patched' },
        { type: 'function_call_output', call_id: 'call_l', output: 'ACME Corp' },
      ],
    });
    expect(response.output_text).toBe('Done.');
    const messages = upstreamMessages(chatRequestsOf(fixture)[0]!);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    const calls = messages[1]!.tool_calls!.map((call) => [call.function.name, typeof call.function.arguments === 'string' ? JSON.parse(call.function.arguments) : call.function.arguments]);
    expect(calls).toEqual([
      ['apply_patch', { input: '*** Begin Patch\n*** End Patch' }],
      ['crm__lookup', { customer: 'ACME' }],
    ]);
    if (upstream === 'ollama') expect(messages.slice(2).map((message) => message.tool_name)).toEqual(['apply_patch', 'crm__lookup']);
    else expect(messages.slice(2).map((message) => message.tool_call_id)).toEqual(['call_p', 'call_l']);
  });

  it('answers two calls in one answer as two function_call items, streamed or not', async () => {
    fixture = await startGateway(
      always({
        kind: 'tool_calls',
        calls: [
          { name: 'get_weather', arguments: { city: 'Paris' } },
          { name: 'get_weather', arguments: '{"city": "Rome",}' },
        ],
      }),
      { upstream },
    );
    const client = clientOf(fixture);
    for (const response of [await client.responses.create(BASE), await client.responses.stream(BASE).finalResponse()]) {
      const calls = response.output.filter((item) => item.type === 'function_call') as OpenAI.Responses.ResponseFunctionToolCall[];
      expect(calls.map((call) => JSON.parse(call.arguments))).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
      expect(new Set(calls.map((call) => call.call_id)).size).toBe(2);
      expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    }
  });

  it('reports text cut at the token limit as an incomplete response, streamed or not', async () => {
    fixture = await startGateway(always({ kind: 'text', content: 'It is sunny and', finishReason: 'length' }), { upstream });
    const client = clientOf(fixture);
    const whole = await client.responses.create({ ...BASE, tools: [], max_output_tokens: 16 });
    const events = await collect(await client.responses.create({ ...BASE, tools: [], max_output_tokens: 16, stream: true }));
    const last = events.at(-1) as OpenAI.Responses.ResponseIncompleteEvent;
    expect(last.type).toBe('response.incomplete');
    for (const response of [whole, last.response]) {
      expect(response.status).toBe('incomplete');
      expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
      expect(textOf(response)).toBe('It is sunny and');
    }
  });

  it('keeps a silent stream alive while a held call is decided', async () => {
    const slow: ScriptStep = { kind: 'slow', delayMs: 400, then: { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo' } } };
    fixture = await startGateway([slow], { upstream, keepAliveMs: 100 });
    const final = await clientOf(fixture).responses.stream(BASE).finalResponse();
    expect(final.output.map((item) => item.type)).toEqual(['function_call']);
    expect(JSON.parse((final.output[0] as OpenAI.Responses.ResponseFunctionToolCall).arguments)).toEqual({ city: 'Oslo' });
  });
});

describe('stored responses', () => {
  it('retrieve returns the stored object, the same the client received, streamed or not', async () => {
    fixture = await startGateway(always({ kind: 'text', content: `Checking. ${HERMES_BROKEN}` }));
    const client = clientOf(fixture);
    const whole = await client.responses.create(BASE);
    expect(await client.responses.retrieve(whole.id)).toEqual(whole);
    // The response of the stream's response.completed event, as the wire has it (finalResponse() adds the SDK's parsed fields).
    const events = await collect(await client.responses.create({ ...BASE, stream: true }));
    const completed = (events.at(-1) as OpenAI.Responses.ResponseCompletedEvent).response;
    const retrieved = await client.responses.retrieve(completed.id);
    expect(retrieved).toEqual({ ...completed, output_text: textOf(completed) });
    expect(retrieved.output.map((item) => item.type)).toEqual(['message', 'function_call']);
  });

  // The text streamed before the reasoning (which the gateway sends once the answer is decided), so
  // the stream's items are message then reasoning; the kept response must keep that order.
  it.each(UPSTREAMS)('retrieve of a streamed answer with reasoning after streamed text gives the items in the order streamed (%s upstream)', async (upstream) => {
    fixture = await startGateway([{ kind: 'text', content: 'It is sunny in Paris.', reasoning: 'The user asks about Paris.' }], { upstream });
    const client = clientOf(fixture);
    const events = await collect(await client.responses.create({ ...BASE, tools: [], stream: true }));
    const completed = (events.at(-1) as OpenAI.Responses.ResponseCompletedEvent).response;
    expect(completed.output.map((item) => item.type)).toEqual(['message', 'reasoning']);
    const retrieved = await client.responses.retrieve(completed.id);
    expect(retrieved.output).toEqual(completed.output);
  });

  it('store: false keeps nothing: previous_response_id is a 400 saying so, retrieve a 404', async () => {
    fixture = await startGateway(always({ kind: 'text', content: 'ok' }));
    const client = clientOf(fixture);
    const unstored = await client.responses.create({ ...BASE, tools: [], store: false });
    expect((unstored as { store?: boolean }).store).toBe(false);
    const error = (await settle(client.responses.create({ ...BASE, tools: [], previous_response_id: unstored.id, input: 'again' }))) as ApiError;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('ACODE-GTW-001');
    expect(error.param).toBe('/previous_response_id');
    expect(error.message).toContain('store: false');
    const missing = (await settle(client.responses.retrieve(unstored.id))) as ApiError;
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(fixture.chatRequests()).toBe(1);
  });
});

describe.each(UPSTREAMS)('streamed responses (%s upstream)', (upstream: UpstreamType) => {
  it('delivers text before the upstream finished', async () => {
    gated = await gatedUpstream(upstream);
    fixture = await startGateway([], { upstream, baseUrl: gated.url });
    const stream = await clientOf(fixture).responses.create({ ...BASE, tools: [], stream: true });
    const iterator = stream[Symbol.asyncIterator]();
    let early = '';
    // Were the text held until the upstream ended, this loop would wait for ever (and the test time out).
    while (!early.includes('Hello')) {
      const next = await iterator.next();
      if (next.done === true) break;
      if (next.value.type === 'response.output_text.delta') early += next.value.delta;
    }
    expect(early).toContain('Hello');
    expect(gated.finished()).toBe(false);
    gated.release();
    let last: ResponseStreamEvent | undefined;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) last = next.value;
    expect(last?.type).toBe('response.completed');
    expect(textOf((last as OpenAI.Responses.ResponseCompletedEvent).response)).toBe('Hello from the model.');
  });

  it('continues one stream through a retry: the first text, then the valid call', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' }, content: 'Something else.' },
      ],
      { upstream },
    );
    const final = await clientOf(fixture).responses.stream(BASE).finalResponse();
    expect(final.output.map((item) => item.type)).toEqual(['message', 'function_call']);
    expect(final.output_text).toBe('Checking the weather.');
    expect(JSON.parse((final.output[1] as OpenAI.Responses.ResponseFunctionToolCall).arguments)).toEqual({ city: 'Rome' });
    expect(fixture.chatRequests()).toBe(2);
  });

  it('answers the upstream\'s reasoning as a reasoning item', async () => {
    fixture = await startGateway(always({ kind: 'text', content: 'Sunny.', reasoning: 'The user asks about Paris.' }), { upstream });
    const client = clientOf(fixture);
    for (const response of [await client.responses.create({ ...BASE, tools: [] }), await client.responses.stream({ ...BASE, tools: [] }).finalResponse()]) {
      const reasoning = response.output.find((item) => item.type === 'reasoning') as OpenAI.Responses.ResponseReasoningItem;
      expect(reasoning.summary).toEqual([{ type: 'summary_text', text: 'The user asks about Paris.' }]);
      expect(response.output_text).toBe('Sunny.');
    }
  });
});

describe('errors in the Responses shape', () => {
  it.each(UPSTREAMS)('an upstream 500 is an APIError 502, upstream_error, streamed or not (%s upstream)', async (upstream) => {
    fixture = await startGateway(always({ kind: 'http_error', status: 500, message: 'CUDA out of memory' }), { upstream });
    const client = clientOf(fixture);
    for (const pending of [client.responses.create(BASE), client.responses.stream(BASE).finalResponse()]) {
      const error = (await settle(pending)) as ApiError;
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect(error.status).toBe(502);
      expect(error.type).toBe('upstream_error');
      expect(String(error.code)).toMatch(/^ACODE-MDL-/);
    }
  });

  it('a stalling upstream is a 504 timeout', async () => {
    fixture = await startGateway(always({ kind: 'slow', delayMs: 3_000, then: { kind: 'text', content: 'late' } }), { timeoutMs: 1_000 });
    const error = (await settle(clientOf(fixture).responses.create(BASE))) as ApiError;
    expect(error.status).toBe(504);
    expect(error.type).toBe('timeout');
  });

  it('an invalid call after the retries, on_invalid error: 422 invalid_tool_call', async () => {
    fixture = await startGateway(always({ kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } }), { onInvalid: 'error' });
    const error = (await settle(clientOf(fixture).responses.create(BASE))) as ApiError;
    expect(error).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    expect(error.type).toBe('invalid_tool_call');
    expect(String(error.code)).toMatch(/^ACODE-/);
  });

  it('a malformed body is a 400 with the GTW code and the field', async () => {
    fixture = await startGateway([]);
    const error = (await settle(clientOf(fixture).responses.create({ model: 'm', input: 'x', tools: [{ type: 'function', name: '', parameters: {}, strict: false }] }))) as ApiError;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.code).toBe('ACODE-GTW-002');
    expect(error.param).toBe('/tools/0/name');
    expect(fixture.chatRequests()).toBe(0);
  });

  it.each(UPSTREAMS)('a failure after the stream began ends it with response.failed (%s upstream)', async (upstream) => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
        { kind: 'http_error', status: 500, message: 'the model crashed' },
      ],
      { upstream },
    );
    const events = await collect(await clientOf(fixture).responses.create({ ...BASE, stream: true }));
    const text = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    expect(text).toBe('Checking the weather.');
    const last = events.at(-1) as OpenAI.Responses.ResponseFailedEvent;
    expect(last.type).toBe('response.failed');
    expect(last.response.status).toBe('failed');
    expect(last.response.error?.code).toMatch(/^ACODE-MDL-/);
    expect(textOf(last.response)).toBe('Checking the weather.');
  });

  it.each(UPSTREAMS)('a client aborting, streamed or not, aborts the upstream request (%s upstream)', async (upstream) => {
    const pending: ScriptStep = { kind: 'slow', delayMs: 120_000, then: { kind: 'text', content: 'too late' } };
    fixture = await startGateway([pending, pending], { upstream, timeoutMs: 600_000 });
    const f = fixture;
    for (const [index, stream] of [false, true].entries()) {
      const controller = new AbortController();
      const answer = settle(stream ? clientOf(f).responses.stream(BASE, { signal: controller.signal }).finalResponse() : clientOf(f).responses.create(BASE, { signal: controller.signal }));
      await vi.waitFor(() => expect(chatRequestsOf(f)).toHaveLength(index + 1), { timeout: 5_000, interval: 10 });
      const request = chatRequestsOf(f)[index]!;
      controller.abort();
      expect(await answer).toBeInstanceOf(OpenAI.APIUserAbortError);
      await vi.waitFor(() => expect(request.clientHungUp).toBe(true), { timeout: 5_000, interval: 10 });
    }
  });
});
