import type { ToolCallParseResult } from '@acode/domain';
import { createToolRegistry } from '@acode/infrastructure';
import { startScriptedModelServer, type ScriptedModelServer } from '@acode/infrastructure/testing';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, simulateReadableStream, streamText, tool, wrapLanguageModel, type ToolCallRepairFunction, type ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { acodeToolCallMiddleware, createRepairToolCall } from '../src/ai-sdk/index.js';
import { getWeather } from './support/get-weather.js';


/** AI SDK tools whose schema the SDK itself does not check (`jsonSchema` without `validate`), recording what `execute` receives. */
function sdkTools(): { tools: ToolSet; received: unknown[] } {
  const received: unknown[] = [];
  const tools = {
    get_weather: tool({
      description: getWeather.description,
      inputSchema: jsonSchema<{ city: string; unit?: string }>(getWeather.parameters as never),
      execute: async (input) => {
        received.push(input);
        return { temperature: 21 };
      },
    }),
  };
  return { tools, received };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function answer(content: LanguageModelV4GenerateResult['content'], unified: 'stop' | 'tool-calls' | 'length' = 'tool-calls'): LanguageModelV4GenerateResult {
  return { content, finishReason: { unified, raw: unified }, usage, warnings: [] };
}

function call(input: string, toolName = 'get_weather', toolCallId = 'call_1') {
  return { type: 'tool-call' as const, toolCallId, toolName, input };
}

function streamOf(parts: LanguageModelV4StreamPart[]) {
  return { stream: simulateReadableStream({ chunks: parts }) };
}

function textStream(deltas: readonly string[], unified: 'stop' | 'length' = 'stop'): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', usage, finishReason: { unified, raw: unified } },
  ];
}

describe('createRepairToolCall (experimental_repairToolCall)', () => {
  const repair = createRepairToolCall({ tools: [getWeather] });

  it('repairs JSON the SDK could not parse, so execute receives the meant arguments', async () => {
    const { tools, received } = sdkTools();
    const model = new MockLanguageModelV4({ doGenerate: answer([call("{'city': 'Paris',}")]) });
    const result = await generateText({ model, tools, prompt: 'Weather in Paris?', experimental_repairToolCall: repair });
    expect(received).toEqual([{ city: 'Paris', unit: 'c' }]);
    expect(result.toolResults).toHaveLength(1);
  });

  it('resolves a name in another case to the registered tool', async () => {
    const { tools, received } = sdkTools();
    const model = new MockLanguageModelV4({ doGenerate: answer([call('{"city":"Oslo"}', 'Get_Weather')]) });
    await generateText({ model, tools, prompt: 'x', experimental_repairToolCall: repair });
    expect(received).toEqual([{ city: 'Oslo', unit: 'c' }]);
  });

  it('answers null for JSON with two readings, several calls in one text, an unknown tool or arguments the schema refuses', async () => {
    const failure = (input: string, toolName = 'get_weather') => ({ toolCall: { type: 'tool-call' as const, toolCallId: 'c', toolName, input } });
    expect(await repair(failure(`{"city": 'Paris}`))).toBeNull();
    expect(await repair(failure('{"city":"Paris"} {"city":"Rome"}'))).toBeNull();
    expect(await repair(failure('{"city":"Paris"}', 'delete_everything'))).toBeNull();
    expect(await repair(failure('{"city": 42}'))).toBeNull();
    expect(await repair(failure(`{"city":"${'x'.repeat(2 * 1024 * 1024)}"}`))).toBeNull();
    expect(await repair(failure(`${'['.repeat(100_000)}`))).toBeNull();
  });

  it('leaves a call our repairer refuses unexecuted in generateText', async () => {
    const { tools, received } = sdkTools();
    const model = new MockLanguageModelV4({ doGenerate: answer([call(`{"city": 'Paris}`)]) });
    const result = await generateText({ model, tools, prompt: 'x', experimental_repairToolCall: repair });
    expect(received).toEqual([]);
    expect(result.content.some((part) => part.type === 'tool-error')).toBe(true);
  });

  it('is typed as the SDK repair function', () => {
    const typed: ToolCallRepairFunction<ToolSet> = repair;
    expect(typeof typed).toBe('function');
  });
});

