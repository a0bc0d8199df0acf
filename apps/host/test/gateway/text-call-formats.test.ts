import { Ollama, type ChatResponse, type Tool } from 'ollama';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaClientOf, openAiClientOf, startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

/*
 * Calls a model writes into its text (issue 15 "Tests with real clients": "a Hermes, Qwen3-Coder
 * XML and pythonic call in text arrives as a structured call"). The Hermes `<tool_call>{json}`
 * form is covered by openai-route.test.ts and ollama-route.test.ts; this file covers the other two.
 *
 * Configuration, as a user would write it: nothing. `model.providers.<p>.tool_call.text_formats`
 * left unset means every format the parser knows is looked for, and `extract_from_content` is on
 * by default; the gateway uses the `tool_call:` settings of the provider named by
 * `gateway.upstream.provider`. The last tests pin `text_formats` in that provider's section (the
 * fixture's `textFormats` option) to show the setting reaches the gateway.
 */

const TOOLS_OPENAI = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const TOOLS_OLLAMA: Tool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS, required: ['city'] } } }];
const MESSAGES = [{ role: 'user' as const, content: 'Weather in Paris?' }];

/** The two formats as a model writes them, after a sentence of prose that must survive. */
const PROSE = 'Let me check the weather.';
const FORMATS = [
  { format: 'Qwen3-Coder XML', text: `${PROSE}<tool_call><function=get_weather><parameter=city>Paris</parameter></function></tool_call>` },
  { format: 'pythonic', text: `${PROSE} [get_weather(city="Paris")]` },
] as const;

/** Pieces of the call syntax that must not be left in the content the client receives. */
const CALL_MARKERS = ['<tool_call>', '<function=', '<parameter=', '</tool_call>', 'get_weather(', '[get_weather'];

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const openAiClient = openAiClientOf;
const ollamaClient = ollamaClientOf;

interface StreamedCall {
  id: string;
  type: string;
  name: string;
  arguments: string;
}

/** An OpenAI stream folded as a client folds it: content concatenated, each call's pieces joined by index. */
async function foldOpenAiStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>): Promise<{ content: string; calls: StreamedCall[]; finish: string | null }> {
  let content = '';
  const calls: StreamedCall[] = [];
  let finish: string | null = null;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    content += choice.delta.content ?? '';
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', type: '', name: '', arguments: '' });
      call.id ||= delta.id ?? '';
      call.type ||= delta.type ?? '';
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    finish = choice.finish_reason ?? finish;
  }
  return { content, calls, finish };
}

/** An Ollama stream folded into one message. */
async function foldOllamaStream(stream: AsyncIterable<ChatResponse>): Promise<{ content: string; calls: NonNullable<ChatResponse['message']['tool_calls']>; done: boolean }> {
  let content = '';
  const calls: NonNullable<ChatResponse['message']['tool_calls']> = [];
  let done = false;
  for await (const part of stream) {
    content += part.message.content;
    calls.push(...(part.message.tool_calls ?? []));
    done = part.done;
  }
  return { content, calls, done };
}

function expectCleaned(content: string | null | undefined): void {
  for (const marker of CALL_MARKERS) expect(content ?? '').not.toContain(marker);
  expect((content ?? '').trim()).toBe(PROSE);
}

describe.each(FORMATS)('a $format call written in the text, through the gateway', ({ text }) => {
  it('openai client, not streamed: one structured call, the content cleaned, one upstream request', async () => {
    fixture = await startGateway([{ kind: 'text', content: text }]);
    const { data, response } = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI }).withResponse();
    const choice = data.choices[0]!;
    expect(choice.message.tool_calls).toHaveLength(1);
    const call = choice.message.tool_calls![0]!;
    expect(call.id).toMatch(/\S/);
    expect(call.type).toBe('function');
    expect(call.type === 'function' && call.function.name).toBe('get_weather');
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    expect(choice.finish_reason).toBe('tool_calls');
    expectCleaned(choice.message.content);
    expect(response.headers.get('x-acode-attempts')).toBe('1');
    expect(fixture.chatRequests()).toBe(1);
  });

  it('openai client, streamed: one structured call, the content cleaned', async () => {
    fixture = await startGateway([{ kind: 'text', content: text }]);
    const stream = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true });
    const { content, calls, finish } = await foldOpenAiStream(stream);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.id).toMatch(/\S/);
    expect(calls[0]!.name).toBe('get_weather');
    expect(JSON.parse(calls[0]!.arguments)).toEqual({ city: 'Paris' });
    expect(finish).toBe('tool_calls');
    expectCleaned(content);
    expect(fixture.chatRequests()).toBe(1);
  });

  it('ollama client, not streamed (Ollama upstream): one structured call, the content cleaned', async () => {
    fixture = await startGateway([{ kind: 'text', content: text }], { upstream: 'ollama' });
    const reply = await ollamaClient(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: false });
    expect(reply.message.tool_calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }]);
    expectCleaned(reply.message.content);
    expect(reply.done).toBe(true);
    expect(fixture.chatRequests()).toBe(1);
  });

  it('ollama client, streamed (OpenAI-compatible upstream): one structured call, the content cleaned', async () => {
    fixture = await startGateway([{ kind: 'text', content: text }]);
    const { content, calls, done } = await foldOllamaStream(await ollamaClient(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true }));
    expect(calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }]);
    expectCleaned(content);
    expect(done).toBe(true);
    expect(fixture.chatRequests()).toBe(1);
  });
});

describe('text_formats pinned in the upstream provider\'s tool_call section', () => {
  it('reads both formats when the user pins them (text_formats: [qwen3_xml, pythonic])', async () => {
    fixture = await startGateway(
      FORMATS.map(({ text }) => ({ kind: 'text' as const, content: text })),
      { textFormats: ['qwen3_xml', 'pythonic'] },
    );
    const client = openAiClient(fixture);
    for (const _ of FORMATS) {
      const completion = await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
      const call = completion.choices[0]!.message.tool_calls![0]!;
      expect(call.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(['get_weather', { city: 'Paris' }]);
      expectCleaned(completion.choices[0]!.message.content);
    }
  });

  it('leaves a pythonic call as text when the user pins formats without it (text_formats: [tool_call_tag])', async () => {
    const pythonic = FORMATS[1].text;
    fixture = await startGateway([{ kind: 'text', content: pythonic }], { textFormats: ['tool_call_tag'] });
    const completion = await openAiClient(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
    const message = completion.choices[0]!.message;
    expect(message.tool_calls ?? []).toEqual([]);
    expect(message.content).toBe(pythonic);
    expect(completion.choices[0]!.finish_reason).toBe('stop');
  });
});
