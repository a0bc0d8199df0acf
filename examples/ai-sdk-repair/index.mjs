// What this shows: `createRepairToolCall` as the AI SDK's `experimental_repairToolCall`.
// A local model server (the scripted model server, on 127.0.0.1) answers with a tool call whose
// JSON is broken (single quotes, a trailing comma): the AI SDK cannot parse it, our repairer can,
// so the tool's `execute` receives the arguments the model meant (the default `unit` applied).
// Then it answers with JSON that has two readings (`{"city": 'Paris}`): that one is not repaired
// into a call, and `execute` never runs.
import assert from 'node:assert/strict';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createRepairToolCall } from '@acode/adapters/ai-sdk';
import { startScriptedModelServer } from '@acode/infrastructure/testing';
import { generateText, jsonSchema, tool } from 'ai';

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

const server = await startScriptedModelServer({
  script: [
    { kind: 'tool_call', name: 'get_weather', arguments: "{'city': 'Paris',}" },
    { kind: 'tool_call', name: 'get_weather', arguments: `{"city": 'Paris}` },
  ],
});
try {
  const model = createOpenAICompatible({ name: 'local', baseURL: `${server.url}/v1` })('llama3.2');
  const received = [];
  const tools = {
    get_weather: tool({
      description: getWeather.description,
      inputSchema: jsonSchema(getWeather.parameters),
      execute: async (input) => {
        received.push(input);
        return { temperature: 21, unit: input.unit };
      },
    }),
  };
  const repair = createRepairToolCall({ tools: [getWeather] });

  const repaired = await generateText({ model, tools, prompt: 'Weather in Paris?', experimental_repairToolCall: repair });
  assert.deepEqual(received, [{ city: 'Paris', unit: 'c' }]);
  assert.equal(repaired.toolResults.length, 1);

  const ambiguous = await generateText({ model, tools, prompt: 'Weather in Paris?', experimental_repairToolCall: repair });
  assert.equal(received.length, 1, 'a call with two readings must not run');
  const refusal = ambiguous.content.find((part) => part.type === 'tool-error');
  assert.ok(refusal, 'the SDK reports the call it could not parse');

  console.log(`repaired: ${JSON.stringify(received[0])}; ambiguous call refused: ${String(refusal.error).split(':')[0]}`);
} finally {
  await server.close();
}
