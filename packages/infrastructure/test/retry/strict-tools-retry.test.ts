import type { ChatRequest } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { answerWith, chatResponse, newHandler, rawCall, ScriptedChatClient, usage } from './retry-fixture.js';

// Issue 11 item 7: the handler tells the parser which of the request's tools were sent in OpenAI
// strict form, on the first answer and on every retry answer.

const FILE_READ_SCHEMA = { type: 'object', properties: { path: { type: 'string' }, encoding: { type: 'string' } }, required: ['path'] };
const request = (strict: boolean): ChatRequest => ({
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Show me package.json' }],
  tools: [{ name: 'file_read', description: 'Reads a file.', parameters: FILE_READ_SCHEMA, ...(strict ? { strict: true } : {}) }],
});
const WITH_NULL = '{"path": "package.json", "encoding": null}';

describe('ToolCallRetryHandler: tools sent in strict form', () => {
  it('reads a null for an optional property of a strict tool as absent, with no retry', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', WITH_NULL)], usage: usage(10, 5) });
    const result = await handler.handle({ client, chatRequest: request(true), response, provider: 'ollama' });
    expect(client.requests).toEqual([]);
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' }, repairs: ['strict_null_omitted'] })]);
  });

  it('does the same for the retry answer', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', WITH_NULL)]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '<<not json>>')], usage: usage(10, 5) });
    const result = await handler.handle({ client, chatRequest: request(true), response, provider: 'ollama' });
    expect(client.requests).toHaveLength(1);
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ arguments: { path: 'package.json', encoding: 'utf-8' }, repairs: ['strict_null_omitted'] })]);
  });

  it('refuses the null for a tool the request did not send strict (decision 7), and asks again', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', '{"path": "package.json"}')]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', WITH_NULL)], usage: usage(10, 5) });
    const result = await handler.handle({ client, chatRequest: request(false), response, provider: 'ollama' });
    expect(client.requests).toHaveLength(1);
    expect(result.perCall).toEqual([expect.objectContaining({ outcome: 'retried', errorCodes: ['ACODE-TLP-004'] })]);
  });
});
