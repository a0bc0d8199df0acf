import { Ollama, type ChatResponse, type Tool } from 'ollama';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest, ScriptStep } from '@acode/infrastructure/testing';
import { ollamaClientOf, openAiClientOf, startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

/*
 * What the upstream gets wrong, seen from an unmodified client (issue 15 "Tests with real
 * clients"): a call cut off at the length limit and a call to a tool that does not exist are
 * asked again; a 500, garbage and a stall become 502 / 504 in the route's error shape; a client
 * that hangs up aborts the upstream request.
 */

const TIME_PARAMETERS = { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'], additionalProperties: false } as const;
const TOOLS_OPENAI = [
  { type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } },
  { type: 'function' as const, function: { name: 'get_time', description: 'Time in a zone', parameters: { ...TIME_PARAMETERS } } },
];
const TOOLS_OLLAMA: Tool[] = [
  { type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS, required: ['city'] } } },
  { type: 'function', function: { name: 'get_time', description: 'Time in a zone', parameters: { ...TIME_PARAMETERS, required: ['zone'] } } },
];
const MESSAGES = [{ role: 'user' as const, content: 'Weather in Rome?' }];

/** A call cut off at the model's token limit: finish reason `length`, its arguments unterminated. */
const TRUNCATED: ScriptStep = { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Reykjav', finishReason: 'length' };
const VALID: ScriptStep = { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' } };

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const openAiClient = openAiClientOf;
const ollamaClient = ollamaClientOf;

/** The chat requests the upstream received, in order. */
function chatRequestsOf(f: GatewayFixture): RecordedRequest[] {
  return f.model.requests.filter((request) => request.path === '/api/chat' || request.path === '/v1/chat/completions');
}

/** The text of the last message of an upstream chat request (either wire). */
function lastMessageText(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ content?: unknown }> }).messages;
  const content = messages.at(-1)?.content;
  if (typeof content === 'string') return content;
  // OpenAI also allows content as parts: `[{ type: 'text', text }]`.
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** Every chunk of an OpenAI stream, and the calls they carry joined by index. */
async function drainOpenAiStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>): Promise<{ chunks: unknown[]; calls: Array<{ name: string; arguments: string }>; finish: string | null }> {
  const chunks: unknown[] = [];
  const calls: Array<{ name: string; arguments: string }> = [];
  let finish: string | null = null;
  for await (const chunk of stream) {
    chunks.push(chunk);
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { name: '', arguments: '' });
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    finish = choice.finish_reason ?? finish;
  }
  return { chunks, calls, finish };
}

async function drainOllamaStream(stream: AsyncIterable<ChatResponse>): Promise<{ parts: ChatResponse[]; calls: NonNullable<ChatResponse['message']['tool_calls']> }> {
  const parts: ChatResponse[] = [];
  const calls: NonNullable<ChatResponse['message']['tool_calls']> = [];
  for await (const part of stream) {
    parts.push(part);
    calls.push(...(part.message.tool_calls ?? []));
  }
  return { parts, calls };
}

type OpenAiError = InstanceType<typeof OpenAI.APIError>;
type OllamaError = { status_code: number; error: string };

describe('truncated output (finish reason length) is asked again', () => {
  it('openai client, not streamed: the valid call, x-acode-attempts 2, the cut call never sent', async () => {
    fixture = await startGateway([TRUNCATED, VALID]);
    const { data, response } = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI }).withResponse();
    const calls = data.choices[0]!.message.tool_calls!;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.type === 'function' && [calls[0]!.function.name, JSON.parse(calls[0]!.function.arguments)]).toEqual(['get_weather', { city: 'Rome' }]);
    expect(data.choices[0]!.finish_reason).toBe('tool_calls');
    expect(response.headers.get('x-acode-attempts')).toBe('2');
    expect(JSON.stringify(data)).not.toContain('Reykjav');
    expect(fixture.chatRequests()).toBe(2);
  });

  it('openai client, streamed: the valid call, x-acode-attempts 2, the cut call never sent', async () => {
    fixture = await startGateway([TRUNCATED, VALID]);
    const { data: stream, response } = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true }).withResponse();
    const { chunks, calls, finish } = await drainOpenAiStream(stream);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('get_weather');
    expect(JSON.parse(calls[0]!.arguments)).toEqual({ city: 'Rome' });
    expect(finish).toBe('tool_calls');
    // No text precedes the call, so nothing is sent before the retry decides it: the count is a header, not a trailer.
    expect(response.headers.get('x-acode-attempts')).toBe('2');
    expect(JSON.stringify(chunks)).not.toContain('Reykjav');
    expect(fixture.chatRequests()).toBe(2);
  });

  it('ollama client, streamed (Ollama upstream): the valid call only, two upstream requests', async () => {
    fixture = await startGateway([TRUNCATED, VALID], { upstream: 'ollama' });
    const { parts, calls } = await drainOllamaStream(await ollamaClient(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true }));
    expect(calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Rome' } } }]);
    expect(JSON.stringify(parts)).not.toContain('Reykjav');
    expect(parts.at(-1)?.done).toBe(true);
    expect(fixture.chatRequests()).toBe(2);
  });
});

