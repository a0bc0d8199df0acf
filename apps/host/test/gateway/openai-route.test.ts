import { request } from 'node:http';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '@acode/infrastructure/testing';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

const TOOLS = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user' as const, content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function clientOf(f: GatewayFixture): OpenAI {
  return new OpenAI({ baseURL: `${f.host.baseUrl}/v1`, apiKey: 'not-used', maxRetries: 0 });
}

describe('POST /v1/chat/completions through the gateway (official openai client)', () => {
  it('repairs broken JSON arguments with one upstream request', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' }]);
    const { data, response } = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).withResponse();
    const call = data.choices[0]!.message.tool_calls![0]!;
    expect(call.type).toBe('function');
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    expect(data.choices[0]!.finish_reason).toBe('tool_calls');
    expect(fixture.chatRequests()).toBe(1);
    expect(response.headers.get('x-acode-attempts')).toBe('1');
    expect(response.headers.get('x-acode-repairs')).not.toBe('');
    expect(response.headers.get('x-acode-correlation-id')).toMatch(/\S/);
  });

  it('streams a Hermes <tool_call> written in text as a structured call, the content cleaned', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Let me look.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' }]);
    const stream = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    let content = '';
    const calls: Array<{ name: string; arguments: string }> = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice === undefined) continue;
      content += choice.delta.content ?? '';
      for (const call of choice.delta.tool_calls ?? []) calls[call.index] = { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' };
      finish = choice.finish_reason ?? finish;
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('get_weather');
    expect(JSON.parse(calls[0]!.arguments)).toEqual({ city: 'Oslo' });
    expect(content).not.toContain('tool_call');
    expect(content.trim()).toBe('Let me look.');
    expect(finish).toBe('tool_calls');
  });

  it('asks again for invalid arguments: one retry, usage summed, x-acode-attempts 2', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
    ]);
    const { data, response } = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).withResponse();
    const call = data.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Rome' });
    expect(data.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 });
    expect(response.headers.get('x-acode-attempts')).toBe('2');
    expect(fixture.chatRequests()).toBe(2);
  });

  it('answers the refused call as text, marked invalid, when retries run out: no call handed over (on_invalid: pass_through)', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 43 } },
    ]);
    const { data, response } = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-acode-invalid')).toBe('ACODE-TLP-004');
    expect(response.headers.get('x-acode-outcome')).toBe('failed');
    const choice = data.choices[0]!;
    expect(choice.message.tool_calls ?? []).toEqual([]);
    expect(choice.finish_reason).toBe('stop');
    // The model's last arguments, as it wrote them, in the refused-calls block of the text.
    expect(choice.message.content).toMatch(/^<acode-refused-tool-calls>\nACODE-GTW-007: .*\(ACODE-TLP-004\)\.\ncall 0 "get_weather": ACODE-TLP-004 .*\n {2}arguments as written: "\{\\"city\\":43\}"\n<\/acode-refused-tool-calls>$/);
    expect(fixture.chatRequests()).toBe(2);
  });

  it('answers 422 in OpenAI error shape when retries run out (on_invalid: error)', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 43 } },
      ],
      { onInvalid: 'error' },
    );
    const error = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(422);
    expect(apiError.type).toBe('invalid_tool_call');
    expect(String(apiError.code)).toMatch(/^ACODE-/);
    expect(apiError.headers?.get('x-acode-attempts')).toBe('2');
  });

  it('leaves a content-only answer untouched, byte for byte, streamed or not', async () => {
    const text = 'Plain answer: 東京 is 12°C — `no calls` {"not": "a call"} \n\n  end ';
    fixture = await startGateway([
      { kind: 'text', content: text },
      { kind: 'text', content: text },
    ]);
    const client = clientOf(fixture);
    const whole = await client.chat.completions.create({ model: 'm', messages: MESSAGES });
    expect(whole.choices[0]!.message.content).toBe(text);
    const stream = await client.chat.completions.create({ model: 'm', messages: MESSAGES, stream: true });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
    expect(streamed).toBe(text);
  });

  it('answers 502 in OpenAI error shape when the upstream refuses the connection', async () => {
    const gone = await startScriptedModelServer({ script: [] });
    const url = gone.url;
    await gone.close();
    fixture = await startGateway([], { baseUrl: `${url}/v1` });
    const error = (await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(502);
    expect(error.type).toBe('upstream_error');
    expect(String(error.code)).toMatch(/^ACODE-MDL-/);
  });

  it('refuses unreadable bodies and a tool without a name with 400 and the GTW code', async () => {
    fixture = await startGateway([]);
    const post = (body: string) =>
      fetch(`${fixture!.host.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const broken = await post('{"model": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'ACODE-GTW-001' } });
    const noMessages = await post('{"model": "m"}');
    expect(noMessages.status).toBe(400);
    expect(await noMessages.json()).toMatchObject({ error: { code: 'ACODE-GTW-001', param: '/messages' } });
    const noName = await post(JSON.stringify({ model: 'm', messages: MESSAGES, tools: [{ type: 'function', function: { name: '', parameters: WEATHER_PARAMETERS } }] }));
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ error: { code: 'ACODE-GTW-002', param: '/tools/0/function/name' } });
    expect(fixture.chatRequests()).toBe(0);
  });

  it('passes GET /v1/models through unchanged, and keeps the host routes under /v1/', async () => {
    fixture = await startGateway([]);
    const direct = await fetch(`${fixture.model.url}/v1/models`);
    const through = await fetch(`${fixture.host.baseUrl}/v1/models`);
    expect(through.status).toBe(direct.status);
    expect(through.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    const models = await through.text();
    expect(JSON.parse(models)).toMatchObject({ object: 'list' });
    const listed = await clientOf(fixture).models.list();
    expect(listed.data.length).toBeGreaterThan(0);
    const tools = await fetch(`${fixture.host.baseUrl}/v1/tools`);
    expect(tools.status).toBe(200);
    expect(fixture.model.requests.some((request) => request.path === '/v1/tools')).toBe(false);
  });
});

describe('the upstream API key (gateway.upstream.api_key_env)', () => {
  const KEY = 'sk-gateway-secret-0123456789';

  it('is sent upstream on checked and passed-through requests, and never appears in an error or a log', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } },
        { kind: 'http_error', status: 401, message: `invalid key ${KEY}` },
      ],
      { apiKey: KEY },
    );
    const client = clientOf(fixture);
    await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS });
    await client.models.list();
    const seen = fixture.model.requests.map((request) => request.headers['authorization']);
    expect(seen).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    const error = (await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(502);
    expect(JSON.stringify(error.error)).not.toContain(KEY);
    expect(error.message).not.toContain(KEY);
    expect(fixture.host.logs()).not.toContain(KEY);
  });

  it('a client hanging up ends its request on the host', async () => {
    fixture = await startGateway([{ kind: 'slow', delayMs: 2_000, then: { kind: 'text', content: 'late' } }]);
    const req = request(`${fixture.host.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ model: 'm', messages: MESSAGES }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fixture.host.server.inFlight).toBe(1);
    req.destroy();
    const started = Date.now();
    while (fixture.host.server.inFlight > 0 && Date.now() - started < 1_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fixture.host.server.inFlight).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fixture.host.logs()).toContain('GatewayCancelled');
  });
});

