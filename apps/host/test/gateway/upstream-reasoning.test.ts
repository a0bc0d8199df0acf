import type { ChatResponse, Tool } from 'ollama';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaClientOf, openAiClientOf, startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

/*
 * The reasoning an upstream's reasoning parser sets apart (vLLM, SGLang, llama.cpp, LM Studio:
 * `reasoning_content`; Ollama with `think: true`: `thinking`) reaches the client through the
 * gateway, on either route, whole and streamed: OpenAI clients read `reasoning_content`, Ollama
 * clients `thinking`. A model that forgot to close `</think>` before its `<tool_call>` has its
 * call put in that field with an empty content by the server: the client receives it as a call.
 */

const TOOLS_OPENAI = [{ type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS } } }];
const TOOLS_OLLAMA: Tool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { ...WEATHER_PARAMETERS, required: ['city'] } } }];
const MESSAGES = [{ role: 'user' as const, content: 'Weather in Paris?' }];

const REASONING = 'The user asks about Paris. I know it is sunny there today — “quoted” 🙂.';
const CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** The reasoning an OpenAI message or delta carries; the official types do not name the field. */
function reasoningOf(message: object | undefined): string | undefined {
  return (message as { reasoning_content?: string } | undefined)?.reasoning_content;
}

/** An OpenAI stream folded as a client folds it, reasoning deltas included. */
async function foldOpenAiStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) {
  let content = '';
  let reasoning = '';
  const calls: Array<{ name: string; arguments: string }> = [];
  let finish: string | null = null;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    content += choice.delta.content ?? '';
    reasoning += reasoningOf(choice.delta) ?? '';
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { name: '', arguments: '' });
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    finish = choice.finish_reason ?? finish;
  }
  return { content, reasoning, calls, finish };
}

/** An Ollama stream folded into one message, thinking included. */
async function foldOllamaStream(stream: AsyncIterable<ChatResponse>) {
  let content = '';
  let thinking = '';
  const calls: NonNullable<ChatResponse['message']['tool_calls']> = [];
  for await (const part of stream) {
    content += part.message.content;
    thinking += part.message.thinking ?? '';
    calls.push(...(part.message.tool_calls ?? []));
  }
  return { content, thinking, calls };
}

describe.each(['openai-compatible', 'ollama'] as const)('reasoning from a %s upstream', (upstream) => {
  const answer = [{ kind: 'text' as const, content: 'It is sunny.', reasoning: REASONING }];

  it('reaches an openai client as reasoning_content, not streamed', async () => {
    fixture = await startGateway(answer, { upstream });
    const completion = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
    const message = completion.choices[0]!.message;
    expect(message.content).toBe('It is sunny.');
    expect(reasoningOf(message)).toBe(REASONING);
    expect(message.tool_calls ?? []).toEqual([]);
  });

  it('reaches an openai client as reasoning_content deltas, streamed', async () => {
    fixture = await startGateway(answer, { upstream, chunkSize: 5 });
    const folded = await foldOpenAiStream(await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true }));
    expect(folded).toMatchObject({ content: 'It is sunny.', reasoning: REASONING, calls: [], finish: 'stop' });
  });

  it('reaches an ollama client as thinking, not streamed', async () => {
    fixture = await startGateway(answer, { upstream });
    const reply = await ollamaClientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: false, think: true });
    expect(reply.message.content).toBe('It is sunny.');
    expect(reply.message.thinking).toBe(REASONING);
  });

  it('reaches an ollama client as thinking, streamed', async () => {
    fixture = await startGateway(answer, { upstream, chunkSize: 5 });
    const folded = await foldOllamaStream(await ollamaClientOf(fixture).chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true, think: true }));
    expect(folded).toMatchObject({ content: 'It is sunny.', thinking: REASONING, calls: [] });
  });

  it('passes through a request without tools with its reasoning, whole and streamed', async () => {
    fixture = await startGateway([...answer, ...answer], { upstream, chunkSize: 5 });
    const completion = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES });
    expect(reasoningOf(completion.choices[0]!.message)).toBe(REASONING);
    const folded = await foldOllamaStream(await ollamaClientOf(fixture).chat({ model: 'm', messages: MESSAGES, stream: true }));
    expect(folded).toMatchObject({ content: 'It is sunny.', thinking: REASONING });
  });

  describe('a call at the end of the reasoning, the content empty', () => {
    const forgotten = [{ kind: 'text' as const, content: '', reasoning: `It is about Paris, so I check.\n${CALL}` }];

    it('arrives at an openai client as a structured call, not streamed', async () => {
      fixture = await startGateway(forgotten, { upstream });
      const completion = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
      const choice = completion.choices[0]!;
      const call = choice.message.tool_calls![0]!;
      expect(call.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(['get_weather', { city: 'Paris' }]);
      expect(choice.finish_reason).toBe('tool_calls');
      expect(reasoningOf(choice.message)).toBe('It is about Paris, so I check.');
      expect(fixture.chatRequests()).toBe(1);
    });

    it('arrives at an openai client as a structured call, streamed', async () => {
      fixture = await startGateway(forgotten, { upstream, chunkSize: 5 });
      const folded = await foldOpenAiStream(await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true }));
      expect(folded.calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['get_weather', { city: 'Paris' }]]);
      expect(folded).toMatchObject({ content: '', reasoning: 'It is about Paris, so I check.', finish: 'tool_calls' });
    });

    it('arrives at an ollama client as a structured call, whole and streamed', async () => {
      fixture = await startGateway([...forgotten, ...forgotten], { upstream, chunkSize: 5 });
      const client = ollamaClientOf(fixture);
      const reply = await client.chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: false });
      expect(reply.message.tool_calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }]);
      expect(reply.message.thinking).toBe('It is about Paris, so I check.');
      const folded = await foldOllamaStream(await client.chat({ model: 'm', messages: MESSAGES, tools: TOOLS_OLLAMA, stream: true }));
      expect(folded.calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }]);
      expect(folded.thinking).toBe('It is about Paris, so I check.');
    });
  });
});

