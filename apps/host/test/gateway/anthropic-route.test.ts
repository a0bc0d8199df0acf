import Anthropic from '@anthropic-ai/sdk';
import type { ScriptStep } from '@acode/infrastructure/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';
import { always, chatRequestsOf, gatedUpstream, HERMES_BROKEN, settle, messageText, PNG_BASE64, upstreamMessages, UPSTREAMS, type GatedUpstream, type UpstreamType } from './front-helpers.js';

/*
 * POST /v1/messages and /v1/messages/count_tokens through the gateway, with the official
 * @anthropic-ai/sdk over real HTTP: the upstream (a scripted model server of either dialect)
 * writes calls broken, in text, or invalid; the client sees Anthropic's own shapes.
 */

type Tool = Anthropic.Messages.Tool;
const TOOLS: Tool[] = [{ name: 'get_weather', description: 'Weather of a city', input_schema: { ...WEATHER_PARAMETERS, required: ['city'] } }];
const MESSAGES: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
const BASE = { model: 'claude-test', max_tokens: 256, messages: MESSAGES, tools: TOOLS };


let fixture: GatewayFixture | undefined;
let gated: GatedUpstream | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  await gated?.close();
  gated = undefined;
});

function anthropicOf(f: GatewayFixture, auth: { apiKey?: string | null; authToken?: string | null } = {}): Anthropic {
  return new Anthropic({ baseURL: f.host.baseUrl, apiKey: 'x', ...auth, maxRetries: 0 });
}


/** A message's content with each tool_use id replaced, so two answers can be compared. */
function withoutIds(content: readonly Anthropic.Messages.ContentBlock[]): unknown[] {
  return content.map((block) => (block.type === 'tool_use' ? { ...block, id: '<id>' } : block));
}