describe('limits and the other upstream wire', () => {
  it('answers 504 in each route shape when the upstream stays silent past timeout_ms', async () => {
    fixture = await startGateway(
      [
        { kind: 'slow', delayMs: 3_000, then: { kind: 'text', content: 'late' } },
        { kind: 'slow', delayMs: 3_000, then: { kind: 'text', content: 'late' } },
      ],
      { timeoutMs: 1_000 },
    );
    const [openai, ollama] = await Promise.all([
      fetch(`${fixture.host.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES }) }),
      fetch(`${fixture.host.baseUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES, stream: false }) }),
    ]);
    expect(openai.status).toBe(504);
    expect(await openai.json()).toMatchObject({ error: { type: 'timeout', code: expect.stringMatching(/^ACODE-MDL-/) } });
    expect(ollama.status).toBe(504);
    expect(((await ollama.json()) as { error: string }).error).toMatch(/^ACODE-MDL-/);
  });

  it('refuses a body over max_body_bytes with 413, the upstream untouched', async () => {
    fixture = await startGateway([], { maxBodyBytes: 1024 });
    const response = await fetch(`${fixture.host.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(4096) }] }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'ACODE-GTW-001', type: 'invalid_request_error' } });
    expect(fixture.chatRequests()).toBe(0);
  });

  it('serves the OpenAI route from an Ollama upstream (the wire conversion is the gateway\'s)', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Lima"' }], { upstream: 'ollama' });
    const completion = await clientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS });
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.id).toMatch(/\S/);
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Lima' });
    expect(fixture.model.requests.map((request) => request.path)).toEqual(['/api/chat']);
  });
});
