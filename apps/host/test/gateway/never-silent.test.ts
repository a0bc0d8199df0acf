import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { ScriptStep } from '@acode/infrastructure/testing';
import { SqliteTelemetryStore } from '@acode/infrastructure/telemetry';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

// A call refused for its size, cut by the stream's end, or still invalid when the retries are
// spent is never handed over as a call: the client sees it (an error, or the refused call as
// text with x-acode-invalid), a telemetry row records it, and a counter counts it.

const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const MESSAGES = [{ role: 'user', content: 'Weather in Paris?' }];
type Wire = 'openai' | 'ollama';
const PATH: Record<Wire, string> = { openai: '/v1/chat/completions', ollama: '/api/chat' };

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly trailers: Record<string, string | undefined>;
  /** The structured calls the client received, whatever the wire. */
  readonly calls: Array<{ name: string; arguments: unknown }>;
  readonly content: string;
  /** An error the client received: the body of a non-200, or an error event of a stream. */
  readonly error?: string;
  readonly finish?: string;
}

/** One chat request over node:http, its answer read as the wire's client would: calls, text, errors. */
function chat(f: GatewayFixture, wire: Wire, stream: boolean): Promise<Answer> {
  const body = { model: 'm', messages: MESSAGES, tools: TOOLS, stream };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${f.host.baseUrl}${PATH[wire]}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, trailers: res.trailers, ...read(wire, stream, res.statusCode ?? 0, text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function read(wire: Wire, stream: boolean, status: number, text: string): Pick<Answer, 'calls' | 'content' | 'error' | 'finish'> {
  if (status !== 200) return { calls: [], content: '', error: text };
  const calls: Array<{ name: string; arguments: unknown }> = [];
  let content = '';
  let error: string | undefined;
  let finish: string | undefined;
  if (wire === 'openai') {
    type Choice = { delta?: OpenAiMessage; message?: OpenAiMessage; finish_reason?: string | null };
    type OpenAiMessage = { content?: string | null; tool_calls?: Array<{ index?: number; function?: { name?: string; arguments?: string } }> };
    const pieces: Array<{ name: string; arguments: string }> = [];
    const take = (choice: Choice | undefined): void => {
      const message = choice?.delta ?? choice?.message;
      content += message?.content ?? '';
      for (const [position, call] of (message?.tool_calls ?? []).entries()) {
        const at = call.index ?? position;
        const previous = pieces[at] ?? { name: '', arguments: '' };
        pieces[at] = { name: previous.name + (call.function?.name ?? ''), arguments: previous.arguments + (call.function?.arguments ?? '') };
      }
      finish = choice?.finish_reason ?? finish;
    };
    if (!stream) take((JSON.parse(text) as { choices: Choice[] }).choices[0]);
    for (const event of stream ? text.split('\n\n') : []) {
      if (!event.startsWith('data: {')) continue;
      const data = JSON.parse(event.slice(6)) as { choices?: Choice[]; error?: { code: string; message: string } };
      if (data.error !== undefined) error = `${data.error.code}: ${data.error.message}`;
      take(data.choices?.[0]);
    }
    for (const piece of pieces) calls.push({ name: piece.name, arguments: JSON.parse(piece.arguments) as unknown });
  } else {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const data = JSON.parse(line) as { error?: string; message?: { content?: string; tool_calls?: Array<{ function: { name: string; arguments: unknown } }> }; done_reason?: string };
      if (data.error !== undefined) error = data.error;
      content += data.message?.content ?? '';
      for (const call of data.message?.tool_calls ?? []) calls.push({ name: call.function.name, arguments: call.function.arguments });
      finish = data.done_reason ?? finish;
    }
  }
  return { calls, content, ...(error === undefined ? {} : { error }), ...(finish === undefined ? {} : { finish }) };
}

/** A header sent as a header, or as a trailer once the stream began. */
function decided(answer: Answer, name: string): string | undefined {
  const header = answer.headers[name];
  return typeof header === 'string' ? header : answer.trailers[name];
}

async function metricsText(f: GatewayFixture): Promise<string> {
  return (await fetch(`${f.host.baseUrl}/metrics`)).text();
}

/** The telemetry rows of one answer, once the batch writer put them in the project's database. */
async function rowsOf(f: GatewayFixture, correlationId: string, count: number) {
  return vi.waitFor(
    () => {
      const store = SqliteTelemetryStore.open(join(f.host.dir, '.agent', 'acode.db'), { readonly: true });
      try {
        const rows = store.findByCorrelationId(correlationId);
        expect(rows).toHaveLength(count);
        return rows;
      } finally {
        store.close();
      }
    },
    { timeout: 5000, interval: 50 },
  );
}

const FOUR_MB = 4 * 1024 * 1024;

/**
 * An OpenAI-compatible stream of one call whose arguments come in `pieces` of `pieceBytes`, as a
 * raw step: the scripted dialect's 8-character fragments would make a 4 MB call a 80 MB stream.
 */
function oneCallStream(args: string, pieceBytes: number, content = ''): ScriptStep {
  const event = (delta: object, finish: string | null = null): string =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const events = [event({ role: 'assistant', content }), event({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] })];
  for (let at = 0; at < args.length; at += pieceBytes) events.push(event({ tool_calls: [{ index: 0, function: { arguments: args.slice(at, at + pieceBytes) } }] }));
  events.push(event({}, 'tool_calls'), 'data: [DONE]\n\n');
  return { kind: 'raw', status: 200, contentType: 'text/event-stream', body: events.join('') };
}

