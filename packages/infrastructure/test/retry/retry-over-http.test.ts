import { ToolCallRetryExhaustedException } from '@acode/application';
import type { ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModelClient } from '../../src/model-clients/index.js';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer, type ScriptStep } from '../../src/model-server/index.js';
import { guardUnhandledRejections, settingsFor } from '../model-clients/support.js';
import { newHandler } from './retry-fixture.js';

/** 002's scenarios end to end: the real adapters against the scripted model server on 127.0.0.1. */

guardUnhandledRejections();

const FORMATS = [
  { type: 'ollama', chatPath: '/api/chat' },
  { type: 'openai-compatible', chatPath: '/v1/chat/completions' },
] as const;

const REQUEST: ChatRequest = {
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Show me package.json' }],
  tools: [{ name: 'file_read', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }],
};

/** Text no repair can turn into JSON. */
const GARBAGE = '<<not json>>';

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function call(args: string | object, tokens: number): ScriptStep {
  return { kind: 'tool_call', id: 'call_1', name: 'read_file', arguments: args, usage: { promptTokens: tokens, completionTokens: 1 } };
}

/** The last message of a recorded chat request, as it went over the wire. */
function lastWireMessage(request: RecordedRequest | undefined): Record<string, unknown> {
  const messages = (request?.body as { messages?: Array<Record<string, unknown>> } | undefined)?.messages ?? [];
  return messages[messages.length - 1] ?? {};
}

describe.each(FORMATS)('ToolCallRetryHandler over real HTTP ($type)', (format) => {
  async function run(script: readonly ScriptStep[], settings: Parameters<typeof newHandler>[0] = {}) {
    server = await startScriptedModelServer({ script });
    const client = createChatModelClient(settingsFor(format.type, server.url, { timeoutMs: 2_000 }));
    const { handler } = await newHandler(settings);
    const response = await client.chat(REQUEST);
    const chats = () => server?.requests.filter((request) => request.path === format.chatPath) ?? [];
    return { outcome: handler.handle({ client, chatRequest: REQUEST, response, provider: 'ollama' }), chats };
  }

  it('two failures then success: three requests in all, the tokens of all three summed', async () => {
    const { outcome, chats } = await run([call(GARBAGE, 100), call(GARBAGE, 200), call({ path: 'package.json' }, 300)], { settings: { maxRetries: 3 } });
    const result = await outcome;
    expect(chats()).toHaveLength(3);
    expect(result.attempts).toBe(3);
    expect(result.usage).toEqual({ promptTokens: 600, completionTokens: 3, totalTokens: 603 });
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' } })]);
  });

  it('always-fail with max_retries 2: the exhausted exception after exactly 2 requests', async () => {
    const { outcome, chats } = await run([call(GARBAGE, 1), call(GARBAGE, 1), call(GARBAGE, 1)], { settings: { maxRetries: 2 } });
    await expect(outcome).rejects.toBeInstanceOf(ToolCallRetryExhaustedException);
    expect(chats()).toHaveLength(2);
  });

  it('a validation failure is retried with the registry errors in the tool message sent', async () => {
    const { outcome, chats } = await run([call({ path: 42 }, 1), call({ path: 'a.txt' }, 1)]);
    expect((await outcome).perCall[0]?.outcome).toBe('retried');
    const sent = lastWireMessage(chats()[1]);
    expect(sent['role']).toBe('tool');
    expect(String(sent['content'])).toMatch(/^- \[ACODE-TSR-004\] \/path: .+\(expected: string.*\)$/m);
  });

  it('an unknown tool is not retried: one request in all', async () => {
    const { outcome, chats } = await run([{ kind: 'tool_call', name: 'hack_system', arguments: {} }]);
    expect((await outcome).parse.errors.map((error) => error.code)).toEqual(['ACODE-TLP-005']);
    expect(chats()).toHaveLength(1);
  });

  it('with auto-repair on, a trailing comma costs no model request', async () => {
    const { outcome, chats } = await run([call('{"path": "a.txt",}', 1)]);
    expect((await outcome).perCall[0]).toMatchObject({ outcome: 'repaired', retryCount: 0 });
    expect(chats()).toHaveLength(1);
  });

  it('a server error during a retry ends with the client exception, not a hang', async () => {
    const { outcome, chats } = await run([call(GARBAGE, 1), { kind: 'http_error', status: 500, message: 'model crashed' }]);
    await expect(outcome).rejects.toMatchObject({ code: 'ACODE-MDL-003' });
    expect(chats()).toHaveLength(2);
  });
});
