import type { Tool } from 'ollama';
import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaClientOf, openAiClientOf, startGateway, type GatewayFixture } from './gateway-fixture.js';

/*
 * The gateway takes whatever tools its upstream would: names with dots, hyphens and non-ASCII
 * letters, camelCase parameters, loose schemas (wrong-typed or required defaults, objects without
 * properties, draft-04 and draft-07 keywords). What its own registry rules would refuse is told in
 * `x-acode-warnings`, never refused; the upstream gets the tools exactly as sent; the client gets
 * the calls under its own names with the arguments the model wrote (no default written in, the
 * numbers as written). Sent with the official `openai` and `ollama` clients, as users send them.
 */

/** Loose, as real clients write them (Berkeley function-calling prompts, MCP servers, hand-written lists). */
const PLAYER_PARAMETERS = {
  type: 'object',
  properties: {
    playerID: { type: 'string', description: 'The player' },
    verbose: { type: 'boolean', default: 'True' },
    filters: { type: 'object', description: 'Anything' },
    season: { type: 'integer', default: 2024 },
  },
  required: ['playerID', 'season'],
};
const FACTORIAL_PARAMETERS = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } }, required: ['n'] };
const WEATHER_PARAMETERS = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { city: { $ref: '#/definitions/city' } }, definitions: { city: { type: 'string' } } };

const OPENAI_TOOLS: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'math.factorial', description: 'n!', parameters: FACTORIAL_PARAMETERS } },
  { type: 'function', function: { name: 'getPlayerStats', description: 'Stats', parameters: PLAYER_PARAMETERS } },
  { type: 'function', function: { name: '天气', description: 'Weather', parameters: WEATHER_PARAMETERS } },
];
const OLLAMA_TOOLS = OPENAI_TOOLS as unknown as Tool[];
/** What the upstream receives: the same tools, only the root `$schema` left out. */
const AS_FORWARDED = OPENAI_TOOLS.map((tool) => {
  const { $schema: _dropped, ...parameters } = (tool.type === 'function' ? tool.function.parameters : {}) as Record<string, unknown>;
  return { ...tool, function: { ...(tool.type === 'function' ? tool.function : {}), parameters } };
});
const MESSAGES = [{ role: 'user' as const, content: 'Compute, look up, check the weather.' }];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** The `x-acode-warnings` header read as the JSON array it is. */
function warningsOf(header: string | null): string[] {
  expect(header).not.toBeNull();
  expect(header).toMatch(/^[\x20-\x7e]*$/);
  return JSON.parse(header as string) as string[];
}