describe.each(UPSTREAMS)('messages.create, not streamed (%s upstream)', (upstream: UpstreamType) => {
  it('answers text as one text block, end_turn, the upstream usage', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'It is sunny in Paris.', usage: { promptTokens: 12, completionTokens: 7 } }], { upstream });
    const { data: message, response } = await anthropicOf(fixture).messages.create({ ...BASE, tools: [] }).withResponse();
    expect(message.type).toBe('message');
    expect(message.role).toBe('assistant');
    expect(message.id).toMatch(/^msg_/);
    expect(message.content).toEqual([{ type: 'text', text: 'It is sunny in Paris.' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 12, output_tokens: 7 });
    expect(response.headers.get('x-acode-correlation-id')).toMatch(/\S/);
    // The request reached the upstream in its own dialect.
    expect(chatRequestsOf(fixture).map((request) => request.path)).toEqual([upstream === 'ollama' ? '/api/chat' : '/v1/chat/completions']);
  });

  it('turns a broken Hermes call written in text into a clean tool_use block, stop_reason tool_use', async () => {
    fixture = await startGateway([{ kind: 'text', content: HERMES_BROKEN }], { upstream });
    const message = await anthropicOf(fixture).messages.create(BASE);
    expect(message.stop_reason).toBe('tool_use');
    const uses = message.content.filter((block) => block.type === 'tool_use');
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } });
    expect(uses[0]!.id).toMatch(/\S/);
    // No trace of the call in the text.
    expect(JSON.stringify(message.content.filter((block) => block.type === 'text'))).not.toContain('tool_call');
    expect(fixture.chatRequests()).toBe(1);
  });

  it('carries a tool use over two turns: the tool_result reaches the upstream linked to its call', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",', id: 'call_weather_1' },
        { kind: 'text', content: 'It is 21 degrees in Paris.' },
      ],
      { upstream },
    );
    const client = anthropicOf(fixture);
    const first = await client.messages.create(BASE);
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((block) => block.type === 'tool_use')!;
    expect(use.input).toEqual({ city: 'Paris' });

    const second = await client.messages.create({
      ...BASE,
      messages: [...MESSAGES, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '21 degrees' }] }],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'It is 21 degrees in Paris.' }]);
    expect(second.stop_reason).toBe('end_turn');

    const messages = upstreamMessages(chatRequestsOf(fixture)[1]!);
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls).toHaveLength(1);
    expect(assistant!.tool_calls![0]!.function.name).toBe('get_weather');
    const args = assistant!.tool_calls![0]!.function.arguments;
    expect(typeof args === 'string' ? JSON.parse(args) : args).toEqual({ city: 'Paris' });
    const tool = messages.find((message) => message.role === 'tool');
    expect(tool?.content).toBe('21 degrees');
    if (upstream === 'ollama') {
      // Ollama links a result by its tool's name.
      expect(tool?.tool_name).toBe('get_weather');
    } else {
      // OpenAI links a result by its call's id, the one the client echoed back.
      expect(tool?.tool_call_id).toBe(use.id);
      expect(assistant!.tool_calls![0]!.id).toBe(use.id);
    }
    // The tool message follows the assistant's calls directly.
    expect(messages.indexOf(tool!)).toBe(messages.indexOf(assistant!) + 1);
  });

  it('sends a system prompt given as blocks with cache_control as one leading system message', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'ok' }], { upstream });
    await anthropicOf(fixture).messages.create({
      ...BASE,
      system: [
        { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Answer in French.' },
      ],
    });
    const messages = upstreamMessages(chatRequestsOf(fixture)[0]!);
    expect(messages[0]!.role).toBe('system');
    expect(messageText(messages[0])).toBe('You are terse.\n\nAnswer in French.');
    expect(JSON.stringify(messages)).not.toContain('cache_control');
    expect(messages.filter((message) => message.role === 'system')).toHaveLength(1);
  });

  it('tolerates ?beta=true (as Claude Code sends it) and the beta client', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: 'first' },
        { kind: 'text', content: 'second' },
      ],
      { upstream },
    );
    const client = anthropicOf(fixture);
    const { data, response } = await client.messages.create({ ...BASE, tools: [] }, { query: { beta: 'true' } }).withResponse();
    expect(response.url).toContain('?beta=true');
    expect(data.content).toEqual([{ type: 'text', text: 'first' }]);
    const beta = await client.beta.messages.create({ ...BASE, tools: [], betas: ['interleaved-thinking-2025-05-14'] });
    expect(beta.content).toEqual([{ type: 'text', text: 'second' }]);
    expect(fixture.chatRequests()).toBe(2);
  });

  it('passes an image block on to the upstream in its dialect', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'A single pixel.' }], { upstream });
    const message = await anthropicOf(fixture).messages.create({
      ...BASE,
      tools: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } }] }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'A single pixel.' }]);
    const user = upstreamMessages(chatRequestsOf(fixture)[0]!).find((m) => m.role === 'user')!;
    if (upstream === 'ollama') {
      expect(user.content).toBe('What is this?');
      expect(user.images).toEqual([PNG_BASE64]);
    } else {
      expect(user.content).toEqual(expect.arrayContaining([{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }]));
      expect(messageText(user)).toBe('What is this?');
    }
  });

  it('maps the sampling fields onto the upstream\'s dialect', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'ok' }], { upstream });
    // This SDK version's types no longer list temperature and top_p (newer Claude models take none); older clients still send them.
    const sampling = { temperature: 0.2, top_p: 0.9, top_k: 40 } as Record<string, number>;
    await anthropicOf(fixture).messages.create({ ...BASE, ...sampling, max_tokens: 300, stop_sequences: ['END'], metadata: { user_id: 'u1' }, tool_choice: { type: 'auto' } });
    const body = chatRequestsOf(fixture)[0]!.body as Record<string, unknown>;
    if (upstream === 'ollama') expect(body['options']).toEqual({ num_predict: 300, temperature: 0.2, top_p: 0.9, top_k: 40, stop: ['END'] });
    else expect(body).toMatchObject({ max_tokens: 300, temperature: 0.2, top_p: 0.9, top_k: 40, stop: ['END'], tool_choice: 'auto' });
    // Anthropic's own fields are not forwarded.
    expect(body['metadata']).toBeUndefined();
    expect(body['stop_sequences']).toBeUndefined();
  });

  it('answers two calls as two tool_use blocks, and their two results (one an error) reach the upstream in order', async () => {
    fixture = await startGateway(
      [
        {
          kind: 'text',
          content: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call><tool_call>{"name": "get_weather", "arguments": {"city": "Rome",}}</tool_call>',
        },
        { kind: 'text', content: 'Paris 21, Rome unknown.' },
      ],
      { upstream },
    );
    const client = anthropicOf(fixture);
    const first = await client.messages.create(BASE);
    const uses = first.content.filter((block) => block.type === 'tool_use');
    expect(uses.map((use) => use.input)).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
    expect(new Set(uses.map((use) => use.id)).size).toBe(2);
    await client.messages.create({
      ...BASE,
      messages: [
        ...MESSAGES,
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: uses[0]!.id, content: [{ type: 'text', text: '21 degrees' }] },
            { type: 'tool_result', tool_use_id: uses[1]!.id, content: 'station offline', is_error: true },
            { type: 'text', text: 'Both, please.' },
          ],
        },
      ],
    });
    const messages = upstreamMessages(chatRequestsOf(fixture)[1]!);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(messages.slice(2, 4).map((message) => message.content)).toEqual(['21 degrees', 'Error: station offline']);
    if (upstream === 'openai-compatible') expect(messages.slice(2, 4).map((message) => message.tool_call_id)).toEqual(uses.map((use) => use.id));
    else expect(messages.slice(2, 4).map((message) => message.tool_name)).toEqual(['get_weather', 'get_weather']);
    expect(messageText(messages[4])).toBe('Both, please.');
  });

  it('leaves a server tool (web_search) out of the upstream request, with x-acode-warnings', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'ok' }], { upstream });
    const { response } = await anthropicOf(fixture)
      .messages.create({ ...BASE, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }, ...TOOLS] })
      .withResponse();
    const tools = (chatRequestsOf(fixture)[0]!.body as { tools: Array<{ function: { name: string } }> }).tools;
    expect(tools.map((tool) => tool.function.name)).toEqual(['get_weather']);
    const warnings = JSON.parse(response.headers.get('x-acode-warnings') ?? '[]') as string[];
    expect(warnings.some((warning) => warning.includes('/tools/0/type') && warning.includes('web_search_20250305'))).toBe(true);
  });

  it('reports text cut at the token limit as stop_reason max_tokens', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'It is sunny and', finishReason: 'length' }], { upstream });
    const message = await anthropicOf(fixture).messages.create({ ...BASE, tools: [] });
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.content).toEqual([{ type: 'text', text: 'It is sunny and' }]);
  });

  it('answers thinking (the upstream\'s reasoning) as a thinking block before the text', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Sunny.', reasoning: 'The user asks about Paris.' }], { upstream });
    const message = await anthropicOf(fixture).messages.create({ ...BASE, tools: [] });
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'The user asks about Paris.', signature: expect.any(String) },
      { type: 'text', text: 'Sunny.' },
    ]);
  });
});

