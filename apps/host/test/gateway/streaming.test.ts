import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaClientOf, openAiClientOf, startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

/** Issue 15 items 5 and 6 through the host: text as it arrives, calls once decided, a retry in the same stream, early abort. */

const TOOLS = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user' as const, content: 'Weather in Paris?' }];
/** Long enough that the upstream is still writing the call when the gateway stops it. */
const LONG_TAIL = 'x'.repeat(400);

let fixture: GatewayFixture | undefined;
let upstream: Server | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => (upstream === undefined ? resolve() : upstream.close(() => resolve())));
  upstream = undefined;
});

const openAi = openAiClientOf;

interface Collected {
  content: string;
  calls: Array<{ name: string; arguments: string }>;
  finish: string | null;
}

async function collect(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>): Promise<Collected> {
  const out: Collected = { content: '', calls: [], finish: null };
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    out.content += choice.delta.content ?? '';
    for (const call of choice.delta.tool_calls ?? []) {
      const previous = out.calls[call.index] ?? { name: '', arguments: '' };
      out.calls[call.index] = { name: previous.name + (call.function?.name ?? ''), arguments: previous.arguments + (call.function?.arguments ?? '') };
    }
    out.finish = choice.finish_reason ?? out.finish;
  }
  return out;
}

/** An OpenAI-compatible upstream that writes its first text, then waits for `release` before the rest. */
async function gatedUpstream(): Promise<{ url: string; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const chunk = (delta: object, finish: string | null = null): string =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      res.write(chunk({ content: 'Hello from ' }));
      void gate.then(() => {
        res.write(chunk({ content: 'the model.' }));
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      });
    });
  });
  await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, release };
}

/** A streamed request read with node:http, for what fetch-based clients do not show: comments and trailers. */
function rawStream(f: GatewayFixture, body: object): Promise<{ status: number; text: string; trailers: Record<string, string | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${f.host.baseUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, trailers: res.trailers }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('streamed answers through the gateway', () => {
  it('forwards text while the upstream is still writing: the client reads it before the upstream goes on', async () => {
    const gated = await gatedUpstream();
    fixture = await startGateway([], { baseUrl: gated.url });
    const stream = await openAi(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    const iterator = stream[Symbol.asyncIterator]();
    let early = '';
    // Were the text held until the upstream ended, this loop would wait for ever (and the test time out).
    while (!early.includes('Hello from')) {
      const next = await iterator.next();
      if (next.done === true) break;
      early += next.value.choices[0]?.delta.content ?? '';
    }
    // The space at the end may begin a marker (harmony's ` to=functions.`): it goes out with the next piece.
    expect(early).toBe('Hello from');
    gated.release();
    let rest = '';
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest += next.value.choices[0]?.delta.content ?? '';
    expect(early + rest).toBe('Hello from the model.');
  });

  it('continues the same stream through a retry: the first text, then the valid call; the decided values as trailers', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Rome' }, content: 'Something else.' },
    ]);
    const { status, text, trailers } = await rawStream(fixture, { model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    expect(status).toBe(200);
    const events = text.split('\n\n').filter((event) => event.startsWith('data: {')).map((event) => JSON.parse(event.slice(6)) as { choices: Array<{ delta: { content?: string; tool_calls?: Array<{ function: { name: string; arguments: string } }> } }> });
    const content = events.map((event) => event.choices[0]?.delta.content ?? '').join('');
    const calls = events.flatMap((event) => event.choices[0]?.delta.tool_calls ?? []);
    expect(content.trim()).toBe('Checking the weather.');
    expect(calls.map((call) => [call.function.name, JSON.parse(call.function.arguments)])).toEqual([['get_weather', { city: 'Rome' }]]);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(trailers['x-acode-attempts']).toBe('2');
    expect(trailers['x-acode-outcome']).toBe('retried');
  });

  it('stops the upstream at an unknown tool name while it streams, asks again, and counts the early abort', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_temperature', arguments: { city: 'Paris', note: LONG_TAIL } },
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Paris' }, usage: { promptTokens: 30, completionTokens: 200 } },
    ]);
    const out = await collect(await openAi(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true }));
    expect(out.calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(out.finish).toBe('tool_calls');
    const chats = fixture.model.requests.filter((recorded) => recorded.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    expect(chats[0]!.clientHungUp).toBe(true);
    const metrics = await (await fetch(`${fixture.host.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/acode_gateway_early_aborts_total\{route="openai_chat"\} 1\b/);
    expect(metrics).toMatch(/acode_gateway_tokens_saved_total\{route="openai_chat"\} (1[5-9][0-9]|200)\b/);
  });

  it('keeps a silent stream alive while the answer is decided, with SSE comments the openai client ignores', async () => {
    const slowCall = { kind: 'slow', delayMs: 600, then: { kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo' } } } as const;
    fixture = await startGateway([slowCall, slowCall], { keepAliveMs: 100 });
    const { status, text, trailers } = await rawStream(fixture, { model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    expect(status).toBe(200);
    expect(text.startsWith(': keep-alive\n\n')).toBe(true);
    expect(trailers['x-acode-attempts']).toBe('1');
    const out = await collect(await openAi(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true }));
    expect(out.calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['get_weather', { city: 'Oslo' }]]);
  });

  it('reports a failure after the stream began as an error event the openai client throws', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 }, content: 'Checking the weather.' },
      { kind: 'http_error', status: 500, message: 'the model crashed' },
    ]);
    const stream = await openAi(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    let content = '';
    const failure = await (async () => {
      try {
        for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? '';
        return undefined;
      } catch (error) {
        return error as Error;
      }
    })();
    expect(content).toBe('Checking the weather.');
    expect(failure?.message).toMatch(/ACODE-MDL-\d{3}|HTTP 500/);
  });

  it('answers a streamed request refused before anything was sent with its HTTP status (on_invalid: error → 422)', async () => {
    fixture = await startGateway(
      [
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 1 } },
        { kind: 'tool_call', name: 'get_weather', arguments: { city: 2 } },
      ],
      { onInvalid: 'error' },
    );
    const { status, text } = await rawStream(fixture, { model: 'm', messages: MESSAGES, tools: TOOLS, stream: true });
    expect(status).toBe(422);
    expect((JSON.parse(text) as { error: { type: string } }).error.type).toBe('invalid_tool_call');
  });

  it('streams text to the ollama client as it comes and ends with the decided call', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo' }, content: 'Looking it up for you now, one moment please.' }]);
    const ollama = ollamaClientOf(fixture);
    const tools = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
    const parts = await ollama.chat({ model: 'm', messages: MESSAGES, tools, stream: true });
    const contentPieces: string[] = [];
    const calls: Array<{ name: string; arguments: unknown }> = [];
    let done = false;
    for await (const part of parts) {
      if (part.message.content !== '') contentPieces.push(part.message.content);
      for (const call of part.message.tool_calls ?? []) calls.push({ name: call.function.name, arguments: call.function.arguments });
      done = part.done;
    }
    expect(contentPieces.length).toBeGreaterThan(1);
    expect(contentPieces.join('').trim()).toBe('Looking it up for you now, one moment please.');
    expect(calls).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);
    expect(done).toBe(true);
  });
});