const HUGE_CALL = oneCallStream(JSON.stringify({ city: 'P'.repeat(FOUR_MB) }), 64 * 1024, 'Checking.');

describe('a streamed call over max_argument_size', () => {
  it('is refused, not answered as success: the refused call as text with x-acode-invalid ACODE-TLP-009, a failed telemetry row, a counter (pass_through)', async () => {
    fixture = await startGateway([HUGE_CALL]);
    const answer = await chat(fixture, 'openai', true);
    expect(answer.status).toBe(200);
    expect(answer.calls).toEqual([]);
    expect(answer.finish).toBe('stop');
    expect(decided(answer, 'x-acode-outcome')).toBe('failed');
    expect(decided(answer, 'x-acode-invalid')).toBe('ACODE-TLP-009');
    expect(answer.content).toContain('Checking.');
    expect(answer.content).toMatch(/<acode-refused-tool-calls>\nACODE-GTW-007: .*\ncall 0 "get_weather": ACODE-TLP-009 .*\n {2}arguments not shown: over the size limit\n<\/acode-refused-tool-calls>/);
    // Never echoed back to the model: one upstream request.
    expect(fixture.chatRequests()).toBe(1);
    const correlationId = String(answer.headers['x-acode-correlation-id']);
    const [row] = await rowsOf(fixture, correlationId, 1);
    expect(row).toMatchObject({ provider: 'gateway', tool: 'get_weather', parseResult: 'failed', errorCodes: ['ACODE-TLP-009'] });
    const metrics = await metricsText(fixture);
    expect(metrics).toMatch(/acode_gateway_calls_refused_total\{reason="too_large",route="openai_chat"\} 1\b/);
    expect(metrics).toMatch(/acode_gateway_requests_total\{outcome="failed",route="openai_chat"\} 1\b/);
  });

  it('is an error line in a stream that began, under on_invalid: error (Ollama wire)', async () => {
    fixture = await startGateway([HUGE_CALL], { onInvalid: 'error' });
    const answer = await chat(fixture, 'ollama', true);
    expect(answer.calls).toEqual([]);
    // The text went out first, so the refusal is an error line of the stream, the outcome a trailer.
    expect(answer.status).toBe(200);
    expect(answer.content).toBe('Checking.');
    expect(answer.error).toMatch(/^ACODE-TLP-009: /);
    expect(decided(answer, 'x-acode-outcome')).toBe('failed');
  });

  it('is a 422 when nothing was sent yet, under on_invalid: error (OpenAI wire, not streamed)', async () => {
    fixture = await startGateway([{ kind: 'tool_call', name: 'get_weather', arguments: { city: 'P'.repeat(2048) } }], { onInvalid: 'error', maxArgumentSize: 1024 });
    const answer = await chat(fixture, 'openai', false);
    expect(answer.status).toBe(422);
    expect(answer.calls).toEqual([]);
    expect(JSON.parse(answer.error!)).toMatchObject({ error: { code: 'ACODE-TLP-009', type: 'invalid_tool_call' } });
  });
});

const CITY = { city: 'Paris, the city of light' };

/**
 * A gateway whose upstream cuts every answer inside its call: an OpenAI-compatible stream within
 * its last argument piece (the pieces before it arrived), an Ollama stream within the line that
 * carries the call. Where, is read from the upstream's whole stream first.
 */