describe('the host token through the Anthropic client', () => {
  const TOKEN = 'host-token-0123456789abcdef';

  it('is accepted as x-api-key (apiKey) and as a bearer (authToken); a wrong key is an AuthenticationError', async () => {
    fixture = await startGateway(always({ kind: 'text', content: 'ok' }), { authToken: TOKEN });
    const byKey = await anthropicOf(fixture, { apiKey: TOKEN }).messages.create({ ...BASE, tools: [] });
    expect(byKey.content).toEqual([{ type: 'text', text: 'ok' }]);
    const byBearer = await anthropicOf(fixture, { apiKey: null, authToken: TOKEN }).messages.create({ ...BASE, tools: [] });
    expect(byBearer.content).toEqual([{ type: 'text', text: 'ok' }]);
    const counted = await anthropicOf(fixture, { apiKey: TOKEN }).messages.countTokens({ model: 'm', messages: MESSAGES });
    expect(counted.input_tokens).toBeGreaterThan(0);
    const wrong = await settle(anthropicOf(fixture, { apiKey: 'not-the-token' }).messages.create({ ...BASE, tools: [] }));
    expect(wrong).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((wrong as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: 'error', error: { type: 'authentication_error', code: expect.stringMatching(/^ACODE-GTW-/) } });
    expect(fixture.chatRequests()).toBe(2);
    // The host's token is never forwarded upstream.
    for (const request of fixture.model.requests) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(request.headers['authorization'] ?? '').not.toContain(TOKEN);
    }
  });
});