describe('tools a client declares are taken as its upstream would take them', () => {
  it('official openai client: dotted, camelCase and non-ASCII names and loose schemas go through; calls come back under those names, as written', async () => {
    fixture = await startGateway(() => ({
      kind: 'tool_calls',
      calls: [
        { name: 'math.factorial', arguments: '{"n": 5.0}' },
        { name: 'getPlayerStats', arguments: '{"playerID": "p7", "season": 2023}' },
        { name: '天气', arguments: '{"city": "Zürich"}' },
      ],
    }));
    const { data, response } = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: OPENAI_TOOLS }).withResponse();
    expect(response.status).toBe(200);
    const calls = (data.choices[0]?.message.tool_calls ?? []).map((call) => (call.type === 'function' ? [call.function.name, call.function.arguments] : []));
    // The numbers as the model wrote them (5.0), and no default written in (no verbose: "True").
    expect(calls).toEqual([
      ['math.factorial', '{"n": 5.0}'],
      ['getPlayerStats', '{"playerID":"p7","season":2023}'],
      ['天气', '{"city":"Zürich"}'],
    ]);
    expect(data.choices[0]?.finish_reason).toBe('tool_calls');
    const warnings = warningsOf(response.headers.get('x-acode-warnings'));
    expect(warnings.every((line) => line.startsWith('ACODE-GTW-008 /tools/'))).toBe(true);
    expect(warnings.some((line) => line.includes('/tools/1/function/parameters/properties/playerID'))).toBe(true);
    expect(warnings.some((line) => line.includes('/tools/0/function/parameters/$schema'))).toBe(true);
    // The upstream got the tools as the client sent them (but the root `$schema`, which some servers refuse).
    const sent = fixture.model.requests.find((request) => request.path.endsWith('/chat/completions'))?.body as { tools: unknown };
    expect(sent.tools).toEqual(AS_FORWARDED);
    expect(fixture.chatRequests()).toBe(1);
  });

  it('still checks what the loose schema says: a wrong-typed argument is asked again, under the client name', async () => {
    fixture = await startGateway([
      { kind: 'tool_call', name: 'getPlayerStats', arguments: { playerID: 7, season: 2023 } },
      { kind: 'tool_call', name: 'getPlayerStats', arguments: { playerID: 'p7', season: 2023 } },
    ]);
    const data = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: OPENAI_TOOLS });
    const call = data.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(['getPlayerStats', { playerID: 'p7', season: 2023 }]);
    expect(fixture.chatRequests()).toBe(2);
    const retry = fixture.model.requests.filter((request) => request.path.endsWith('/chat/completions'))[1]?.body as { messages: Array<{ content?: string }> };
    // The re-ask speaks the client's name, never the registry's.
    expect(JSON.stringify(retry.messages)).toContain("Arguments of 'getPlayerStats'");
    expect(JSON.stringify(retry.messages)).not.toContain('get_player_stats');
  });

  it('official ollama client through /api/chat to an Ollama upstream: the same tools, the same calls', async () => {
    fixture = await startGateway(
      () => ({
        kind: 'tool_calls',
        calls: [
          { name: 'math.factorial', arguments: { n: 5 } },
          { name: '天气', arguments: { city: 'Zürich' } },
        ],
      }),
      { upstream: 'ollama' },
    );
    const answer = await ollamaClientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: OLLAMA_TOOLS, stream: false });
    expect(answer.message.tool_calls?.map((call) => [call.function.name, call.function.arguments])).toEqual([
      ['math.factorial', { n: 5 }],
      ['天气', { city: 'Zürich' }],
    ]);
    const sent = fixture.model.requests.find((request) => request.path === '/api/chat')?.body as { tools: unknown };
    expect(sent.tools).toEqual(AS_FORWARDED);
    // The ollama client hides headers; the same request over fetch shows the warnings.
    const raw = await fetch(`${fixture.host.baseUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: MESSAGES, tools: OLLAMA_TOOLS, stream: false }) });
    expect(raw.status).toBe(200);
    expect(warningsOf(raw.headers.get('x-acode-warnings')).length).toBeGreaterThan(0);
  });

  it('streams the same calls to the official openai client', async () => {
    fixture = await startGateway(() => ({ kind: 'text', content: '<tool_call>{"name": "math.factorial", "arguments": {"n": 7}}</tool_call>' }));
    const stream = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: OPENAI_TOOLS, stream: true });
    const calls: Array<{ name: string; arguments: string }> = [];
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { name: '', arguments: '' });
        call.name += delta.function?.name ?? '';
        call.arguments += delta.function?.arguments ?? '';
      }
    }
    expect(calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['math.factorial', { n: 7 }]]);
  });

  it('takes a tool whose schema cannot be compiled, unchecked, with a warning saying so', async () => {
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [{ type: 'function', function: { name: 'grep-files', description: 'x', parameters: { type: 'object', properties: { q: { type: 'string', pattern: '(?<=a)b' } } } } }];
    fixture = await startGateway(() => ({ kind: 'tool_call', name: 'grep-files', arguments: { q: 'zzz', extra: true } }));
    const { data, response } = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools }).withResponse();
    const call = data.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(['grep-files', { q: 'zzz', extra: true }]);
    expect(warningsOf(response.headers.get('x-acode-warnings')).join('\n')).toMatch(/not checked/);
  });

  it('carries hostile names in one bounded header: line breaks escaped, long non-ASCII names cut, the client still reads it', async () => {
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${'É'.repeat(200)}${i}`, { type: 'string' }]));
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'a\r\nSet-Cookie: x=1', description: 'x', parameters: { type: 'object', properties: { 'b\r\nX-Evil: 1': {} } } } },
      { type: 'function', function: { name: 'wide', description: 'x', parameters: { type: 'object', properties } } },
    ];
    fixture = await startGateway(() => ({ kind: 'tool_call', name: 'a\r\nSet-Cookie: x=1', arguments: {} }));
    const { data, response } = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools }).withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-evil')).toBeNull();
    expect((response.headers.get('x-acode-warnings') ?? '').length).toBeLessThanOrEqual(4096);
    expect(warningsOf(response.headers.get('x-acode-warnings')).join('\n')).toContain('Set-Cookie');
    const call = data.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('a\r\nSet-Cookie: x=1');
  });

  it('sends no x-acode-warnings header when the tools keep every rule', async () => {
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'x', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
    fixture = await startGateway(() => ({ kind: 'tool_call', name: 'get_weather', arguments: { city: 'Oslo' } }));
    const { response } = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools }).withResponse();
    expect(response.headers.get('x-acode-warnings')).toBeNull();
  });
});

describe('one invalid call of several', () => {
  const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'x', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } } }];

  it('on_invalid pass_through: the valid calls still come back as calls, the invalid one as text', async () => {
    // Asked again, the model sends the failed call again, as wrong: the retries are spent.
    fixture = await startGateway((_request, n) =>
      n === 0
        ? {
            kind: 'tool_calls',
            calls: [
              { name: 'get_weather', arguments: { city: 'Oslo' } },
              { name: 'get_weather', arguments: { city: 42 } },
              { name: 'get_weather', arguments: { city: 'Rome' } },
            ],
          }
        : { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
    );
    const { data, response } = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools }).withResponse();
    const message = data.choices[0]?.message;
    expect(message?.tool_calls?.map((call) => call.type === 'function' && JSON.parse(call.function.arguments))).toEqual([{ city: 'Oslo' }, { city: 'Rome' }]);
    expect(data.choices[0]?.finish_reason).toBe('tool_calls');
    expect(message?.content).toContain('<acode-refused-tool-calls>');
    expect(message?.content).toContain('ACODE-TLP-004');
    expect(response.headers.get('x-acode-invalid')).toBe('ACODE-TLP-004');
    expect(response.headers.get('x-acode-outcome')).toBe('failed');
  });

  it('the same through /api/chat with the official ollama client', async () => {
    fixture = await startGateway(
      (_request, n) =>
        n === 0
          ? {
              kind: 'tool_calls',
              calls: [
                { name: 'get_weather', arguments: { city: 'Oslo' } },
                { name: 'get_weather', arguments: { city: 42 } },
              ],
            }
          : { kind: 'tool_call', name: 'get_weather', arguments: { city: 42 } },
      { upstream: 'ollama' },
    );
    const answer = await ollamaClientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: tools as unknown as Tool[], stream: false });
    expect(answer.message.tool_calls?.map((call) => call.function.arguments)).toEqual([{ city: 'Oslo' }]);
    expect(answer.message.content).toContain('ACODE-GTW-007');
  });
});