describe('acodeToolCallMiddleware with generateText', () => {
  function wrapped(doGenerate: LanguageModelV4GenerateResult, onParse?: (result: ToolCallParseResult) => void) {
    const middleware = acodeToolCallMiddleware({ tools: [getWeather], ...(onParse === undefined ? {} : { onParse }) });
    return wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate }), middleware });
  }

  it('repairs and validates a structured call, defaults applied, the repairs reported', async () => {
    const { tools, received } = sdkTools();
    const parses: ToolCallParseResult[] = [];
    await generateText({ model: wrapped(answer([call("{'city': 'Paris',}")]), (r) => parses.push(r)), tools, prompt: 'x' });
    expect(received).toEqual([{ city: 'Paris', unit: 'c' }]);
    expect(parses[0]?.toolCalls[0]?.repairs).toEqual(['single_quotes', 'trailing_comma']);
  });

  it('takes a call written in the text out of it and runs it', async () => {
    const { tools, received } = sdkTools();
    const text = 'Let me look. <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "unit": "f",}}</tool_call>';
    const result = await generateText({ model: wrapped(answer([{ type: 'text', text }], 'stop')), tools, prompt: 'x' });
    expect(received).toEqual([{ city: 'Oslo', unit: 'f' }]);
    expect(result.text).toBe('Let me look.');
    expect(result.finishReason).toBe('tool-calls');
  });

  it('splits a text holding two calls into two calls with their own ids', async () => {
    const { tools, received } = sdkTools();
    const result = await generateText({ model: wrapped(answer([call('{"city":"Paris"} {"city":"Rome"}')])), tools, prompt: 'x' });
    expect(received).toEqual([
      { city: 'Paris', unit: 'c' },
      { city: 'Rome', unit: 'c' },
    ]);
    const ids = result.toolCalls.map((c) => c.toolCallId);
    expect(new Set(ids).size).toBe(2);
  });

  it('never runs a call with two readings, a call the length limit cut, or arguments the schema refuses', async () => {
    for (const [content, unified] of [
      [[call('{"city":"Paris","city":"Rome"}')], 'tool-calls'],
      [[call('{"city": "Par')], 'length'],
      [[call('{"city": "Paris"}')], 'length'],
      [[call('{"city": 42}')], 'tool-calls'],
      [[call(`{"city":"${'x'.repeat(2 * 1024 * 1024)}"}`)], 'tool-calls'],
      [[call('['.repeat(100_000))], 'tool-calls'],
    ] as const) {
      const { tools, received } = sdkTools();
      const result = await generateText({ model: wrapped(answer([...content], unified)), tools, prompt: 'x' });
      expect(received).toEqual([]);
      const error = result.content.find((part) => part.type === 'tool-error');
      expect(error).toBeDefined();
      expect(String((error as { error: unknown }).error)).toMatch(/ACODE-TLP-0(02|04|09|10)/);
    }
  });

  it('leaves calls to tools it does not hold to the SDK', async () => {
    const received: unknown[] = [];
    const tools = {
      other_tool: tool({ inputSchema: jsonSchema<{ a: number }>({ type: 'object', properties: { a: { type: 'number' } } }), execute: async (input) => received.push(input) }),
    };
    await generateText({ model: wrapped(answer([call('{"a":1}', 'other_tool')])), tools, prompt: 'x' });
    expect(received).toEqual([{ a: 1 }]);
  });

  it('with refusedCalls: keep, hands a refused call to the SDK as sent', async () => {
    const { tools, received } = sdkTools();
    const middleware = acodeToolCallMiddleware({ tools: [getWeather], refusedCalls: 'keep' });
    const model = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: answer([call('{"city": 42}')]) }), middleware });
    await generateText({ model, tools, prompt: 'x' });
    // jsonSchema() without validate accepts anything: the SDK ran it as sent.
    expect(received).toEqual([{ city: 42 }]);
  });

  it('leaves a text without calls alone', async () => {
    const { tools, received } = sdkTools();
    const result = await generateText({ model: wrapped(answer([{ type: 'text', text: 'It is sunny; a < b and {"x": 1} is JSON.' }], 'stop')), tools, prompt: 'x' });
    expect(received).toEqual([]);
    expect(result.text).toBe('It is sunny; a < b and {"x": 1} is JSON.');
    expect(result.finishReason).toBe('stop');
  });

  it('refuses to be built without tools, and throws the registry ACODE error for a bad definition', () => {
    expect(() => acodeToolCallMiddleware({})).toThrow(TypeError);
    expect(() => acodeToolCallMiddleware({ tools: [{ ...getWeather, name: 'Get-Weather' }] })).toThrow(expect.objectContaining({ code: 'ACODE-DEF-001' }));
  });
});