describe('a call to a tool the request does not declare is asked again, naming the tools', () => {
  const UNKNOWN: ScriptStep = { kind: 'tool_call', name: 'lookup_forecast', arguments: { city: 'Rome' } };

  it('openai client, not streamed: the retry prompt names the request\'s tools, then the valid call arrives', async () => {
    fixture = await startGateway([UNKNOWN, VALID]);
    const { data, response } = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI }).withResponse();
    const calls = data.choices[0]!.message.tool_calls!;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.type === 'function' && [calls[0]!.function.name, JSON.parse(calls[0]!.function.arguments)]).toEqual(['get_weather', { city: 'Rome' }]);
    expect(response.headers.get('x-acode-attempts')).toBe('2');
    expect(JSON.stringify(data)).not.toContain('lookup_forecast');

    const requests = chatRequestsOf(fixture);
    expect(requests).toHaveLength(2);
    const prompt = lastMessageText(requests[1]!);
    expect(prompt).toContain('lookup_forecast');
    expect(prompt).toContain('get_weather');
    expect(prompt).toContain('get_time');
  });

  it('ollama client, streamed (Ollama upstream): the retry prompt names the request\'s tools, then the valid call arrives', async () => {
    fixture = await startGateway([UNKNOWN, VALID], { upstream: 'ollama' });
    const { parts, calls } = await drainOllamaStream(await ollamaClient(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true }));
    expect(calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Rome' } } }]);
    expect(JSON.stringify(parts)).not.toContain('lookup_forecast');

    const requests = chatRequestsOf(fixture);
    expect(requests).toHaveLength(2);
    const prompt = lastMessageText(requests[1]!);
    expect(prompt).toContain('lookup_forecast');
    expect(prompt).toContain('get_weather');
    expect(prompt).toContain('get_time');
  });
});

/** What the openai client throws for one request, streamed (the stream read to its end) or not; the answer when it throws nothing. */
function openAiFailure(f: GatewayFixture, stream: boolean): Promise<OpenAiError> {
  return openAiClient(f)
    .chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream })
    .then(async (answer) => ({ answered: stream ? await drainOpenAiStream(answer as AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) : answer }))
    .catch((e: unknown) => e) as Promise<OpenAiError>;
}

/** What the ollama client throws for one request, streamed (read to its end) or not. */
function ollamaFailure(f: GatewayFixture, stream: boolean): Promise<OllamaError> {
  const answer = stream
    ? ollamaClient(f).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true }).then(async (parts) => ({ answered: await drainOllamaStream(parts) }))
    : ollamaClient(f).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: false }).then((answered) => ({ answered }));
  return answer.catch((e: unknown) => e) as Promise<OllamaError>;
}

/** A script answering every chat request with `step`, so a retry by anyone still meets it. */
const always = (step: ScriptStep) => () => step;

describe('an upstream 500 is a 502 in the route\'s error shape', () => {
  const FIVE_HUNDRED = always({ kind: 'http_error', status: 500, message: 'CUDA out of memory' });

  it('openai client, streamed or not: 502, type upstream_error, an ACODE-MDL code', async () => {
    fixture = await startGateway(FIVE_HUNDRED);
    for (const stream of [false, true]) {
      const error = await openAiFailure(fixture, stream);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect(error.status).toBe(502);
      expect(error.type).toBe('upstream_error');
      expect(String(error.code)).toMatch(/^ACODE-MDL-/);
      expect(error.headers?.get('x-acode-correlation-id')).toMatch(/\S/);
    }
  });

  it('ollama client, streamed or not: 502, { error: "ACODE-MDL-...: ..." }', async () => {
    fixture = await startGateway(FIVE_HUNDRED, { upstream: 'ollama' });
    const whole = await ollamaFailure(fixture, false);
    expect(whole.status_code).toBe(502);
    expect(whole.error).toMatch(/^ACODE-MDL-\d+: /);
    const streamed = await ollamaFailure(fixture, true);
    expect(streamed.status_code).toBe(502);
    expect(streamed.error).toMatch(/^ACODE-MDL-\d+: /);
  });
});

