import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { weatherTools } from './front-helpers.js';
import { startGateway, type GatewayFixture } from './gateway-fixture.js';

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** The AI SDK's OpenAI-compatible provider pointed at the gateway, as a user configures it. */
function gatewayProvider(f: GatewayFixture) {
  return createOpenAICompatible({ name: 'gateway', baseURL: `${f.host.baseUrl}/v1`, apiKey: 'unused' });
}


describe('the Vercel AI SDK pointed at the gateway', () => {
  it('generateText: the tool execute receives the repaired arguments', async () => {
    // A broken structured call first (repaired by the gateway), then the model's final text after the tool result.
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' },
      { kind: 'text', content: 'It is 21 degrees in Paris.' },
    ]);
    const received: unknown[] = [];
    const provider = gatewayProvider(fixture);
    const result = await generateText({
      model: provider('m'),
      prompt: 'Weather in Paris?',
      tools: weatherTools(received),
      stopWhen: ({ steps }) => steps.length >= 2,
    });
    expect(received).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe('It is 21 degrees in Paris.');
    expect(fixture.chatRequests()).toBe(2);
  });

  it('streamText: the tool execute receives the repaired arguments, and the text after the tool result streams', async () => {
    // Streamed requests both times: a broken structured call first (repaired by the gateway), then the final text.
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' },
      { kind: 'text', content: 'It is 21 degrees in Paris.' },
    ]);
    const received: unknown[] = [];
    const errors: unknown[] = [];
    const provider = gatewayProvider(fixture);
    const result = streamText({
      model: provider('m'),
      prompt: 'Weather in Paris?',
      tools: weatherTools(received),
      stopWhen: ({ steps }) => steps.length >= 2,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    let streamed = '';
    for await (const delta of result.textStream) streamed += delta;
    expect(errors).toEqual([]);
    expect(received).toEqual([{ city: 'Paris' }]);
    expect(streamed).toBe('It is 21 degrees in Paris.');
    expect(await result.text).toBe('It is 21 degrees in Paris.');
    expect(fixture.chatRequests()).toBe(2);
    // The SDK's second request carries the call as the client received it (repaired) and the tool's result.
    const second = fixture.model.requests.filter((request) => request.path === '/v1/chat/completions')[1]!.body as {
      messages: Array<{ role: string; content?: unknown; tool_calls?: Array<{ function: { name: string; arguments: string } }> }>;
    };
    const echoed = second.messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    expect(echoed?.function.name).toBe('get_weather');
    expect(JSON.parse(echoed!.function.arguments)).toEqual({ city: 'Paris' });
    expect(JSON.stringify(second.messages.find((message) => message.role === 'tool')?.content)).toContain('21');
  });
});
