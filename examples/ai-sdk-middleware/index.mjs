// What this shows: `acodeToolCallMiddleware` wrapped around an AI SDK model with
// `wrapLanguageModel`. The model (the scripted model server, on 127.0.0.1) writes its tool call
// into the text, as many local models do (`<tool_call>{...}</tool_call>`, with a trailing comma);
// the middleware takes it out of the text, repairs and validates it, and the AI SDK runs the tool,
// in `generateText` and in `streamText` (where the text before the call still streams). A call cut
// by the length limit is refused: `execute` never sees it.
import assert from 'node:assert/strict';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { acodeToolCallMiddleware } from '@acode/adapters/ai-sdk';
import { startScriptedModelServer } from '@acode/infrastructure/testing';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';

const getWeather = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  version: '1.0.0',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
    required: ['city'],
  },
};

const textCall = (city) => `Let me check. <tool_call>{"name": "get_weather", "arguments": {"city": "${city}",}}</tool_call>`;
const server = await startScriptedModelServer({
  script: [
    { kind: 'text', content: textCall('Oslo') },
    { kind: 'text', content: textCall('Lima') },
    { kind: 'tool_call', name: 'get_weather', arguments: '{"city": "Ber', finishReason: 'length' },
  ],
});
try {
  const model = wrapLanguageModel({
    model: createOpenAICompatible({ name: 'local', baseURL: `${server.url}/v1` })('qwen2.5'),
    middleware: acodeToolCallMiddleware({ tools: [getWeather] }),
  });
  const received = [];
  const tools = {
    get_weather: tool({
      description: getWeather.description,
      inputSchema: jsonSchema(getWeather.parameters),
      execute: async (input) => {
        received.push(input);
        return { temperature: 18 };
      },
    }),
  };

  const generated = await generateText({ model, tools, prompt: 'Weather in Oslo?' });
  assert.equal(generated.text, 'Let me check.');
  assert.equal(generated.toolCalls[0].toolName, 'get_weather');

  const streamed = streamText({ model, tools, prompt: 'Weather in Lima?' });
  let text = '';
  for await (const delta of streamed.textStream) text += delta;
  assert.equal(text, 'Let me check. ');

  const cut = await generateText({ model, tools, prompt: 'Weather in Berlin?' });
  const cutError = cut.content.find((part) => part.type === 'tool-error');
  assert.ok(cutError, 'a call cut by the length limit must not run');
  // The model reads our reason in the tool error, and can send the call again.
  assert.match(String(cutError.error), /ACODE-TLP-010/);

  assert.deepEqual(received, [
    { city: 'Oslo', unit: 'c' },
    { city: 'Lima', unit: 'c' },
  ]);
  console.log(`text-written calls run: ${received.map((r) => r.city).join(', ')}; cut call refused: ACODE-TLP-010`);
} finally {
  await server.close();
}