async function cuttingGateway(options: Parameters<typeof startGateway>[1] = {}): Promise<GatewayFixture> {
  let cutAt: number | undefined;
  const call = { kind: 'tool_call', name: 'get_weather', arguments: CITY } as const;
  const f = await startGateway(() => (cutAt === undefined ? call : { kind: 'cut_stream', afterBytes: cutAt, then: call }), options);
  const ollama = options.upstream === 'ollama';
  const whole = await (
    await fetch(`${f.model.url}${ollama ? '/api/chat' : '/v1/chat/completions'}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES, stream: true }) })
  ).text();
  cutAt = ollama ? whole.indexOf('"arguments"') : whole.indexOf('\n\n', whole.lastIndexOf('"arguments":"')) - 20;
  return f;
}

describe('an upstream that closes its stream mid-call', () => {
  for (const wire of ['openai', 'ollama'] as const) {
    it(`never hands the cut call over as a call (${wire} wire, pass_through): the refused call as text, x-acode-invalid`, async () => {
      fixture = await cuttingGateway();
      const answer = await chat(fixture, wire, true);
      expect(answer.status).toBe(200);
      expect(answer.calls).toEqual([]);
      expect(answer.finish).toBe('stop');
      expect(decided(answer, 'x-acode-outcome')).toBe('failed');
      expect(decided(answer, 'x-acode-invalid')).toMatch(/ACODE-TLP-010/);
      // What arrived of the arguments, as text: the client sees what the model was writing.
      expect(answer.content).toMatch(/call 0 "get_weather": ACODE-TLP-010 .*\n {2}arguments as written: "\{\\"city\\":\\"Paris/);
      const metrics = await metricsText(fixture);
      expect(metrics).toMatch(new RegExp(`acode_gateway_calls_refused_total\\{reason="cut",route="${wire}_chat"\\} 1\\b`));
      const rows = await rowsOf(fixture, String(answer.headers['x-acode-correlation-id']), 1);
      expect(rows[0]).toMatchObject({ parseResult: 'failed', errorCodes: expect.arrayContaining(['ACODE-TLP-010']) });
    });

    it(`never hands the cut call over as a call (${wire} wire, on_invalid: error): an error`, async () => {
      fixture = await cuttingGateway({ onInvalid: 'error' });
      const answer = await chat(fixture, wire, true);
      expect(answer.calls).toEqual([]);
      expect(answer.error).toMatch(/ACODE-TLP-010/);
    });
  }

  it('never hands it over either from an Ollama upstream, whose cut line is lost, never half-read', async () => {
    fixture = await cuttingGateway({ upstream: 'ollama' });
    for (const wire of ['openai', 'ollama'] as const) {
      const answer = await chat(fixture, wire, true);
      expect(answer.calls).toEqual([]);
    }
  });
});

describe('property: damaged streams never yield a call the model did not finish', () => {
  const ORIGINAL = CITY;

  it('a stream cut at any offset gives a call only when it arrived whole, and then exactly the call sent', async () => {
    // Each run's attempts: the first cut at `cuts[0]`, the retry at `cuts[1]` (whole when undefined).
    let cuts: Array<number | undefined> = [];
    let attempt = 0;
    fixture = await startGateway(() => {
      const cut = cuts[attempt++];
      const then = { kind: 'tool_call', name: 'get_weather', arguments: ORIGINAL } as const;
      return cut === undefined ? then : { kind: 'cut_stream', afterBytes: cut, then };
    });
    // The whole stream of the call, read from the upstream itself: where its last argument piece ends.
    const whole = await (await fetch(`${fixture.model.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES, stream: true }) })).text();
    const lastPiece = whole.lastIndexOf('"arguments":"');
    const argumentsEnd = whole.indexOf('\n\n', lastPiece) + 2;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: whole.length - 1 }), fc.option(fc.integer({ min: 0, max: whole.length - 1 }), { nil: undefined }), fc.constantFrom<Wire>('openai', 'ollama'), async (first, second, wire) => {
        cuts = [first, second];
        attempt = 0;
        const answer = await chat(fixture!, wire, true);
        runs++;
        // A stream cut before anything usable arrived is the upstream failing: 502, no call either.
        expect([200, 502]).toContain(answer.status);
        for (const call of answer.calls) expect(call).toEqual({ name: 'get_weather', arguments: ORIGINAL });
        // Every attempt made was cut before its last argument piece: no call at all, and the client is told.
        if (answer.status === 200 && cuts.slice(0, attempt).every((cut) => cut !== undefined && cut < argumentsEnd)) {
          expect(answer.calls).toEqual([]);
          expect(decided(answer, 'x-acode-invalid')).toMatch(/^ACODE-TLP-0(08|10)/);
          expect(answer.content).toContain('<acode-refused-tool-calls>');
        }
      }),
      { numRuns: 100 },
    );
    expect(runs).toBe(100);
  });

  it('arguments pushed over max_argument_size are never a call; under it, the call as sent', async () => {
    let size = 0;
    fixture = await startGateway(() => ({ kind: 'tool_call', name: 'get_weather', arguments: { city: 'P'.repeat(size) } }), { maxArgumentSize: 1024, chunkSize: 256 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3000 }), fc.constantFrom<Wire>('openai', 'ollama'), async (n, wire) => {
        size = n;
        const over = Buffer.byteLength(JSON.stringify({ city: 'P'.repeat(n) })) > 1024;
        const answer = await chat(fixture!, wire, true);
        if (over) {
          expect(answer.calls).toEqual([]);
          expect(decided(answer, 'x-acode-invalid')).toBe('ACODE-TLP-009');
        } else {
          expect(answer.calls).toEqual([{ name: 'get_weather', arguments: { city: 'P'.repeat(n) } }]);
        }
      }),
      { numRuns: 30 },
    );
  });
});
