import { describe, expect, it } from 'vitest';
import { answerWith, CHAT_REQUEST, chatResponse, newHandler, rawCall, retryPromptOf, ScriptedChatClient, usage } from './retry-fixture.js';

/** Issue 11 items 6 and 8: a cut call is retried, not run; retry answers and messages. */

const TRUNCATED_SUMMARY =
  'Your output was cut off before the tool call was complete, so the call was not run. Send the call again, shorter: keep the arguments brief, or split large content over several calls.';

describe('ToolCallRetryHandler: truncated output', () => {
  it('refuses a call the repairer could close when the finish reason is length, and retries it with a truncation message', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', '{"path": "package.json"}')]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '{"path": "package.js', 0, 'call_cut')], finishReason: 'length', usage: usage(20, 5) });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(1);
    const prompt = retryPromptOf(client.requests[0]);
    expect(prompt.split('\n').slice(0, 3)).toEqual([TRUNCATED_SUMMARY, '', 'Error: Output truncated at position n/a']);
    expect(prompt).toContain('{"path": "package.js');
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ id: 'call_cut', name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' } })]);
    expect(result.perCall).toEqual([expect.objectContaining({ callId: 'call_cut', outcome: 'retried', errorCodes: ['ACODE-TLP-010'] })]);
  });

  it('refuses a call a stream left open, and a retry answer that is cut again', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 3 } });
    const client = new ScriptedChatClient([
      { toolCalls: [rawCall('read_file', '{"path": "a', 0, 'call_again')], finishReason: 'length' },
      answerWith('read_file', '{"path": "a.txt"}'),
    ]);
    const response = chatResponse({ toolCalls: [{ ...rawCall('read_file', '{"path": "a.t', 0, 'call_open'), source: 'openai_stream', incomplete: true }], incomplete: true });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(2);
    expect(result.perCall).toEqual([expect.objectContaining({ callId: 'call_open', outcome: 'retried', retryCount: 2, errorCodes: ['ACODE-TLP-010', 'ACODE-TLP-010'] })]);
  });

  it('retries a cut <tool_call> written in the text, and a text call that does not decode', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('git_status', '{}'), answerWith('read_file', '{"path": "a.txt"}')]);
    const response = chatResponse({
      content: '<tool_call>{"name": "git_status", "arguments": <<not json>>}</tool_call>\n<tool_call>{"name": "read_file", "arguments": {"path": "a.txt"}}',
      finishReason: 'length',
    });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(2);
    expect(result.perCall.map((report) => [report.index, report.tool, report.outcome, report.errorCodes])).toEqual([
      [0, 'git_status', 'retried', ['ACODE-TLP-003']],
      [1, 'file_read', 'retried', ['ACODE-TLP-010']],
    ]);
    expect(result.parse.toolCalls.map((call) => [call.index, call.name, call.id])).toEqual([
      [0, 'git_status', expect.stringMatching(/^call_/)],
      [1, 'file_read', expect.stringMatching(/^call_/)],
    ]);
  });
});

describe('ToolCallRetryHandler: retry answers written as text', () => {
  it('reads prose before a fenced block', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([{ content: 'Sorry about that. Here are the corrected arguments:\n\n```json\n{"path": "package.json"}\n```\nLet me know.' }]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '<<not json>>')] });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' } })]);
  });

  it('reads a whole {"name", "arguments"} object for the same tool, by alias too', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([{ content: '{"name": "read_file", "arguments": {"path": "package.json"}}' }]);
    const response = chatResponse({ toolCalls: [rawCall('file_read', '<<not json>>')] });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' } })]);
  });

  it('does not take a whole call to another tool as the arguments', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 2 } });
    const client = new ScriptedChatClient([{ content: '{"name": "git_status", "arguments": {}}' }]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '<<not json>>')] });
    const error = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ACODE-TLP-006', lastError: { code: 'ACODE-TLP-002', message: "The retry answer held no arguments for 'read_file'" } });
  });

  it('names the failure in the first line of each retry message', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', '{"path": 42}'), answerWith('read_file', '{"path": "a"}')]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '<<not json>>')] });
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(client.requests.map((request) => retryPromptOf(request).split('\n')[0])).toEqual([
      'The tool call arguments you provided contain invalid JSON.',
      "The tool call arguments you provided do not match the tool's schema.",
    ]);
  });
});
