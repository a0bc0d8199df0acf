import { ModelClientException, ToolCallRetryExhaustedException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { sleepWithSignal } from '../../src/retry/index.js';
import {
  answerWith,
  CHAT_REQUEST,
  chatResponse,
  MemoryTelemetryStore,
  newHandler,
  rawCall,
  retryPromptOf,
  ScriptedChatClient,
  usage,
} from './retry-fixture.js';

/** Arguments no repair can save (not JSON in any reading). */
const GARBAGE = '<<not json>>';

describe('ToolCallRetryHandler: 002 scenarios', () => {
  it('scenario 3: two failures then success takes three attempts and sums the tokens of all three', async () => {
    const { handler, logger } = await newHandler({ settings: { maxRetries: 3 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE, usage(30, 7)), answerWith('read_file', '{"path":"package.json"}', usage(40, 9))]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', GARBAGE, 0, 'call_first')], usage: usage(20, 5) });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(2);
    expect(result.attempts).toBe(3);
    expect(result.usage).toEqual({ promptTokens: 90, completionTokens: 21, totalTokens: 111 });
    expect(result.parse.success).toBe(true);
    expect(result.parse.retryCount).toBe(2);
    expect(result.parse.toolCalls).toEqual([
      expect.objectContaining({ id: 'call_first', index: 0, name: 'file_read', arguments: { path: 'package.json', encoding: 'utf-8' } }),
    ]);
    expect(result.perCall).toEqual([
      expect.objectContaining({ index: 0, callId: 'call_first', tool: 'file_read', outcome: 'retried', retryCount: 2, errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-003'] }),
    ]);
    expect(logger.records.filter((r) => r.level === 'info').map((r) => r.message)).toEqual([
      'Tool call parse failed, attempting retry (1/3)',
      'Retry prompt sent to model',
      'Tool call parse failed, attempting retry (2/3)',
      'Retry prompt sent to model',
      'Retry succeeded on attempt 3',
    ]);
    const attemptLine = logger.records.find((r) => r.message.startsWith('Tool call parse failed'));
    expect(attemptLine?.fields).toMatchObject({ attempt: 1, max_attempts: 3, tool_name: 'read_file', call_id: 'call_first', correlation_id: 'corr-retry', error_code: 'ACODE-TLP-003' });
  });

  it('scenario 7: always-fail with max_retries 2 raises the exhausted exception after exactly 2 requests in all (1 retry)', async () => {
    const { handler, logger } = await newHandler({ settings: { maxRetries: 2 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE, usage(30, 7)), answerWith('read_file', GARBAGE)]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)], usage: usage(20, 5) });

    const error = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' }).catch((e: unknown) => e);

    expect(client.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ToolCallRetryExhaustedException);
    const exhausted = error as ToolCallRetryExhaustedException;
    expect(exhausted.code).toBe('ACODE-TLP-006');
    expect(exhausted.message).toBe(
      "Unable to complete tool call after 2 attempts.\nThe AI was unable to produce valid JSON for the 'read_file' tool.\nPlease try rephrasing your request or use a different model.",
    );
    expect(exhausted.attemptCount).toBe(2);
    expect(exhausted.toolName).toBe('read_file');
    expect(exhausted.correlationId).toBe('corr-retry');
    expect(exhausted.errors.map((e) => e.code)).toEqual(['ACODE-TLP-003', 'ACODE-TLP-003']);
    expect(exhausted.lastError?.code).toBe('ACODE-TLP-003');
    expect(exhausted.usage).toEqual({ promptTokens: 50, completionTokens: 12, totalTokens: 62 });
    expect(exhausted.partialResult).toMatchObject({ success: false, toolCalls: [], retryCount: 1 });
    expect(logger.records.filter((r) => r.level === 'warn').map((r) => r.message)).toEqual([
      'Tool call retry failed (attempt 2/2)',
      'Tool call retries exhausted: failed after 2 attempts',
    ]);
  });

  it('max_retries 1 means no retry at all: the first failure is the exhaustion', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 1 } });
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] });
    await expect(handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' })).rejects.toMatchObject({ code: 'ACODE-TLP-006', attemptCount: 1 });
    expect(client.requests).toHaveLength(0);
  });

  it('a validation failure is retried with every registry error in the prompt', async () => {
    const { handler, registry } = await newHandler();
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":"a.txt"}')]);
    const response = chatResponse({ toolCalls: [rawCall('file_read', '{"path":42,"extra":true}', 0, 'call_v')] });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(result.perCall[0]).toMatchObject({ outcome: 'retried', retryCount: 1, errorCodes: ['ACODE-TLP-004'] });
    const prompt = retryPromptOf(client.requests[0]);
    expect(prompt).toContain('Error: Schema validation failed at position n/a');
    expect(prompt).toMatch(/^- \[ACODE-TSR-004\] \/path: .+ \(expected: string.*\)$/m);
    expect(prompt).toMatch(/^- \[ACODE-TSR-\d{3}\] \/extra: /m);
    expect(prompt).toContain('```json\n{"path":42,"extra":true}\n```');
    expect(prompt).toContain("Expected format for 'file_read' tool:");
    // The example shown must itself be valid arguments for the tool.
    const example = /Expected format for 'file_read' tool:\n```json\n([\s\S]*?)\n```/.exec(prompt)?.[1] ?? '';
    expect(registry.tryValidateArguments('file_read', JSON.parse(example) as object).success).toBe(true);
  });

  it('an unknown tool is never retried: no request, the ACODE-TLP-005 error in the result', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ toolCalls: [rawCall('hack_system', '{}')] });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(0);
    expect(result.attempts).toBe(1);
    expect(result.parse.errors).toEqual([expect.objectContaining({ code: 'ACODE-TLP-005', retryable: false })]);
    expect(result.perCall).toEqual([expect.objectContaining({ tool: 'hack_system', outcome: 'failed', retryCount: 0, errorCodes: ['ACODE-TLP-005'] })]);
  });

  it('with auto-repair on, a trailing comma costs no model request', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '{"path": "a.txt",}')], usage: usage(12, 3) });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(0);
    expect(result.attempts).toBe(1);
    expect(result.usage).toEqual(usage(12, 3));
    expect(result.perCall).toEqual([expect.objectContaining({ outcome: 'repaired', retryCount: 0, repairs: ['trailing_comma'] })]);
  });

  it('with auto-repair off, the same trailing comma is retried with the model', async () => {
    const { handler } = await newHandler({ settings: { enableAutoRepair: false } });
    const client = new ScriptedChatClient([answerWith('read_file', '{"path": "a.txt"}')]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', '{"path": "a.txt",}')] });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(client.requests).toHaveLength(1);
    expect(result.perCall[0]).toMatchObject({ outcome: 'retried', errorCodes: ['ACODE-TLP-002'] });
    expect(retryPromptOf(client.requests[0])).toMatch(/^Error: Invalid JSON at position \d+$/m);
  });
});