describe('upstream garbage (a 200 that is not a chat answer) is a 502 in the route\'s error shape', () => {
  const GARBAGE: ReadonlyArray<{ what: string; step: ScriptStep }> = [
    { what: 'an HTML page', step: { kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body>Welcome to nginx!</body></html>' } },
    { what: 'JSON-labelled text that is not JSON', step: { kind: 'raw', status: 200, contentType: 'application/json', body: 'this is {not json' } },
    { what: 'JSON that is not a chat answer', step: { kind: 'raw', status: 200, contentType: 'application/json', body: '{"status": "ok", "items": [1, 2, 3]}' } },
  ];

  it.each(GARBAGE)('openai client, streamed or not: $what', async ({ step }) => {
    fixture = await startGateway(always(step));
    for (const stream of [false, true]) {
      const error = await openAiFailure(fixture, stream);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect(error.status).toBe(502);
      expect(error.type).toBe('upstream_error');
      expect(String(error.code)).toMatch(/^ACODE-MDL-/);
    }
  });

  it.each(GARBAGE)('ollama client (Ollama upstream), streamed or not: $what', async ({ step }) => {
    fixture = await startGateway(always(step), { upstream: 'ollama' });
    const whole = await ollamaFailure(fixture, false);
    expect(whole.status_code).toBe(502);
    expect(whole.error).toMatch(/^ACODE-MDL-\d+: /);
    const streamed = await ollamaFailure(fixture, true);
    expect(streamed.status_code).toBe(502);
    expect(streamed.error).toMatch(/^ACODE-MDL-\d+: /);
  });
});

describe('an upstream that stalls past timeout_ms', () => {
  // The non-streamed requests of both routes are covered in openai-route.test.ts ("answers 504 in each route shape").
  it('is a 504 in each route\'s shape for a streamed request through the official clients', async () => {
    const stall: ScriptStep = { kind: 'slow', delayMs: 4_000, then: { kind: 'text', content: 'late' } };
    fixture = await startGateway(always(stall), { timeoutMs: 1_000 });
    const openAiError = await openAiFailure(fixture, true);
    expect(openAiError).toBeInstanceOf(OpenAI.APIError);
    expect(openAiError.status).toBe(504);
    expect(openAiError.type).toBe('timeout');
    expect(String(openAiError.code)).toMatch(/^ACODE-MDL-/);
    const ollamaError = await ollamaFailure(fixture, true);
    expect(ollamaError.status_code).toBe(504);
    expect(ollamaError.error).toMatch(/^ACODE-MDL-\d+: /);
  });
});

describe('a client that hangs up aborts the upstream request', () => {
  // The upstream would answer long after the test ends, and the gateway's own timeout is longer
  // still: only the client's abort can end the upstream request while the test waits.
  const PENDING: ScriptStep = { kind: 'slow', delayMs: 120_000, then: { kind: 'text', content: 'too late' } };

  it.each([false, true])('openai client aborting mid-request (stream: %s): the upstream sees the connection closed', async (stream) => {
    fixture = await startGateway([PENDING], { timeoutMs: 600_000 });
    const f = fixture;
    const controller = new AbortController();
    const pending = openAiClient(f)
      .chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream }, { signal: controller.signal })
      .then(async (answer) => ({ answered: stream ? await drainOpenAiStream(answer as AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) : answer }))
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(chatRequestsOf(f)).toHaveLength(1), { timeout: 5_000, interval: 10 });
    const upstream = chatRequestsOf(f)[0]!;
    expect(upstream.clientHungUp).toBe(false);
    controller.abort();
    expect(await pending).toBeInstanceOf(OpenAI.APIUserAbortError);
    await vi.waitFor(() => expect(upstream.clientHungUp).toBe(true), { timeout: 5_000, interval: 10 });
    expect(f.chatRequests()).toBe(1);
  });
});
