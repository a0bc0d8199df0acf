import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, isStepCount, jsonSchema, streamText, tool, type LanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';
import { chatRequestsOf, HERMES_BROKEN, messageText, upstreamMessages, UPSTREAMS, weatherTools, type UpstreamType } from './front-helpers.js';

/*
 * The Vercel AI SDK's Anthropic provider and OpenAI Responses provider pointed at the gateway's
 * /v1/messages and /v1/responses: the upstream writes a broken call in its text, the tool's
 * `execute` receives the repaired arguments, and the final text is the upstream's second answer.
 */

const FINAL = 'It is 21 degrees in Paris.';

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const PROVIDERS: ReadonlyArray<{ name: string; model: (f: GatewayFixture) => LanguageModel }> = [
  { name: 'anthropic (/v1/messages)', model: (f) => createAnthropic({ baseURL: `${f.host.baseUrl}/v1`, apiKey: 'unused' })('claude-test') },
  { name: 'openai responses (/v1/responses)', model: (f) => createOpenAI({ baseURL: `${f.host.baseUrl}/v1`, apiKey: 'unused' }).responses('gpt-test') },
];

const CASES = PROVIDERS.flatMap((provider) => UPSTREAMS.map((upstream) => ({ ...provider, upstream })));

/** The second upstream request holds the call as the client received it (repaired) and the tool's result. */
function expectToolResultUpstream(f: GatewayFixture, upstream: UpstreamType): void {
  const messages = upstreamMessages(chatRequestsOf(f)[1]!);
  const assistant = messages.find((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0);
  const call = assistant?.tool_calls?.[0];
  expect(call?.function.name).toBe('get_weather');
  const args = call!.function.arguments;
  expect(typeof args === 'string' ? JSON.parse(args) : args).toEqual({ city: 'Paris' });
  const result = messages.find((message) => message.role === 'tool');
  expect(messageText(result)).toContain('21');
  if (upstream === 'ollama') expect(result?.tool_name).toBe('get_weather');
  else expect(result?.tool_call_id).toBe(call!.id);
}

describe.each(CASES)('the AI SDK $name, $upstream upstream', ({ name, model, upstream }) => {
  it('generateText: execute receives the repaired arguments; the final text is the second answer', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: HERMES_BROKEN },
        { kind: 'text', content: FINAL },
      ],
      { upstream },
    );
    const received: unknown[] = [];
    const result = await generateText({ model: model(fixture), prompt: 'Weather in Paris?', tools: weatherTools(received), stopWhen: isStepCount(2) });
    expect(received).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe(FINAL);
    expect(result.steps).toHaveLength(2);
    expect(fixture.chatRequests()).toBe(2);
    expectToolResultUpstream(fixture, upstream);
  });

  it('streamText: execute receives the repaired arguments; the final text streams', async () => {
    fixture = await startGateway(
      [
        { kind: 'text', content: HERMES_BROKEN },
        { kind: 'text', content: FINAL },
      ],
      { upstream },
    );
    const received: unknown[] = [];
    const errors: unknown[] = [];
    const result = streamText({
      model: model(fixture),
      prompt: 'Weather in Paris?',
      tools: weatherTools(received),
      stopWhen: isStepCount(2),
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    let streamed = '';
    for await (const delta of result.textStream) streamed += delta;
    expect(errors).toEqual([]);
    expect(received).toEqual([{ city: 'Paris' }]);
    expect(streamed.trim()).toBe(FINAL);
    expect(await result.text).toBe(FINAL);
    expect(fixture.chatRequests()).toBe(2);
    expectToolResultUpstream(fixture, upstream);
  });

  /*
   * Text before the call gives the first answer a message item. The Responses provider, with
   * `store` on (its default), sends that item back as an `item_reference` to its id: the gateway
   * must find it among the responses it stored. The front resolves references given the host's
   * store (readResponsesRequest's `storedResponse`); the route must pass it (see the report).
   */
  for (const stream of [false, true]) {
    it(`${stream ? 'streamText' : 'generateText'}: text, then a call in the same answer, then the final text (the SDK's default store)`, async () => {
      fixture = await startGateway(
        [
          { kind: 'text', content: `Let me look that up. ${HERMES_BROKEN}` },
          { kind: 'text', content: FINAL },
        ],
        { upstream },
      );
      const received: unknown[] = [];
      const errors: unknown[] = [];
      const options = { model: model(fixture), prompt: 'Weather in Paris?', tools: weatherTools(received), stopWhen: isStepCount(2) };
      let steps: Array<{ text: string }>;
      let text: string;
      let streamed = '';
      if (stream) {
        const result = streamText({ ...options, onError: ({ error }) => void errors.push(error) });
        for await (const delta of result.textStream) streamed += delta;
        steps = await result.steps;
        text = await result.text;
      } else {
        const result = await generateText(options);
        steps = result.steps;
        text = result.text;
      }
      expect(errors).toEqual([]);
      expect(received).toEqual([{ city: 'Paris' }]);
      expect(steps[0]!.text.trim()).toBe('Let me look that up.');
      expect(text).toBe(FINAL);
      // The SDK joins the steps' text deltas as they came.
      if (stream) expect(streamed).toBe(steps[0]!.text + FINAL);
      expectToolResultUpstream(fixture, upstream);
      if (name.startsWith('openai')) {
        // The assistant's text of the first answer reached the upstream again, whether sent or referenced.
        const assistant = upstreamMessages(chatRequestsOf(fixture)[1]!).find((message) => message.role === 'assistant');
        expect(messageText(assistant).trim()).toBe('Let me look that up.');
      }
    });
  }
});