describe.each(UPSTREAMS)('messages.stream (%s upstream)', (upstream: UpstreamType) => {
  it('delivers text before the upstream finished', async () => {
    gated = await gatedUpstream(upstream);
    fixture = await startGateway([], { upstream, baseUrl: gated.url });
    const stream = anthropicOf(fixture).messages.stream({ ...BASE, tools: [] });
    let early = '';
    // Were the text held until the upstream ended, this would wait for ever (and the test time out).
    await new Promise<void>((resolve) =>
      stream.on('text', (delta) => {
        early += delta;
        if (early.includes('Hello')) resolve();
      }),
    );
    expect(gated.finished()).toBe(false);
    gated.release();
    const message = await stream.finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from the model.' }]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it('finalMessage() holds the same content as the answer not streamed', async () => {
    const step: ScriptStep = { kind: 'text', content: `Let me check that for you. ${HERMES_BROKEN}`, usage: { promptTokens: 9, completionTokens: 4 } };
    fixture = await startGateway([step, step], { upstream });
    const client = anthropicOf(fixture);
    const whole = await client.messages.create(BASE);
    const streamed = await client.messages.stream(BASE).finalMessage();
    expect(withoutIds(streamed.content)).toEqual(withoutIds(whole.content));
    expect(whole.content.map((block) => block.type)).toEqual(['text', 'tool_use']);
    expect(streamed.stop_reason).toBe(whole.stop_reason);
    expect(streamed.usage).toMatchObject({ input_tokens: 9, output_tokens: 4 });
  });

  it('holds a call until it is decided, then streams it as a tool_use block with input_json_delta', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' }], { upstream, chunkSize: 3 });
    const stream = anthropicOf(fixture).messages.stream(BASE);
    const events: Anthropic.Messages.RawMessageStreamEvent[] = [];
    const json: string[] = [];
    stream.on('streamEvent', (event) => events.push(event));
    stream.on('inputJson', (partial) => json.push(partial));
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Paris' } }]);
    expect(JSON.parse(json.join(''))).toEqual({ city: 'Paris' });
    expect(events[0]!.type).toBe('message_start');
    const start = events.find((event) => event.type === 'content_block_start');
    expect(start).toMatchObject({ content_block: { type: 'tool_use', name: 'get_weather', input: {} } });
    expect(events.some((event) => event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')).toBe(true);
    expect(events.at(-1)!.type).toBe('message_stop');
  });

  it('continues one client stream through a retry: the first text, then the valid call', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' }, content: 'Something else.' },
      ],
      { upstream },
    );
    const message = await anthropicOf(fixture).messages.stream(BASE).finalMessage();
    expect(message.content).toEqual([
      { type: 'text', text: 'Checking the weather.' },
      { type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Rome' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(fixture.chatRequests()).toBe(2);
  });

  it('keeps a silent stream alive with ping events while a held call is decided', async () => {
    const slow: ScriptStep = { kind: 'slow', delayMs: 400, then: { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo' } } };
    fixture = await startGateway([slow, slow], { upstream, keepAliveMs: 100 });
    const raw = await anthropicOf(fixture).messages.create({ ...BASE, stream: true }).asResponse();
    const text = await raw.text();
    const events = [...text.matchAll(/^event: (\S+)$/gm)].map((match) => match[1]);
    expect(events[0]).toBe('message_start');
    expect(events.filter((event) => event === 'ping').length).toBeGreaterThan(0);
    expect(events.at(-1)).toBe('message_stop');
    // The SDK skips the pings.
    const message = await anthropicOf(fixture).messages.stream(BASE).finalMessage();
    expect(message.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Oslo' } }]);
  });

  it('answers the upstream\'s reasoning as a thinking block', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Sunny.', reasoning: 'The user asks about Paris.' }], { upstream });
    const stream = anthropicOf(fixture).messages.stream({ ...BASE, tools: [] });
    const thinking: string[] = [];
    stream.on('thinking', (delta) => thinking.push(delta));
    const message = await stream.finalMessage();
    expect(thinking.join('')).toBe('The user asks about Paris.');
    const blocks = message.content.map((block) => block.type);
    expect(blocks.toSorted()).toEqual(['text', 'thinking']);
    expect(message.content.find((block) => block.type === 'thinking')).toMatchObject({ thinking: 'The user asks about Paris.' });
    expect(message.content.find((block) => block.type === 'text')).toMatchObject({ text: 'Sunny.' });
  });
});

describe('messages.countTokens', () => {
  it('estimates input tokens, more for a longer request, without asking the upstream', async () => {
    fixture = await startGateway([]);
    const client = anthropicOf(fixture);
    const short = await client.messages.countTokens({ model: 'claude-test', messages: MESSAGES });
    expect(short.input_tokens).toBeGreaterThan(0);
    const long = await client.messages.countTokens({ model: 'claude-test', messages: MESSAGES, tools: TOOLS, system: 'You are a weather assistant. '.repeat(20) });
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens);
    expect(fixture.chatRequests()).toBe(0);
  });

  it('refuses a malformed body with 400 in Anthropic\'s error shape, read as BadRequestError with the ACODE code', async () => {
    fixture = await startGateway([]);
    const error = await settle(anthropicOf(fixture).messages.countTokens({ model: 'claude-test', messages: 'hello' as unknown as Anthropic.Messages.MessageParam[] }));
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const bad = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(bad.status).toBe(400);
    expect(bad.type).toBe('invalid_request_error');
    expect(bad.message).toContain('ACODE-GTW-001');
    expect(bad.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', code: 'ACODE-GTW-001' } });
    // The same body refused by messages.create the same way.
    const create = await settle(anthropicOf(fixture).messages.create({ ...BASE, messages: 'hello' as unknown as Anthropic.Messages.MessageParam[] }));
    expect(create).toBeInstanceOf(Anthropic.BadRequestError);
    expect((create as Error).message).toContain('ACODE-GTW-001');
    expect(fixture.chatRequests()).toBe(0);
  });
});

describe('errors in Anthropic\'s shape', () => {
  const UNKNOWN: ScriptStep = { kind: 'tool_call', name: 'lookup_forecast', arguments: { city: 'Rome' } };

  it.each(UPSTREAMS)('an unknown tool after the retries, on_invalid error: an SDK APIError 422 naming the ACODE code (%s upstream)', async (upstream) => {
    fixture = await startGateway(always(UNKNOWN), { upstream, onInvalid: 'error' });
    for (const stream of [false, true]) {
      const pending = stream ? anthropicOf(fixture).messages.stream(BASE).finalMessage() : anthropicOf(fixture).messages.create(BASE);
      const error = (await settle(pending)) as InstanceType<typeof Anthropic.APIError>;
      expect(error).toBeInstanceOf(Anthropic.APIError);
      // Nothing was sent before the refusal: an HTTP status, streamed or not.
      expect(error.status).toBe(422);
      expect(error.type).toBe('api_error');
      expect(error.message).toMatch(/ACODE-[A-Z]{3}-\d{3}/);
      expect(error.headers?.get('x-acode-attempts')).toBe('2');
    }
    expect(fixture.chatRequests()).toBe(4);
  });

  it.each(UPSTREAMS)('an unknown tool after the retries, on_invalid pass_through: a text block holding the refusal, no tool_use (%s upstream)', async (upstream) => {
    fixture = await startGateway(always(UNKNOWN), { upstream });
    const { data: message, response } = await anthropicOf(fixture).messages.create(BASE).withResponse();
    expect(message.content.map((block) => block.type)).toEqual(['text']);
    const text = (message.content[0] as Anthropic.Messages.TextBlock).text;
    expect(text).toMatch(/^<acode-refused-tool-calls>\n/);
    expect(text).toContain('lookup_forecast');
    expect(message.stop_reason).toBe('end_turn');
    expect(response.headers.get('x-acode-invalid')).toMatch(/^ACODE-/);
    const streamed = await anthropicOf(fixture).messages.stream(BASE).finalMessage();
    expect(streamed.content.map((block) => block.type)).toEqual(['text']);
    expect((streamed.content[0] as Anthropic.Messages.TextBlock).text).toContain('lookup_forecast');
  });

  const GARBAGE: ScriptStep = { kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body>Welcome to nginx!</body></html>' };
  it.each(UPSTREAMS.flatMap((upstream) => [
    { upstream, what: 'a 500', step: { kind: 'http_error', status: 500, message: 'CUDA out of memory' } as ScriptStep },
    { upstream, what: 'garbage', step: GARBAGE },
  ]))('an upstream answering $what is an APIError 502, api_error, streamed or not ($upstream upstream)', async ({ upstream, step }) => {
    fixture = await startGateway(always(step), { upstream });
    for (const stream of [false, true]) {
      const pending = stream ? anthropicOf(fixture).messages.stream(BASE).finalMessage() : anthropicOf(fixture).messages.create(BASE);
      const error = (await settle(pending)) as InstanceType<typeof Anthropic.APIError>;
      expect(error).toBeInstanceOf(Anthropic.InternalServerError);
      expect(error.status).toBe(502);
      expect(error.type).toBe('api_error');
      expect(error.message).toMatch(/ACODE-MDL-\d{3}/);
      expect(error.error).toMatchObject({ type: 'error', error: { type: 'api_error', code: expect.stringMatching(/^ACODE-MDL-/) } });
    }
  });

  it('an upstream stalling past timeout_ms is an APIError 504, timeout_error, streamed or not', async () => {
    fixture = await startGateway(always({ kind: 'slow', delayMs: 3_000, then: { kind: 'text', content: 'late' } }), { timeoutMs: 1_000 });
    const [whole, streamed] = (await Promise.all([settle(anthropicOf(fixture).messages.create(BASE)), settle(anthropicOf(fixture).messages.stream(BASE).finalMessage())])) as Array<
      InstanceType<typeof Anthropic.APIError>
    >;
    for (const error of [whole!, streamed!]) {
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect(error.status).toBe(504);
      expect(error.type).toBe('timeout_error');
      expect(error.message).toMatch(/ACODE-MDL-\d{3}/);
    }
  });

  it.each(UPSTREAMS)('a failure after the stream began is an error event the SDK throws, after the text already sent (%s upstream)', async (upstream) => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
        { kind: 'http_error', status: 500, message: 'the model crashed' },
      ],
      { upstream },
    );
    const stream = anthropicOf(fixture).messages.stream(BASE);
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const error = (await settle(stream.finalMessage())) as InstanceType<typeof Anthropic.APIError>;
    expect(text).toBe('Checking the weather.');
    expect(error).toBeInstanceOf(Anthropic.APIError);
    // An error event carries no HTTP status: the stream's was 200.
    expect(error.status).toBeUndefined();
    expect(error.type).toBe('api_error');
    expect(error.message).toMatch(/ACODE-MDL-\d{3}/);
  });

  // One host per upstream for both modes: closing a host after an aborted request waits some seconds (see the report).
  it.each(UPSTREAMS)('a client aborting, streamed or not, aborts the upstream request (%s upstream)', async (upstream) => {
    const pending: ScriptStep = { kind: 'slow', delayMs: 120_000, then: { kind: 'text', content: 'too late' } };
    fixture = await startGateway([pending, pending], { upstream, timeoutMs: 600_000 });
    const f = fixture;
    for (const [index, stream] of [false, true].entries()) {
      const controller = new AbortController();
      const answer = settle(
        stream ? anthropicOf(f).messages.stream(BASE, { signal: controller.signal }).finalMessage() : anthropicOf(f).messages.create(BASE, { signal: controller.signal }),
      );
      await vi.waitFor(() => expect(chatRequestsOf(f)).toHaveLength(index + 1), { timeout: 5_000, interval: 10 });
      const request = chatRequestsOf(f)[index]!;
      expect(request.clientHungUp).toBe(false);
      controller.abort();
      expect(await answer).toBeInstanceOf(Anthropic.APIUserAbortError);
      await vi.waitFor(() => expect(request.clientHungUp).toBe(true), { timeout: 5_000, interval: 10 });
    }
    expect(f.chatRequests()).toBe(2);
  });
});