describe('acodeToolCallMiddleware with streamText', () => {
  function streamed(parts: LanguageModelV4StreamPart[]) {
    const middleware = acodeToolCallMiddleware({ registry: createToolRegistry({ tools: [getWeather] }) });
    return wrapLanguageModel({ model: new MockLanguageModelV4({ doStream: streamOf(parts) }), middleware });
  }

  it('holds back a text-written call split across deltas, streams the text before it, and runs the call', async () => {
    const { tools, received } = sdkTools();
    const parts = textStream(['Let me ', 'check. <tool', '_call>{"name": "get_weather", ', `"arguments": {'city': 'Oslo',}}</tool_call>`]);
    const result = streamText({ model: streamed(parts), tools, prompt: 'x' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(received).toEqual([{ city: 'Oslo', unit: 'c' }]);
    expect(chunks.join('')).toBe('Let me check. ');
    expect(chunks.join('')).not.toContain('<tool');
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('reads held text after prose that went out as the end of a message: a tail call list counts, a [name, {args}] pair does not', async () => {
    const pair = sdkTools();
    const data = streamText({ model: streamed(textStream(['For example: ', '["get_weather", {"city": "Oslo"}]'])), tools: pair.tools, prompt: 'x' });
    const chunks: string[] = [];
    for await (const chunk of data.textStream) chunks.push(chunk);
    expect(pair.received).toEqual([]);
    expect(chunks.join('')).toBe('For example: ["get_weather", {"city": "Oslo"}]');
    const tail = sdkTools();
    await streamText({ model: streamed(textStream(['Checking it. ', '[get_weather(city="Oslo")]'])), tools: tail.tools, prompt: 'x' }).consumeStream();
    expect(tail.received).toEqual([{ city: 'Oslo', unit: 'c' }]);
  });

  it('streams text without a trigger as it comes, and gives back held text that holds no call', async () => {
    const { tools, received } = sdkTools();
    const deltas = ['The sky ', 'is clear ', 'today', '; 2 < 3 holds.'];
    const result = streamText({ model: streamed(textStream(deltas)), tools, prompt: 'x' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.join('')).toBe(deltas.join(''));
    // Each delta is passed on as it comes (a trailing space is held one delta: it may begin harmony's ` to=functions.`).
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(chunks.slice(0, 3).join('')).toBe('The sky is clear today');
    expect(received).toEqual([]);
  });

  it('repairs a streamed structured call and holds it until finish', async () => {
    const { tools, received } = sdkTools();
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'tool-input-start', id: 'call_1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: "{'city': " },
      { type: 'tool-input-delta', id: 'call_1', delta: "'Rome',}" },
      { type: 'tool-input-end', id: 'call_1' },
      call("{'city': 'Rome',}"),
      { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ];
    const result = streamText({ model: streamed(parts), tools, prompt: 'x' });
    await result.consumeStream();
    expect(received).toEqual([{ city: 'Rome', unit: 'c' }]);
  });

  it('refuses a streamed call cut by the length limit, and a stream that ends without finish', async () => {
    for (const parts of [
      [call('{"city": "Par'), { type: 'finish', usage, finishReason: { unified: 'length', raw: 'length' } }],
      [call('{"city": "Paris"}'), { type: 'finish', usage, finishReason: { unified: 'length', raw: 'length' } }],
      textStream(['<tool_call>{"name": "get_weather", "arguments": {"city": "Pa'], 'length'),
    ] as LanguageModelV4StreamPart[][]) {
      const { tools, received } = sdkTools();
      const result = streamText({ model: streamed(parts), tools, prompt: 'x' });
      await result.consumeStream();
      expect(received).toEqual([]);
    }
  });
});

describe('acodeToolCallMiddleware over HTTP (@ai-sdk/openai-compatible and the scripted model server)', () => {
  let server: ScriptedModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function provider(url: string) {
    return createOpenAICompatible({ name: 'scripted', baseURL: `${url}/v1`, apiKey: 'unused' });
  }

  it('repairs a broken structured call and extracts a text-written call, in generateText and streamText', async () => {
    server = await startScriptedModelServer({
      script: [
        { kind: 'tool_call', name: 'get_weather', arguments: "{'city': 'Paris', 'unit': 'f',}" },
        { kind: 'text', content: 'Checking. <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' },
        { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Lima",}' },
        { kind: 'text', content: 'On it: <tool_call>{"name": "get_weather", "arguments": {"city": "Kyiv",}}</tool_call>' },
      ],
    });
    const model = wrapLanguageModel({ model: provider(server.url)('llama3.2:latest'), middleware: acodeToolCallMiddleware({ tools: [getWeather] }) });
    const { tools, received } = sdkTools();
    await generateText({ model, tools, prompt: 'Weather in Paris?' });
    const second = await generateText({ model, tools, prompt: 'Weather in Oslo?' });
    await streamText({ model, tools, prompt: 'Weather in Lima?' }).consumeStream();
    const fourth = streamText({ model, tools, prompt: 'Weather in Kyiv?' });
    await fourth.consumeStream();
    expect(received).toEqual([
      { city: 'Paris', unit: 'f' },
      { city: 'Oslo', unit: 'c' },
      { city: 'Lima', unit: 'c' },
      { city: 'Kyiv', unit: 'c' },
    ]);
    expect(second.text).toBe('Checking.');
    expect(await fourth.text).toBe('On it: ');
    expect(server.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(4);
  });

  it('does not turn an ambiguous or truncated call into a call', async () => {
    server = await startScriptedModelServer({
      script: [
        { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris", "city": "Rome"}' },
        { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Par', finishReason: 'length' },
        { kind: 'cut_stream', then: { kind: 'text', content: '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' } },
      ],
    });
    const model = wrapLanguageModel({ model: provider(server.url)('llama3.2:latest'), middleware: acodeToolCallMiddleware({ tools: [getWeather] }) });
    const { tools, received } = sdkTools();
    const first = await generateText({ model, tools, prompt: 'x' });
    const second = await generateText({ model, tools, prompt: 'x' });
    const third = streamText({ model, tools, prompt: 'x', onError: () => undefined });
    await third.consumeStream();
    expect(received).toEqual([]);
    expect(first.content.some((part) => part.type === 'tool-error')).toBe(true);
    expect(second.content.some((part) => part.type === 'tool-error')).toBe(true);
  });
});
