import { afterEach, describe, expect, it } from 'vitest';
import { runGatewayChat, type GatewayChatAnswer, type GatewayChatResult } from '../../src/gateway/gateway-chat.js';
import type { GatewayRequest } from '../../src/gateway/gateway-request.js';
import { toolContract } from '../../src/gateway/request-tool-contract.js';
import { createChatModelClient } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer, type ScriptStep } from '../../src/model-server/index.js';
import { guardUnhandledRejections, settingsFor } from '../model-clients/support.js';

/** The gateway's pipeline for a streamed client request: the upstream streams, text is forwarded as it comes, calls are judged as they come. */

guardUnhandledRejections();

const WEATHER = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'], additionalProperties: false };

function streamedRequest(): GatewayRequest {
  return {
    wire: 'openai',
    model: 'llama3.2',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    tools: [
      { wireName: 'getWeather', description: 'Weather for a city.', parameters: WEATHER },
      { wireName: 'fs-read', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    ],
    stream: true,
    parameters: {},
  };
}

/** Long enough that the upstream is still writing the call when the gateway stops it (7 bytes per write). */
const LONG_TAIL = 'x'.repeat(400);

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(script: readonly ScriptStep[], type: 'openai-compatible' | 'ollama' = 'openai-compatible') {
  server = await startScriptedModelServer({ script });
  const request = streamedRequest();
  const contract = toolContract(request.tools);
  if (!contract.ok) throw new Error('bad tools');
  const forwarded: string[] = [];
  const result = await runGatewayChat(
    { request, contract: contract.contract, stream: { onContent: (text) => forwarded.push(text) } },
    { upstream: createChatModelClient(settingsFor(type, server.url, { timeoutMs: 2_000 })), sleep: async () => undefined },
  );
  const chats = server.requests.filter((recorded) => recorded.path.endsWith('/chat') || recorded.path.endsWith('/chat/completions'));
  return { result, chats, forwarded };
}

function answer(result: GatewayChatResult): GatewayChatAnswer {
  if (result.kind !== 'answer') throw new Error(`expected an answer, got ${result.kind}: ${result.message}`);
  return result;
}

function lastMessage(request: RecordedRequest | undefined): string {
  const messages = ((request?.body as { messages?: Array<{ content?: unknown }> } | undefined)?.messages ?? []);
  return String(messages[messages.length - 1]?.content ?? '');
}

describe.each(['openai-compatible', 'ollama'] as const)('runGatewayChat, streamed (%s upstream)', (type) => {
  it('asks the upstream for a stream and forwards the text in pieces, the whole of it when it holds no call', async () => {
    const content = 'Paris is sunny today, about 21 degrees, with a light wind from the west.';
    const { result, chats, forwarded } = await run([{ kind: 'text', content }], type);
    expect((chats[0]?.body as { stream?: unknown }).stream).toBe(true);
    expect(forwarded.length).toBeGreaterThan(1);
    expect(forwarded.join('')).toBe(content);
    // All of it went out as it came: the answer's text is what is left to send, nothing.
    expect(answer(result).answer.content).toBe('');
  });

  it('a stream of text cut by the upstream is an answer of the text that went out, not a failure', async () => {
    const content = 'A long answer that streams on and on without any call in it, until the connection drops.';
    const { result, forwarded } = await run([{ kind: 'cut_stream', afterBytes: 600, then: { kind: 'text', content } }], type);
    expect(result.kind).toBe('answer');
    expect(forwarded.join('').length).toBeGreaterThan(0);
    expect(content.startsWith(forwarded.join(''))).toBe(true);
  });

  it('forwards the text before a call written in it, never the call; the call arrives structured', async () => {
    const content = 'Let me check that for you. <tool_call>{"name": "getWeather", "arguments": {"city": "Paris"}}</tool_call>';
    const { result, forwarded } = await run([{ kind: 'text', content }], type);
    const sent = forwarded.join('');
    // The blank before the call waits with it, so the text ends as the unstreamed answer's does.
    expect(sent).toBe('Let me check that for you.');
    const { answer: reply } = answer(result);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(`${sent}${reply.content}`.trim()).toBe('Let me check that for you.');
  });

  it('asks again for an unknown tool; only the first answer\'s text is forwarded', async () => {
    const { result, chats, forwarded } = await run(
      [
        { kind: 'tool_call', name: 'get_temperature', arguments: { city: 'Paris', note: LONG_TAIL }, content: 'First answer. ' },
        { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris' }, content: 'Second answer. ' },
      ],
      type,
    );
    expect(chats).toHaveLength(2);
    expect(lastMessage(chats[1])).toContain('The tools you can call are: fs-read, getWeather.');
    // The space at the end may begin a marker (harmony's ` to=functions.`): it waits for the decided answer.
    expect(`${forwarded.join('')}${answer(result).answer.content}`.trim()).toBe('First answer.');
    expect(answer(result).answer.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
  });
});

describe('early abort (OpenAI-compatible upstream, whose calls stream in pieces)', () => {
  it('stops the upstream at a complete unknown tool name and asks again at once; the tokens saved are counted', async () => {
    const { result, chats } = await run([
      { kind: 'tool_call', name: 'get_temperature', arguments: { city: 'Paris', note: LONG_TAIL } },
      { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris', days: 3 }, usage: { promptTokens: 40, completionTokens: 300 } },
    ]);
    expect(chats).toHaveLength(2);
    // The upstream saw the gateway hang up before it finished writing the first answer.
    expect(chats[0]?.clientHungUp).toBe(true);
    expect(chats[1]?.clientHungUp).toBe(false);
    expect(lastMessage(chats[1])).toContain("The tool 'get_temperature' you called does not exist.");
    const { answer: reply, report } = answer(result);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris', days: 3 } })]);
    expect(report).toMatchObject({ attempts: 2, outcome: 'retried', earlyAborts: 1 });
    // 300 tokens for the call that replaced it, less the few fragments received before the stop.
    expect(report.tokensSaved).toBeGreaterThan(250);
    expect(report.tokensSaved).toBeLessThan(300);
  });

  it('stops at a completed property the schema forbids, and the retry message names it', async () => {
    const { result, chats } = await run([
      { kind: 'tool_call', name: 'getWeather', arguments: { country: 'FR', city: 'Paris', note: LONG_TAIL } },
      { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris' } },
    ]);
    expect(chats[0]?.clientHungUp).toBe(true);
    expect(lastMessage(chats[1])).toContain('country');
    expect(answer(result).report).toMatchObject({ attempts: 2, earlyAborts: 1 });
  });

  it('stops at a completed value of the wrong type', async () => {
    const { result, chats } = await run([
      { kind: 'tool_call', name: 'getWeather', arguments: { days: 2.5, city: 'Paris', note: LONG_TAIL } },
      { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris', days: 2 } },
    ]);
    expect(chats[0]?.clientHungUp).toBe(true);
    expect(answer(result).answer.toolCalls).toEqual([expect.objectContaining({ arguments: { city: 'Paris', days: 2 } })]);
  });

  it('lets a call that may still validate run to its end: an invalid value of the right type is judged whole', async () => {
    const { result, chats } = await run([
      { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris', days: 'three' } },
      { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris', days: 3 } },
    ]);
    // A string for an integer may be a stringified value: not judged early, so the first answer ends.
    expect(chats[0]?.clientHungUp).toBe(false);
    expect(answer(result).report).toMatchObject({ attempts: 2, earlyAborts: 0, tokensSaved: 0 });
  });
});
