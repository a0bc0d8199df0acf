import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

let fixture: GatewayFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe('the Vercel AI SDK pointed at the gateway', () => {
  it('generateText: the tool execute receives the repaired arguments', async () => {
    // A broken structured call first (repaired by the gateway), then the model's final text after the tool result.
    fixture = await startGateway([
      { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Paris",' },
      { kind: 'text', content: 'It is 21 degrees in Paris.' },
    ]);
    const received: unknown[] = [];
    const provider = createOpenAICompatible({ name: 'gateway', baseURL: `${fixture.host.baseUrl}/v1`, apiKey: 'unused' });
    const result = await generateText({
      model: provider('m'),
      prompt: 'Weather in Paris?',
      tools: {
        get_weather: tool({
          description: 'Weather of a city',
          // No `validate`: the SDK does not check the arguments itself; the gateway did.
          inputSchema: jsonSchema<{ city: string }>({ ...WEATHER_PARAMETERS, required: ['city'] }),
          execute: async (input) => {
            received.push(input);
            return { temperature: 21 };
          },
        }),
      },
      stopWhen: ({ steps }) => steps.length >= 2,
    });
    expect(received).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe('It is 21 degrees in Paris.');
    expect(fixture.chatRequests()).toBe(2);
  });
});
