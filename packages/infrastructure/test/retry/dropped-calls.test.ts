import { ERROR_CODES, type ToolCallError } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { answerWith, CHAT_REQUEST, chatResponse, MemoryTelemetryStore, newHandler, ScriptedChatClient } from './retry-fixture.js';

// A call the stream dropped (its arguments over max_argument_size, ACODE-TLP-009) is a call of the
// answer: refused, recorded, never silently gone, for every user of the retry handler.

const TOO_LARGE: ToolCallError = {
  index: 0,
  id: 'call_0',
  tool: 'read_file',
  source: 'openai_stream',
  code: ERROR_CODES.TOOL_CALL_TOO_LARGE,
  message: 'Line 9 of the stream took the arguments of call 0 past the limit of 1 MiB; the call was dropped. Send smaller arguments.',
  line: 9,
  retryable: true,
};

describe('calls dropped by the stream', () => {
  it('are failed calls of the answer, never asked for again (TLP-009), with a telemetry row', async () => {
    const telemetry = new MemoryTelemetryStore();
    const { handler } = await newHandler({ telemetry });
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ content: 'Reading.', toolCalls: [], streamErrors: [TOO_LARGE] });
    const settled = await handler.settle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(settled.parse.success).toBe(false);
    expect(settled.parse.errors).toEqual([TOO_LARGE]);
    expect(settled.perCall).toEqual([expect.objectContaining({ index: 0, tool: 'read_file', outcome: 'failed', errorCodes: [ERROR_CODES.TOOL_CALL_TOO_LARGE] })]);
    expect(client.requests).toHaveLength(0);
    expect(telemetry.rows).toEqual([expect.objectContaining({ tool: 'read_file', parseResult: 'failed', errorCodes: [ERROR_CODES.TOOL_CALL_TOO_LARGE] })]);
  });

  it('sit beside the calls that did arrive, in the model order', async () => {
    const { handler } = await newHandler();
    const valid = answerWith('read_file', { path: 'package.json' });
    const response = chatResponse({ ...valid, toolCalls: valid.toolCalls!.map((call) => ({ ...call, index: 1, id: 'call_1' })), streamErrors: [TOO_LARGE] });
    const settled = await handler.settle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(settled.parse.toolCalls.map((call) => call.index)).toEqual([1]);
    expect(settled.parse.errors.map((error) => error.code)).toEqual([ERROR_CODES.TOOL_CALL_TOO_LARGE]);
    expect(settled.perCall.map((call) => call.outcome)).toEqual(['failed', 'success']);
  });

  it('leave stream errors that belong to no call out of the calls', async () => {
    const { handler } = await newHandler();
    const lineError: ToolCallError = { index: -1, source: 'openai_stream', code: ERROR_CODES.TOOL_CALL_STREAM_ERROR, message: 'Line 3 of the stream is not valid JSON.', line: 3, retryable: true };
    const response = chatResponse({ ...answerWith('read_file', { path: 'package.json' }), streamErrors: [lineError] });
    const settled = await handler.settle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(settled.parse.success).toBe(true);
    expect(settled.perCall).toHaveLength(1);
  });
});
