import type { JsonValue } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { runGatewayChat, type GatewayChatAnswer, type GatewayChatDependencies, type GatewayChatResult } from '../../src/gateway/gateway-chat.js';
import type { GatewayRequest, GatewayWire } from '../../src/gateway/gateway-request.js';
import { toolContract, type ToolContract } from '../../src/gateway/request-tool-contract.js';
import { createChatModelClient } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer, type ScriptStep } from '../../src/model-server/index.js';
import { closedPort, guardUnhandledRejections, settingsFor } from '../model-clients/support.js';

/** The gateway's pipeline end to end: the real model clients against the scripted model server on 127.0.0.1. */

guardUnhandledRejections();

const UPSTREAMS = [
  { type: 'ollama', chatPath: '/api/chat' },
  { type: 'openai-compatible', chatPath: '/v1/chat/completions' },
] as const;

/** Two tools whose wire names are not names of ours: `getWeather` → `get_weather`, `fs-read` → `fs_read`. */
function gatewayRequest(wire: GatewayWire = 'openai', extra: Partial<GatewayRequest> = {}): GatewayRequest {
  return {
    wire,
    model: 'llama3.2',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    tools: [
      { wireName: 'getWeather', description: 'Weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { wireName: 'fs-read', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    ],
    stream: false,
    parameters: {},
    ...extra,
  };
}

function contractOf(request: GatewayRequest): ToolContract {
  const result = toolContract(request.tools);
  if (!result.ok) throw new Error(`bad test tools: ${JSON.stringify(result.errors)}`);
  return result.contract;
}

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function answer(result: GatewayChatResult): GatewayChatAnswer {
  if (result.kind !== 'answer') throw new Error(`expected an answer, got ${result.kind}: ${result.message}`);
  return result;
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  return (request?.body ?? {}) as Record<string, unknown>;
}

/** The last message of a recorded chat request, as it went over the wire. */
function lastWireMessage(request: RecordedRequest | undefined): Record<string, unknown> {
  const messages = (bodyOf(request)['messages'] ?? []) as Array<Record<string, unknown>>;
  return messages[messages.length - 1] ?? {};
}

function call(name: string, args: string | object, extra: Partial<Extract<ScriptStep, { kind: 'tool_call' }>> = {}): ScriptStep {
  return { kind: 'tool_call', id: 'call_1', name, arguments: args, ...extra };
}

describe.each(UPSTREAMS)('runGatewayChat over real HTTP ($type upstream)', (upstream) => {
  async function run(script: readonly ScriptStep[], request = gatewayRequest(), deps: Partial<GatewayChatDependencies> = {}) {
    server = await startScriptedModelServer({ script });
    const client = createChatModelClient(settingsFor(upstream.type, server.url, { timeoutMs: 2_000 }));
    const result = await runGatewayChat({ request, contract: contractOf(request), correlationId: 'corr-gw' }, { upstream: client, sleep: async () => undefined, ...deps });
    const chats = server.requests.filter((recorded) => recorded.path === upstream.chatPath);
    return { result, chats };
  }

  it('broken JSON is repaired in one upstream request; the tools reach the upstream under their wire names', async () => {
    const { result, chats } = await run([call('getWeather', '{"city": "Paris",}', { usage: { promptTokens: 12, completionTokens: 4 } })]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(1);
    const tools = bodyOf(chats[0])['tools'] as Array<{ function: { name: string } }>;
    expect(tools.map((tool) => tool.function.name)).toEqual(['getWeather', 'fs-read']);
    expect(reply.toolCalls).toEqual([{ id: expect.any(String), wireName: 'getWeather', arguments: { city: 'Paris' } }]);
    expect(reply.finishReason).toBe('tool_calls');
    expect(reply.usage).toEqual({ promptTokens: 12, completionTokens: 4, totalTokens: 16 });
    expect(report).toMatchObject({ attempts: 1, outcome: 'repaired' });
    expect(report.repairs.length).toBeGreaterThan(0);
    expect(report.invalid).toBeUndefined();
  });

  it('a Hermes <tool_call> written in the text becomes a structured call and leaves the content', async () => {
    const content = 'Let me check.\n<tool_call>{"name": "getWeather", "arguments": {"city": "Paris"}}</tool_call>';
    const { result, chats } = await run([{ kind: 'text', content }]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(1);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(reply.content).not.toContain('tool_call');
    expect(reply.content.trim()).toBe('Let me check.');
    expect(reply.finishReason).toBe('tool_calls');
    expect(report.outcome).not.toBe('failed');
  });

  it('invalid arguments: one retry, a valid call, usage summed over both requests, attempts 2', async () => {
    const { result, chats } = await run([
      call('getWeather', { city: 42 }, { usage: { promptTokens: 10, completionTokens: 5 } }),
      call('getWeather', { city: 'Paris' }, { id: 'call_2', usage: { promptTokens: 20, completionTokens: 6 } }),
    ]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(reply.usage).toEqual({ promptTokens: 30, completionTokens: 11, totalTokens: 41 });
    expect(report).toMatchObject({ attempts: 2, outcome: 'retried' });
    const retry = lastWireMessage(chats[1]);
    expect(retry['role']).toBe('tool');
    expect(String(retry['content'])).toContain("Expected format for 'getWeather' tool:");
    // The retry keeps the tools under their wire names.
    expect((bodyOf(chats[1])['tools'] as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['getWeather', 'fs-read']);
  });

  it('an unknown tool is retried with the request\'s tool names in the message', async () => {
    const { result, chats } = await run([call('get_temperature', { city: 'Paris' }), call('getWeather', { city: 'Paris' })]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    const message = String(lastWireMessage(chats[1])['content']);
    expect(message).toContain("The tool 'get_temperature' you called does not exist. The tools you can call are: fs-read, getWeather.");
    expect(message).not.toMatch(/get_weather|fs_read/);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(report).toMatchObject({ attempts: 2, outcome: 'retried' });
    expect(report.perCall[0]?.errorCodes).toEqual(['ACODE-TLP-005']);
  });

  it('a retry answer that sends the answer\'s valid call again is not taken as a second call', async () => {
    const both = { kind: 'tool_calls', calls: [{ name: 'getWeather', arguments: { city: 'Paris' } }, { name: 'no_function', arguments: {} }] } as const;
    const again = { kind: 'tool_call', name: 'getWeather', arguments: { city: 'Paris' } } as const;
    const { result, chats } = await run([both, again, again], gatewayRequest(), { settings: { maxRetries: 2 } });
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    // One call, once: the unknown one stays refused, told to the client, never run as a duplicate.
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(report.invalid?.map((refused) => refused.code)).toEqual(['ACODE-TLP-005']);
  });

  it('a retry answer that repeats the valid call beside the fixed one gives the fixed one', async () => {
    const first = { kind: 'tool_calls', calls: [{ name: 'getWeather', arguments: { city: 'Paris' } }, { name: 'getWeather', arguments: { city: 3 } }] } as const;
    const whole = { kind: 'tool_calls', calls: [{ name: 'getWeather', arguments: { city: 'Paris' } }, { name: 'getWeather', arguments: { city: 'Rome' } }] } as const;
    const { result } = await run([first, whole]);
    expect(answer(result).answer.toolCalls.map((made) => made.arguments)).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
  });

  it('a call cut by the token limit (finish reason length) is asked for again', async () => {
    const { result, chats } = await run([call('getWeather', '{"city": "Par', { finishReason: 'length' }), call('getWeather', { city: 'Paris' })]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    expect(report.perCall[0]?.errorCodes).toEqual(['ACODE-TLP-010']);
    expect(report).toMatchObject({ attempts: 2, outcome: 'retried' });
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
  });

  it('retries exhausted: outcome failed, the invalid reasons, the arguments as last written and the usage of every attempt', async () => {
    const { result, chats } = await run([call('getWeather', { city: 1 }), call('getWeather', { city: 2 }, { id: 'call_last', usage: { promptTokens: 1, completionTokens: 1 } })], gatewayRequest(), {
      settings: { maxRetries: 2 },
    });
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    expect(report.outcome).toBe('failed');
    expect(report.attempts).toBe(2);
    expect(report.invalid).toEqual([
      { code: 'ACODE-TLP-004', message: expect.stringContaining('getWeather'), reason: 'invalid', index: 0, tool: 'getWeather', rawArguments: expect.stringContaining('"city":2') },
    ]);
    expect(reply.toolCalls).toEqual([]);
    // The first attempt's 15 tokens and the last one's 2.
    expect(reply.usage.totalTokens).toBe(15 + 2);
  });

  it('a call naming the tool by our name (get_weather for getWeather) is understood and answered under the client\'s name', async () => {
    const { result, chats } = await run([call('get_weather', { city: 'Paris' })]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(1);
    expect(reply.toolCalls).toEqual([expect.objectContaining({ wireName: 'getWeather', arguments: { city: 'Paris' } })]);
    expect(report.outcome).toBe('success');
  });

  it('several calls: the valid one kept, the invalid one retried, each under its wire name', async () => {
    const { result, chats } = await run([
      { kind: 'tool_calls', calls: [{ name: 'fs-read', arguments: { path: 'a.txt' } }, { name: 'getWeather', arguments: {} }] },
      call('getWeather', { city: 'Oslo' }),
    ]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(2);
    expect(reply.toolCalls.map((made) => [made.wireName, made.arguments])).toEqual([
      ['fs-read', { path: 'a.txt' }],
      ['getWeather', { city: 'Oslo' }],
    ]);
    expect(new Set(reply.toolCalls.map((made) => made.id)).size).toBe(2);
    expect(report.perCall.map((made) => made.outcome)).toEqual(['success', 'retried']);
  });

  it('an aborted request comes back as cancelled', async () => {
    server = await startScriptedModelServer({ script: [{ kind: 'slow', delayMs: 5_000, then: { kind: 'text', content: 'late' } }] });
    const request = gatewayRequest();
    const client = createChatModelClient(settingsFor(upstream.type, server.url, { timeoutMs: 2_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await runGatewayChat({ request, contract: contractOf(request), signal: controller.signal }, { upstream: client });
    expect(result).toMatchObject({ kind: 'cancelled', code: 'ACODE-MDL-007' });
  });

  it('a content-only answer is untouched', async () => {
    const content = 'It is sunny in Paris. {"not": "a call"} — 晴れ';
    const { result, chats } = await run([{ kind: 'text', content }]);
    const { answer: reply, report } = answer(result);
    expect(chats).toHaveLength(1);
    expect(reply).toMatchObject({ content, toolCalls: [], finishReason: 'stop', model: 'llama3.2' });
    expect(report).toMatchObject({ attempts: 1, outcome: 'success', repairs: [] });
  });

  it('an upstream 500 is a typed upstream_error, not a throw', async () => {
    const { result } = await run([{ kind: 'http_error', status: 500, message: 'boom' }]);
    expect(result).toMatchObject({ kind: 'upstream_error', code: 'ACODE-MDL-003', status: 500, attempts: 1 });
  });

  it('a 500 on the retry is a typed failure too, with the tokens of the first answer', async () => {
    const { result } = await run([call('getWeather', { city: 42 }), { kind: 'http_error', status: 500, message: 'boom' }]);
    expect(result).toMatchObject({ kind: 'upstream_error', attempts: 2, usage: { totalTokens: 15 } });
  });

  it('a refused connection is upstream_unreachable', async () => {
    const port = await closedPort();
    const request = gatewayRequest();
    const client = createChatModelClient(settingsFor(upstream.type, `http://127.0.0.1:${port}`, { timeoutMs: 2_000 }));
    const result = await runGatewayChat({ request, contract: contractOf(request) }, { upstream: client });
    expect(result).toMatchObject({ kind: 'upstream_unreachable', code: 'ACODE-MDL-001', attempts: 1 });
  });

  it('a stalled upstream is upstream_timeout', async () => {
    server = await startScriptedModelServer({ script: [{ kind: 'slow', delayMs: 5_000, then: { kind: 'text', content: 'late' } }] });
    const request = gatewayRequest();
    const client = createChatModelClient(settingsFor(upstream.type, server.url, { timeoutMs: 200 }));
    const result = await runGatewayChat({ request, contract: contractOf(request) }, { upstream: client });
    expect(result).toMatchObject({ kind: 'upstream_timeout', code: 'ACODE-MDL-002' });
  });
});

describe('runGatewayChat: parameters and history reach the upstream', () => {
  const history: GatewayRequest['messages'] = [
    { role: 'user', content: 'Read a.txt' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'fs-read', arguments: '{"path":"a.txt"}' }] },
    { role: 'tool', content: 'hello', toolCallId: 'call_0', toolName: 'fs-read' },
  ];

  async function send(type: 'ollama' | 'openai-compatible', wire: GatewayWire, parameters: Record<string, JsonValue>) {
    server = await startScriptedModelServer({ script: [{ kind: 'text', content: 'ok' }] });
    const request = gatewayRequest(wire, { messages: history, parameters });
    const client = createChatModelClient(settingsFor(type, server.url, { timeoutMs: 2_000 }));
    answer(await runGatewayChat({ request, contract: contractOf(request) }, { upstream: client }));
    return bodyOf(server.requests[0]);
  }

  it('OpenAI client to an OpenAI upstream: parameters verbatim, history under the client\'s names', async () => {
    const body = await send('openai-compatible', 'openai', { temperature: 0.2, max_tokens: 50, tool_choice: 'auto', user: 'u1' });
    expect(body).toMatchObject({ temperature: 0.2, max_tokens: 50, tool_choice: 'auto', user: 'u1', stream: false });
    expect((body['messages'] as unknown[])[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'fs-read', arguments: '{"path":"a.txt"}' } }],
    });
  });

  it('OpenAI client to an Ollama upstream: the common parameters mapped under options', async () => {
    const body = await send('ollama', 'openai', { temperature: 0.2, max_tokens: 50, tool_choice: 'auto', response_format: { type: 'json_object' } });
    expect(body['options']).toEqual({ temperature: 0.2, num_predict: 50 });
    expect(body['format']).toBe('json');
    expect(body).not.toHaveProperty('tool_choice');
    expect((body['messages'] as unknown[])[2]).toEqual({ role: 'tool', content: 'hello', tool_name: 'fs-read' });
  });

  it('Ollama client to an Ollama upstream: parameters verbatim', async () => {
    const body = await send('ollama', 'ollama', { options: { num_ctx: 4096, temperature: 0 }, keep_alive: '5m' });
    expect(body).toMatchObject({ options: { num_ctx: 4096, temperature: 0 }, keep_alive: '5m', stream: false });
  });

  it('Ollama client to an OpenAI upstream: options top-level, num_predict as max_tokens', async () => {
    const body = await send('openai-compatible', 'ollama', { options: { num_predict: 64, top_p: 0.5 }, keep_alive: '5m' });
    expect(body).toMatchObject({ max_tokens: 64, top_p: 0.5 });
    expect(body).not.toHaveProperty('keep_alive');
    expect(body).not.toHaveProperty('options');
  });

  it('a request without tools is passed through untouched', async () => {
    server = await startScriptedModelServer({ script: [{ kind: 'text', content: '<tool_call>{"name": "x", "arguments": {}}</tool_call>' }] });
    const request = gatewayRequest('openai', { tools: [] });
    const client = createChatModelClient(settingsFor('openai-compatible', server.url, { timeoutMs: 2_000 }));
    const { answer: reply, report } = answer(await runGatewayChat({ request, contract: contractOf(request) }, { upstream: client }));
    expect(reply.content).toBe('<tool_call>{"name": "x", "arguments": {}}</tool_call>');
    expect(reply.toolCalls).toEqual([]);
    expect(report).toMatchObject({ attempts: 1, outcome: 'success' });
    expect(bodyOf(server.requests[0])).not.toHaveProperty('tools');
  });
});
