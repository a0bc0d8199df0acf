import { Ollama, type ChatResponse, type Tool } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '@acode/infrastructure/testing';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

const TOOLS: Tool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS, required: ['city'] } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function clientOf(f: GatewayFixture): Ollama {
  return new Ollama({ host: f.host.baseUrl });
}

/** The parts of a streamed chat folded into one message. */
async function collect(stream: AsyncIterable<ChatResponse>): Promise<{ content: string; calls: NonNullable<ChatResponse['message']['tool_calls']>; last: ChatResponse | undefined }> {
  let content = '';
  const calls: NonNullable<ChatResponse['message']['tool_calls']> = [];
  let last: ChatResponse | undefined;
  for await (const part of stream) {
    content += part.message.content;
    calls.push(...(part.message.tool_calls ?? []));
    last = part;
  }
  return { content, calls, last };
}

describe('POST /api/chat through the gateway (official ollama client)', () => {
  it('repairs broken JSON arguments with one upstream request (Ollama upstream)', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' }], { upstream: 'ollama' });
    const reply = await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: false });
    expect(reply.message.tool_calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }]);
    expect(reply.done).toBe(true);
    expect(fixture.chatRequests()).toBe(1);
  });

  it('streams a Hermes <tool_call> written in text as a structured call, the content cleaned (OpenAI-compatible upstream)', async () => {
    fixture = await startGateway([{ kind: 'text', content: 'Let me look.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' }]);
    const { content, calls, last } = await collect(await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true }));
    expect(calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Oslo' } } }]);
    expect(content.trim()).toBe('Let me look.');
    expect(last?.done).toBe(true);
  });

  it('asks again for invalid arguments: one retry, counts summed, x-acode-attempts 2', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
      ],
      { upstream: 'ollama' },
    );
    const response = await fetch(`${fixture.host.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: false }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-acode-attempts')).toBe('2');
    const reply = (await response.json()) as ChatResponse;
    expect(reply.message.tool_calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Rome' } } }]);
    expect(reply.prompt_eval_count).toBe(20);
    expect(reply.eval_count).toBe(10);
  });

  it('answers the refused call as text when retries run out, streamed, marked invalid, no call handed over (on_invalid: pass_through)', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 43 } },
      ],
      { upstream: 'ollama' },
    );
    const { calls, content, last } = await collect(await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true }));
    expect(calls).toEqual([]);
    expect(last?.done_reason).toBe('stop');
    // The model's last arguments, as it wrote them, in the refused-calls block of the text.
    expect(content).toContain('<acode-refused-tool-calls>');
    expect(content).toContain('ACODE-GTW-007');
    expect(content).toMatch(/call 0 "get_weather": ACODE-TLP-004 .*\n {2}arguments as written: "\{\\"city\\":43\}"/);
    const again = await fetch(`${fixture.host.baseUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: false }) });
    // The script ran out: the upstream's 500 is a 502 in Ollama's shape.
    expect(again.status).toBe(502);
    expect(typeof ((await again.json()) as { error: unknown }).error).toBe('string');
  });

  it('answers 422 with { error } when retries run out (on_invalid: error)', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 43 } },
      ],
      { upstream: 'ollama', onInvalid: 'error' },
    );
    const error = (await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: false }).catch((e: unknown) => e)) as { status_code: number; error: string };
    expect(error.status_code).toBe(422);
    expect(error.error).toMatch(/^ACODE-TLP-004: /);
  });

  it('leaves a content-only answer untouched, byte for byte', async () => {
    const text = 'Plain answer: 東京 is 12°C — `no calls` {"not": "a call"} \n\n  end ';
    fixture = await startGateway([{ kind: 'text', content: text }, { kind: 'text', content: text }], { upstream: 'ollama' });
    const reply = await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, stream: false });
    expect(reply.message.content).toBe(text);
    const { content } = await collect(await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, stream: true }));
    expect(content).toBe(text);
  });

  it('answers 502 in Ollama error shape when the upstream refuses the connection', async () => {
    const gone = await startScriptedModelServer({ script: [] });
    const url = gone.url;
    await gone.close();
    fixture = await startGateway([], { upstream: 'ollama', baseUrl: url });
    const error = (await clientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: false }).catch((e: unknown) => e)) as { status_code: number; error: string };
    expect(error.status_code).toBe(502);
    expect(error.error).toMatch(/^ACODE-MDL-/);
    const tags = await fetch(`${fixture.host.baseUrl}/api/tags`);
    expect(tags.status).toBe(502);
    expect(typeof ((await tags.json()) as { error: unknown }).error).toBe('string');
  });

  it('refuses unreadable bodies and a tool without a name with 400 and the GTW code in { error }', async () => {
    fixture = await startGateway([], { upstream: 'ollama' });
    const broken = await fetch(`${fixture.host.baseUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model"' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toMatch(/^ACODE-GTW-001: /);
    const badTool = await fetch(`${fixture.host.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: MESSAGES, tools: [{ type: 'function', function: { name: '', parameters: { type: 'object' } } }] }),
    });
    expect(badTool.status).toBe(400);
    expect(((await badTool.json()) as { error: string }).error).toMatch(/^ACODE-GTW-002: /);
    expect(fixture.chatRequests()).toBe(0);
  });

  it('passes GET /api/tags through unchanged', async () => {
    fixture = await startGateway([], { upstream: 'ollama' });
    const direct = await fetch(`${fixture.model.url}/api/tags`);
    const through = await fetch(`${fixture.host.baseUrl}/api/tags`);
    expect(through.status).toBe(direct.status);
    expect(through.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    // The scripted server stamps `modified_at` with the time of the request: compare the rest.
    const strip = (text: string) => text.replace(/"modified_at":"[^"]*"/g, '');
    expect(strip(await through.text())).toBe(strip(await direct.text()));
    const listed = await clientOf(fixture).list();
    expect(listed.models.length).toBeGreaterThan(0);
  });

  it('passes a POST with a body (embeddings) through: the upstream sees the body, the client its answer as it was', async () => {
    fixture = await startGateway([], { upstream: 'ollama' });
    const body = JSON.stringify({ model: 'm', input: 'héllo wörld' });
    const direct = await fetch(`${fixture.model.url}/api/embed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const through = await fetch(`${fixture.host.baseUrl}/api/embed?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(through.status).toBe(direct.status);
    expect(await through.text()).toBe(await direct.text());
    const seen = fixture.model.requests.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('/api/embed');
    expect(seen.body).toEqual(JSON.parse(body));
  });
});