describe('what stays reasoning', () => {
  it('a call the reasoning goes on after, or one an answer follows, whole and streamed', async () => {
    const thinking = `Maybe ${CALL} but I know the answer already.`;
    const steps = [
      { kind: 'text' as const, content: '', reasoning: thinking },
      { kind: 'text' as const, content: 'It is sunny.', reasoning: `Plan: ${CALL}` },
      { kind: 'text' as const, content: 'It is sunny.', reasoning: `Plan: ${CALL}` },
    ];
    fixture = await startGateway(steps, { chunkSize: 5 });
    const client = openAiClientOf(fixture);
    const first = await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
    expect(first.choices[0]!.message.tool_calls ?? []).toEqual([]);
    expect(reasoningOf(first.choices[0]!.message)).toBe(thinking);
    const second = await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
    expect(second.choices[0]!.message).toMatchObject({ content: 'It is sunny.' });
    expect(second.choices[0]!.message.tool_calls ?? []).toEqual([]);
    // Streamed, the answer's text went out before the reasoning was decided: it still says something.
    const third = await foldOpenAiStream(await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true }));
    expect(third).toMatchObject({ content: 'It is sunny.', reasoning: `Plan: ${CALL}`, calls: [], finish: 'stop' });
    expect(fixture.chatRequests()).toBe(3);
  });
});

describe('bad reasoning from the upstream', () => {
  it('ignores a reasoning field that is not a string', async () => {
    const body = { id: 'x', object: 'chat.completion', model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Sunny.', reasoning_content: { effort: 'high' }, reasoning: 42 }, finish_reason: 'stop' }] };
    fixture = await startGateway([{ kind: 'raw', status: 200, contentType: 'application/json', body: JSON.stringify(body) }]);
    const completion = await openAiClientOf(fixture).chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI });
    expect(completion.choices[0]!.message.content).toBe('Sunny.');
    expect(reasoningOf(completion.choices[0]!.message)).toBeUndefined();
  });

  it('bounds a huge reasoning like held text: gateway.max_buffered_bytes cuts it with ACODE-GTW-006, whole and streamed', async () => {
    const huge = { kind: 'text' as const, content: 'Sunny.', reasoning: 'x'.repeat(256 * 1024) };
    fixture = await startGateway([huge, huge], { maxBufferedBytes: 64 * 1024, chunkSize: 16 * 1024 });
    const client = openAiClientOf(fixture);
    const whole = await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(whole).toBeInstanceOf(OpenAI.APIError);
    expect((whole as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect(JSON.stringify((whole as InstanceType<typeof OpenAI.APIError>).error)).toContain('ACODE-GTW-006');
    // Streamed, nothing went out yet (reasoning comes first): still an HTTP status.
    const streamed = await client.chat.completions.create({ model: 'm', messages: MESSAGES, tools: TOOLS_OPENAI, stream: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(streamed).toBeInstanceOf(OpenAI.APIError);
    expect(JSON.stringify((streamed as InstanceType<typeof OpenAI.APIError>).error)).toContain('ACODE-GTW-006');
  });
});