describe('ToolCallRetryHandler: retryUnknownTools (the gateway)', () => {
  it('an unknown tool is asked again with the tool names listed; a valid call to one of them ends it', async () => {
    const { handler, registry } = await newHandler({ retryUnknownTools: true });
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":"a.txt"}', usage(7, 3))]);
    const response = chatResponse({ toolCalls: [rawCall('hack_system', '{"cmd":"ls"}', 0, 'call_u')], usage: usage(10, 5) });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual(usage(17, 8));
    expect(result.parse.toolCalls).toEqual([expect.objectContaining({ id: 'call_u', index: 0, name: 'file_read', arguments: expect.objectContaining({ path: 'a.txt' }) })]);
    expect(result.perCall).toEqual([expect.objectContaining({ tool: 'file_read', outcome: 'retried', retryCount: 1, errorCodes: ['ACODE-TLP-005'] })]);
    const prompt = retryPromptOf(client.requests[0]);
    const names = registry.getAllTools().map((tool) => tool.name);
    expect(prompt).toContain(`The tool 'hack_system' you called does not exist. The tools you can call are: ${names.slice(0, 20).join(', ')}`);
    expect(prompt).toContain('{"cmd":"ls"}');
    // The failed call is echoed as the model sent it.
    const echo = client.requests[0]?.messages.at(-2);
    expect(echo?.toolCalls).toEqual([{ id: 'call_u', name: 'hack_system', arguments: '{"cmd":"ls"}' }]);
  });

  it('a close name is offered with its schema example', async () => {
    const { handler } = await newHandler({ retryUnknownTools: true });
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":"a.txt"}')]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('file_reed', '{}')] }), provider: 'ollama' });
    const prompt = retryPromptOf(client.requests[0]);
    expect(prompt).toMatch(/Did you mean '[a-z_]+'\?/);
    expect(prompt).toMatch(/Expected format for '[a-z_]+' tool:\n```json\n\{/);
  });

  it('an unknown tool again and again exhausts the retries', async () => {
    const { handler } = await newHandler({ retryUnknownTools: true, settings: { maxRetries: 3 } });
    const client = new ScriptedChatClient([answerWith('hack_system', '{}'), answerWith('other_thing', '{}')]);
    const error = await handler
      .handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('hack_system', '{}')] }), provider: 'ollama' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallRetryExhaustedException);
    expect((error as ToolCallRetryExhaustedException).errors.map((e) => e.code)).toEqual(['ACODE-TLP-005', 'ACODE-TLP-005', 'ACODE-TLP-005']);
    expect(client.requests).toHaveLength(2);
  });

  it('a known tool with invalid arguments in the answer goes on as that tool\'s retry, within the same attempts', async () => {
    const { handler } = await newHandler({ retryUnknownTools: true, settings: { maxRetries: 3 } });
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":42}'), answerWith('file_read', '{"path":"b.txt"}')]);
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('hack_system', '{}')] }), provider: 'ollama' });
    expect(result.attempts).toBe(3);
    expect(result.perCall[0]).toMatchObject({ outcome: 'retried', retryCount: 2, errorCodes: ['ACODE-TLP-005', 'ACODE-TLP-004'] });
    expect(retryPromptOf(client.requests[1])).toContain("Expected format for 'file_read' tool:");
  });

  it('arguments over max_argument_size are never echoed back, even for an unknown tool', async () => {
    const { handler } = await newHandler({ retryUnknownTools: true, settings: { maxArgumentSize: 1024 } });
    const client = new ScriptedChatClient([]);
    const big = JSON.stringify({ data: 'x'.repeat(2000) });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('hack_system', big)] }), provider: 'ollama' });
    expect(client.requests).toHaveLength(0);
    expect(result.parse.errors.map((e) => e.code)).toEqual(['ACODE-TLP-005']);
  });
});

describe('ToolCallRetryHandler.settle', () => {
  it('answers an exhaustion instead of throwing it, with the per-call report', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 2 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE, usage(3, 1))]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)], usage: usage(10, 5) });
    const result = await handler.settle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(result.exhaustedTool).toBe('read_file');
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual(usage(13, 6));
    expect(result.parse.errors.map((e) => e.code)).toEqual(['ACODE-TLP-003']);
    expect(result.perCall).toEqual([expect.objectContaining({ outcome: 'failed', retryCount: 1 })]);
  });

  it('is handle when nothing runs out', async () => {
    const { handler } = await newHandler();
    const result = await handler.settle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response: chatResponse(), provider: 'ollama' });
    expect(result).not.toHaveProperty('exhaustedTool');
    expect(result.attempts).toBe(1);
  });
});

describe('ToolCallRetryHandler: the retry request', () => {
  it('sends the conversation, the failed call as sent, and a tool message answering it; model and tools kept', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    const response = chatResponse({ toolCalls: [rawCall('read_file', GARBAGE, 0, 'call_7')] });
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    const sent = client.requests[0];
    expect(sent?.model).toBe('llama3.2');
    expect(sent?.tools).toBe(CHAT_REQUEST.tools);
    expect(sent?.messages.slice(0, 1)).toEqual(CHAT_REQUEST.messages);
    expect(sent?.messages[1]).toEqual({ role: 'assistant', content: '', toolCalls: [{ id: 'call_7', name: 'read_file', arguments: GARBAGE }] });
    expect(sent?.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'call_7', toolName: 'read_file' });
    expect(sent?.messages).toHaveLength(3);
  });

  it('fills 002 template placeholders; model text holding a placeholder or $& stays literal', async () => {
    const { handler } = await newHandler({ settings: { retryPromptTemplate: '{tool_name}|{error_type}|{malformed_json}|{tool_name}' } });
    const hostile = '{"path": {tool_name} $& $1 {schema_example}';
    const client = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', hostile)] }), provider: 'ollama' });
    expect(retryPromptOf(client.requests[0])).toBe(`read_file|Invalid JSON|${hostile}|read_file`);
  });

  it('starts each retry from the original conversation, so requests do not grow with attempts', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 4 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE), answerWith('read_file', GARBAGE), answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama' });
    expect(client.requests.map((request) => request.messages.length)).toEqual([3, 3, 3]);
  });

  it('accepts corrected arguments the model wrote as text (bare or fenced), as the prompt asks', async () => {
    for (const content of ['{"path":"a.txt"}', '```json\n{"path":"a.txt"}\n```']) {
      const { handler } = await newHandler();
      const client = new ScriptedChatClient([{ content, usage: usage(5, 5) }]);
      const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE, 0, 'c1')] }), provider: 'ollama' });
      expect(result.parse.toolCalls).toEqual([expect.objectContaining({ id: 'c1', name: 'file_read', arguments: { path: 'a.txt', encoding: 'utf-8' } })]);
    }
  });

  it('an answer without the tool (prose, or a call to another tool) is a failed attempt', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 3 } });
    const client = new ScriptedChatClient([{ content: 'Sorry, I cannot do that.' }, answerWith('file_write', '{"path":"x","content":"y"}')]);
    const error = (await handler
      .handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama' })
      .catch((e: unknown) => e)) as ToolCallRetryExhaustedException;
    expect(error).toBeInstanceOf(ToolCallRetryExhaustedException);
    expect(error.errors.map((e) => e.code)).toEqual(['ACODE-TLP-003', 'ACODE-TLP-002', 'ACODE-TLP-002']);
    expect(error.lastError?.message).toBe("The retry answer held no arguments for 'read_file'");
  });

  it('waits retry_delay_ms * 2^(k-1) before retry k: 1x, 2x, 4x', async () => {
    const { handler, delays } = await newHandler({ settings: { maxRetries: 4, retryDelayMs: 250 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE), answerWith('read_file', GARBAGE), answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama' });
    expect(delays).toEqual([250, 500, 1000]);
  });
});

describe('ToolCallRetryHandler: several calls in one response', () => {
  it('retries only the failed call; the others keep their place, the retried one its id and index', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":"b"}')]);
    const response = chatResponse({
      toolCalls: [rawCall('file_read', '{"path":"a"}', 0, 'c0'), rawCall('file_read', GARBAGE, 1, 'c1'), rawCall('hack_system', '{}', 2, 'c2')],
      usage: usage(31, 10),
    });

    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(client.requests).toHaveLength(1);
    expect(result.parse.toolCalls.map((call) => [call.id, call.index, call.arguments['path']])).toEqual([
      ['c0', 0, 'a'],
      ['c1', 1, 'b'],
    ]);
    expect(result.parse.errors.map((error) => error.code)).toEqual(['ACODE-TLP-005']);
    expect(result.perCall.map((call) => call.outcome)).toEqual(['success', 'retried', 'failed']);
    // The first answer's 41 tokens are shared out whole; the retry's 15 go to the retried call.
    expect(result.perCall.map((call) => call.tokens.totalTokens)).toEqual([15, 13 + 15, 13]);
  });

  it('exhaustion of one call throws with the valid calls in the partial result, and stops retrying later calls', async () => {
    const { handler } = await newHandler({ settings: { maxRetries: 2 } });
    const client = new ScriptedChatClient([answerWith('file_read', GARBAGE)]);
    const response = chatResponse({
      toolCalls: [rawCall('file_read', '{"path":"a"}', 0, 'c0'), rawCall('file_read', GARBAGE, 1, 'c1'), rawCall('file_read', GARBAGE, 2, 'c2')],
    });
    const error = (await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' }).catch((e: unknown) => e)) as ToolCallRetryExhaustedException;
    expect(client.requests).toHaveLength(1);
    expect(error.partialResult?.toolCalls.map((call) => call.id)).toEqual(['c0']);
    expect(error.partialResult?.errors.map((e) => e.id)).toEqual(['c1', 'c2']);
  });
});

describe('ToolCallRetryHandler: failures and hostile input', () => {
  it('does not retry arguments over the size limit or nested past the limit (ACODE-TLP-009)', async () => {
    const { handler } = await newHandler({ settings: { maxArgumentSize: 1024, maxNestingDepth: 8 } });
    const client = new ScriptedChatClient([]);
    const huge = `{"path":"${'x'.repeat(5_000)}"}`;
    const deep = `${'{"a":'.repeat(50)}1${'}'.repeat(50)}`;
    const response = chatResponse({ toolCalls: [rawCall('read_file', huge, 0), rawCall('read_file', deep, 1)] });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(client.requests).toHaveLength(0);
    expect(result.parse.errors.map((error) => error.code)).toEqual(['ACODE-TLP-009', 'ACODE-TLP-009']);
  });

  it('does not retry a call without a name (ACODE-TLP-001) nor a response of non-call junk', async () => {
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([]);
    const response = chatResponse({ toolCalls: [rawCall(undefined, '{}', 0), rawCall(42, '{}', 1)] });
    const result = await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(client.requests).toHaveLength(0);
    expect(result.parse.errors.map((error) => error.code)).toEqual(['ACODE-TLP-001', 'ACODE-TLP-001']);
  });

  it('a response without calls is a success with no requests', async () => {
    const { handler } = await newHandler();
    const result = await handler.handle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response: chatResponse({ content: 'Hello' }), provider: 'ollama' });
    expect(result).toMatchObject({ attempts: 1, perCall: [], parse: { success: true, toolCalls: [], content: 'Hello' } });
  });

  it('a model server failure during a retry rejects with that ModelClientException, unchanged', async () => {
    const { handler } = await newHandler();
    const failure = new ModelClientException(ERROR_CODES.MODEL_UNREACHABLE, 'Cannot reach the model server at http://127.0.0.1:1', { provider: 'ollama' });
    const client = new ScriptedChatClient([failure]);
    await expect(
      handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama' }),
    ).rejects.toBe(failure);
  });

  it('an abort during the backoff wait ends with ACODE-MDL-007 and sends no request', async () => {
    const controller = new AbortController();
    const { handler } = await newHandler({
      settings: { retryDelayMs: 60_000 },
      sleep: (ms, signal) => {
        const waiting = sleepWithSignal(ms, signal);
        controller.abort();
        return waiting;
      },
    });
    const client = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    const error = await handler
      .handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelClientException);
    expect(error).toMatchObject({ code: 'ACODE-MDL-007', message: 'The tool call retry was cancelled', provider: 'ollama' });
    expect(client.requests).toHaveLength(0);
  });

  it('an already aborted signal ends before any wait or request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { handler, delays } = await newHandler();
    const client = new ScriptedChatClient([]);
    await expect(
      handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama', signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ACODE-MDL-007' });
    expect(delays).toEqual([]);
  });

  it('passes the signal on to the retry request', async () => {
    const controller = new AbortController();
    const { handler } = await newHandler();
    const client = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama', signal: controller.signal });
    expect(client.options[0]?.signal).toBe(controller.signal);
  });

  it('never logs argument values, at any level', async () => {
    const { handler, logger, parserLogger } = await newHandler({ settings: { maxRetries: 3 } });
    const secret = 'hunter2-very-private-value';
    const unrepairable = `<<${secret}>>`;
    const invalid = `{"path": 1, "mode": "${secret}"}`;
    const client = new ScriptedChatClient([answerWith('file_read', invalid), answerWith('file_read', unrepairable)]);
    await handler
      .handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('file_read', unrepairable)] }), provider: 'ollama' })
      .catch(() => undefined);
    expect(logger.records.filter((r) => r.level === 'warn')).toHaveLength(3);
    expect(client.requests).toHaveLength(2);
    expect(`${logger.dump()}\n${parserLogger.dump()}`).not.toContain(secret);
  });
});

describe('ToolCallRetryHandler: telemetry', () => {
  it('records one row per call with outcome, retry count, codes and tokens; no values by default', async () => {
    const telemetry = new MemoryTelemetryStore();
    const { handler } = await newHandler({ telemetry });
    const client = new ScriptedChatClient([answerWith('file_read', '{"path":"b"}', usage(10, 4))]);
    const response = chatResponse({ toolCalls: [rawCall('file_read', '{"path":"a",}', 0, 'c0'), rawCall('file_read', GARBAGE, 1, 'c1')], usage: usage(8, 2) });
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response, provider: 'ollama' });

    expect(telemetry.rows).toEqual([
      expect.objectContaining({ correlationId: 'corr-retry', provider: 'ollama', model: 'llama3.2', tool: 'file_read', callId: 'c0', parseResult: 'repaired', repairs: ['trailing_comma'], retryCount: 0, errorCodes: [] }),
      expect.objectContaining({ callId: 'c1', parseResult: 'retried', retryCount: 1, errorCodes: ['ACODE-TLP-003'], tokens: { promptTokens: 14, completionTokens: 5, totalTokens: 19 } }),
    ]);
    for (const row of telemetry.rows) {
      expect(row).not.toHaveProperty('originalArguments');
      expect(row).not.toHaveProperty('finalArguments');
    }
  });

  it('stores argument texts only with log_argument_values, scrubbed of secrets', async () => {
    const telemetry = new MemoryTelemetryStore();
    const { handler } = await newHandler({ telemetry, settings: { logArgumentValues: true } });
    const args = '{"command":"deploy","api_key":"sk-abcdefghijklmnop"}';
    await handler.handle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('hack_system', args)] }), provider: 'ollama' });
    const row = telemetry.rows[0];
    expect(row?.originalArguments).toBe('{"command":"deploy","api_key":"[REDACTED]"}');
    expect(row?.errorMessage).toMatch(/^Unknown tool 'hack_system'/);
  });

  it('records the failed call of an exhausted run before throwing', async () => {
    const telemetry = new MemoryTelemetryStore();
    const { handler } = await newHandler({ telemetry, settings: { maxRetries: 2 } });
    const client = new ScriptedChatClient([answerWith('read_file', GARBAGE)]);
    await handler.handle({ client, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('read_file', GARBAGE)] }), provider: 'ollama' }).catch(() => undefined);
    expect(telemetry.rows).toEqual([expect.objectContaining({ parseResult: 'failed', retryCount: 1, errorCodes: ['ACODE-TLP-003', 'ACODE-TLP-003'], errorMessage: 'JSON repair failed' })]);
  });

  it('a failing store is reported once at warn with ACODE-TEL-001 and never fails the operation', async () => {
    const { handler, logger } = await newHandler({ telemetry: new MemoryTelemetryStore(true) });
    const response = chatResponse({ toolCalls: [rawCall('file_read', '{"path":"a"}', 0), rawCall('file_read', '{"path":"b"}', 1)] });
    const result = await handler.handle({ client: new ScriptedChatClient([]), chatRequest: CHAT_REQUEST, response, provider: 'ollama' });
    expect(result.parse.success).toBe(true);
    const warnings = logger.records.filter((r) => r.level === 'warn');
    expect(warnings).toEqual([expect.objectContaining({ message: 'Tool call telemetry could not be recorded', fields: expect.objectContaining({ error_code: 'ACODE-TEL-001' }) })]);
    expect(logger.dump()).not.toContain('SQLITE_FULL');
  });
});
