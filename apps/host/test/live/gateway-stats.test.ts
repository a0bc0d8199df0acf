import type { ScriptStep } from '@acode/infrastructure/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from '../gateway/gateway-fixture.js';

// The live view's routes over a real host whose gateway forwards to a scripted upstream on
// 127.0.0.1: the figures are those of the calls sent, worked out by hand from the script.

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function slow(delayMs: number, then: ScriptStep): ScriptStep {
  return { kind: 'slow', delayMs, then };
}

async function chat(f: GatewayFixture, model: string): Promise<Response> {
  const response = await fetch(`${f.host.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authorization(f) },
    body: JSON.stringify({ model, messages: MESSAGES, tools: TOOLS }),
  });
  await response.arrayBuffer();
  return response;
}

function authorization(f: GatewayFixture): Record<string, string> {
  return f.token === undefined ? {} : { authorization: `Bearer ${f.token}` };
}

async function getJson(f: GatewayFixture, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${f.host.baseUrl}${path}`, { headers: authorization(f) });
  return { status: response.status, body: await response.json() };
}

describe('GET /v1/gateway/stats and /v1/gateway/calls', () => {
  it('counts what was sent per model: clean, repaired, re-asked and lost calls, the repairs and formats that fired, and the model time percentiles', async () => {
    fixture = await startGateway([
      // qwen: three clean calls (one written as a Hermes tag in text), two repaired; 100 to 900 ms each, 200 ms apart.
      slow(100, { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } }),
      slow(300, { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } }),
      slow(500, { kind: 'text', content: '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' }),
      slow(700, { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Lima",}' }),
      slow(900, { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Kyiv",}' }),
      // llama: one re-asked (invalid, then valid), one lost (invalid on both attempts).
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo', extra: true } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo', extra: true } },
    ]);
    const outcomes: string[] = [];
    for (const model of ['qwen', 'qwen', 'qwen', 'qwen', 'qwen', 'llama', 'llama']) outcomes.push((await chat(fixture, model)).headers.get('x-acode-outcome') ?? '');
    expect(outcomes).toEqual(['success', 'success', 'success', 'repaired', 'repaired', 'retried', 'failed']);

    const { status, body } = await getJson(fixture, '/v1/gateway/stats?since=1h');
    expect(status).toBe(200);
    expect(body.totals).toEqual({ calls: 7, success: 3, repaired: 2, retried: 1, failed: 1, share: { repaired: 0.2857, retried: 0.1429, failed: 0.1429 } });
    expect(body.models.map((model: { model: string }) => model.model)).toEqual(['qwen', 'llama']);
    const [qwen, llama] = body.models;
    expect(qwen).toMatchObject({
      model: 'qwen',
      upstream: 'scripted',
      calls: 5,
      success: 3,
      repaired: 2,
      retried: 0,
      failed: 0,
      share: { repaired: 0.4, retried: 0, failed: 0 },
      repairs: { trailing_comma: 2 },
      formats: { tool_call_tag: 1 },
      tools: { get_weather: 5 },
    });
    // Five requests of 100, 300, 500, 700 and 900 ms: nearest rank puts p50 on the 3rd (500), p90 and
    // p99 on the 5th (900); the margin below the next one up is for a busy machine's overhead.
    expect(qwen.latency_ms.requests).toBe(5);
    expect(qwen.latency_ms.p50).toBeGreaterThanOrEqual(500);
    expect(qwen.latency_ms.p50).toBeLessThan(700);
    expect(qwen.latency_ms.p90).toBeGreaterThanOrEqual(900);
    expect(qwen.latency_ms.p90).toBeLessThan(1100);
    expect(qwen.latency_ms.p99).toBe(qwen.latency_ms.p90);
    expect(llama).toMatchObject({ calls: 2, success: 0, repaired: 0, retried: 1, failed: 1, share: { retried: 0.5, failed: 0.5 }, repairs: {}, formats: {} });
    expect(llama.latency_ms.p99).toBeLessThan(500);

    // One hour in one-minute buckets; every call is in the last ones.
    expect(body.bucket_ms).toBe(60_000);
    expect(body.series).toHaveLength(60);
    const summed = body.series.reduce(
      (sum: Record<string, number>, bucket: Record<string, number>) => ({ calls: sum.calls! + bucket.calls!, retried: sum.retried! + bucket.retried!, failed: sum.failed! + bucket.failed! }),
      { calls: 0, retried: 0, failed: 0 },
    );
    expect(summed).toEqual({ calls: 7, retried: 1, failed: 1 });

    const narrowed = await getJson(fixture, '/v1/gateway/stats?since=15m&model=llama');
    expect(narrowed.body.totals.calls).toBe(2);
    expect(narrowed.body.series).toHaveLength(60);
    expect(narrowed.body.bucket_ms).toBe(15_000);
  });

  it('lists recent calls newest first with route, attempts and duration, and shows one in full', async () => {
    fixture = await startGateway([
      slow(150, { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Lima",}' }),
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } },
    ]);
    await chat(fixture, 'qwen');
    await chat(fixture, 'llama');
    const { status, body } = await getJson(fixture, '/v1/gateway/calls?limit=10');
    expect(status).toBe(200);
    expect(body.calls).toHaveLength(2);
    const [latest, first] = body.calls;
    expect(latest).toMatchObject({ model: 'llama', tool: 'get_weather', outcome: 'retried', attempts: 2, retry_count: 1, route: 'openai_chat', repairs: [] });
    expect(first).toMatchObject({ model: 'qwen', outcome: 'repaired', attempts: 1, repairs: ['trailing_comma'], route: 'openai_chat' });
    expect(first.duration_ms).toBeGreaterThanOrEqual(150);
    expect(typeof first.id).toBe('number');

    const limited = await getJson(fixture, '/v1/gateway/calls?limit=1');
    expect(limited.body.calls.map((call: { model: string }) => call.model)).toEqual(['llama']);

    const detail = await getJson(fixture, `/v1/gateway/calls/${first.id}`);
    expect(detail.status).toBe(200);
    // Argument values are not kept by default (log_argument_values is off): the detail says so and holds none.
    expect(detail.body).toMatchObject({ id: first.id, model: 'qwen', outcome: 'repaired', arguments_kept: false, tokens: expect.any(Object) });
    expect(detail.body).not.toHaveProperty('model_arguments');
    expect(JSON.stringify(detail.body)).not.toContain('Lima');

    const missing = await getJson(fixture, '/v1/gateway/calls/999999');
    expect(missing.status).toBe(404);
  });

  it('shows the model\'s arguments beside the client\'s when telemetry keeps argument values, secrets scrubbed', async () => {
    const tools = [
      { type: 'function', function: { name: 'login', parameters: { type: 'object', properties: { user: { type: 'string' }, api_key: { type: 'string' } }, required: ['user'] } } },
    ];
    fixture = await startGateway([{ kind: 'tool_call', name: 'login', arguments: "{'user': 'ada', 'api_key': 'sk-live-1234567890abcdef'}" }], { logArgumentValues: true });
    const answer = await fetch(`${fixture.host.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'qwen', messages: MESSAGES, tools }),
    });
    expect(answer.headers.get('x-acode-outcome')).toBe('repaired');
    await answer.arrayBuffer();
    const [call] = (await getJson(fixture, '/v1/gateway/calls')).body.calls;
    const { body } = await getJson(fixture, `/v1/gateway/calls/${call.id}`);
    expect(body.arguments_kept).toBe(true);
    // The model wrote single quotes; the client received JSON. The key's value is never stored.
    expect(body.model_arguments).toContain("'user': 'ada'");
    expect(JSON.parse(body.client_arguments)).toEqual({ user: 'ada', api_key: '[REDACTED]' });
    expect(JSON.stringify(body)).not.toContain('sk-live-1234567890abcdef');
  });

  it('refuses bad query values with 400 and ACODE-HST-001', async () => {
    fixture = await startGateway([]);
    for (const path of [
      '/v1/gateway/stats?since=yesterday',
      '/v1/gateway/stats?since=0h',
      '/v1/gateway/stats?since=1h&since=2h',
      // Too long for a date, more than a year back, in the future.
      '/v1/gateway/stats?since=999999w',
      '/v1/gateway/stats?since=200000w',
      '/v1/gateway/stats?since=53w',
      '/v1/gateway/stats?since=2000-01-01',
      '/v1/gateway/stats?since=2099-01-01',
      '/v1/gateway/calls?since=999999w',
      '/v1/gateway/calls?since=2099-01-01T00:00:00Z',
      `/v1/gateway/stats?model=${'m'.repeat(300)}`,
      '/v1/gateway/calls?limit=0',
      '/v1/gateway/calls?limit=501',
      '/v1/gateway/calls?limit=ten',
      '/v1/gateway/calls/abc',
      '/v1/gateway/calls/0',
    ]) {
      const { status, body } = await getJson(fixture, path);
      expect({ path, status, code: body.error?.code }).toEqual({ path, status: 400, code: 'ACODE-HST-001' });
      expect(body.error.message).not.toMatch(/\bat .*\.js|Error:/);
    }
  });

  it('requires the host token on every live route when one is set', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' } }], { authToken: 'live-view-token-123' });
    for (const path of ['/v1/gateway/stats', '/v1/gateway/calls', '/v1/gateway/calls/1', '/v1/gateway/events']) {
      const refused = await fetch(`${fixture.host.baseUrl}${path}`);
      const body = (await refused.json()) as { error: { code: string } };
      expect({ path, status: refused.status, code: body.error.code }).toEqual({ path, status: 401, code: 'ACODE-HST-005' });
    }
    await chat(fixture, 'qwen');
    const { status, body } = await getJson(fixture, '/v1/gateway/stats');
    expect(status).toBe(200);
    expect(body.totals.calls).toBe(1);
  });
});

describe('GET /v1/gateway/events', () => {
  it('pushes one event per call as it is recorded, and ends when the host stops', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Lima",}' },
      { kind: 'text', content: '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' },
    ]);
    const response = await fetch(`${fixture.host.baseUrl}/v1/gateway/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (predicate: (seen: string) => boolean): Promise<void> => {
      while (!predicate(text)) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    };
    await readUntil((seen) => seen.includes(': connected'));
    await chat(fixture, 'qwen');
    await chat(fixture, 'mistral');
    await readUntil((seen) => (seen.match(/event: call/g) ?? []).length >= 2);
    const events = [...text.matchAll(/id: (\d+)\nevent: call\ndata: (.+)\n\n/g)].map((match) => ({ id: Number(match[1]), data: JSON.parse(match[2]!) }));
    expect(events.map((event) => event.id)).toEqual([1, 2]);
    expect(events[0]!.data).toMatchObject({ model: 'qwen', tool: 'get_weather', outcome: 'repaired', repairs: ['trailing_comma'], attempts: 1, route: 'openai_chat' });
    expect(events[1]!.data).toMatchObject({ model: 'mistral', outcome: 'success', text_format: 'tool_call_tag' });
    // The stream ends with the host: its drain does not wait on it.
    const closing = fixture.close();
    fixture = undefined;
    await vi.waitFor(async () => expect((await reader.read()).done).toBe(true), { timeout: 3000 });
    await closing;
  });
});
