import { afterEach, describe, expect, it } from 'vitest';
import { runGatewayChat, type GatewayChatAnswer, type GatewayChatResult } from '../../src/gateway/gateway-chat.js';
import type { GatewayRequest } from '../../src/gateway/gateway-request.js';
import { toolContract } from '../../src/gateway/request-tool-contract.js';
import { createChatModelClient } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptStep } from '../../src/model-server/index.js';
import { guardUnhandledRejections, settingsFor } from '../model-clients/support.js';

/** A bare pythonic call opening a streamed answer (no trigger character in it): held back, never forwarded, handed over as a call. */

guardUnhandledRejections();

const WEATHER = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'], additionalProperties: false };

function streamedRequest(): GatewayRequest {
  return {
    wire: 'openai',
    model: 'llama3.2',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    tools: [{ wireName: 'getWeather', description: 'Weather for a city.', parameters: WEATHER }],
    stream: true,
    parameters: {},
  };
}

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(script: readonly ScriptStep[], type: 'openai-compatible' | 'ollama') {
  server = await startScriptedModelServer({ script });
  const request = streamedRequest();
  const contract = toolContract(request.tools);
  if (!contract.ok) throw new Error('bad tools');
  const forwarded: string[] = [];
  const result = await runGatewayChat(
    { request, contract: contract.contract, stream: { onContent: (text) => forwarded.push(text) } },
    { upstream: createChatModelClient(settingsFor(type, server.url, { timeoutMs: 2_000 })), sleep: async () => undefined },
  );
  return { result, forwarded, chats: server.requests.filter((recorded) => recorded.path.endsWith('/chat') || recorded.path.endsWith('/chat/completions')) };
}

function answer(result: GatewayChatResult): GatewayChatAnswer {
  if (result.kind !== 'answer') throw new Error(`expected an answer, got ${result.kind}: ${result.message}`);
  return result;
}

describe.each(['openai-compatible', 'ollama'] as const)('runGatewayChat, a bare call streamed (%s upstream)', (type) => {
  it('holds a bare call opening the answer back whole and hands it over as a call', async () => {
    const { result, forwarded } = await run([{ kind: 'text', content: "getWeather(city='Paris', days=2)" }], type);
    expect(forwarded.join('')).toBe('');
    const { answer: reply } = answer(result);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris', days: 2 } })]);
    expect(reply.content).toBe('');
  });

  it('hands over the real call of a list and tells the model of the no_function beside it', async () => {
    const { result, chats } = await run(
      [
        { kind: 'text', content: "[getWeather(city='Paris'), no_function()]" },
        { kind: 'text', content: "getWeather(city='Paris')" },
      ],
      type,
    );
    const { answer: reply } = answer(result);
    // The real call is kept; the model is asked again about the unknown one (the retry handler's rules).
    expect(reply.toolCalls[0]).toEqual(expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } }));
    expect(chats).toHaveLength(2);
    expect(JSON.stringify(chats[1]?.body)).toContain("Unknown tool 'no_function'");
  });

  it('forwards prose that only begins with the tool name', async () => {
    const content = 'getWeather is the tool I would use, but Paris is sunny today.';
    const { result, forwarded } = await run([{ kind: 'text', content }], type);
    const { answer: reply } = answer(result);
    expect(reply.toolCalls).toEqual([]);
    expect(`${forwarded.join('')}${reply.content}`).toBe(content);
  });
});
