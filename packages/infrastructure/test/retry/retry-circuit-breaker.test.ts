import { ToolCallRetryExhaustedException } from '@acode/application';
import { describe, expect, it } from 'vitest';
import { MAX_TRACKED_PAIRS, RetryCircuitBreaker } from '../../src/retry/index.js';
import { answerWith, CHAT_REQUEST, chatResponse, ManualClock, newHandler, rawCall, ScriptedChatClient } from './retry-fixture.js';

describe('RetryCircuitBreaker', () => {
  it('opens after the threshold of consecutive exhaustions, for the cool-down, then goes half-open', () => {
    const clock = new ManualClock();
    const breaker = new RetryCircuitBreaker(clock, { threshold: 3, cooldownMs: 60_000 });
    expect([breaker.recordExhaustion('m', 't'), breaker.recordExhaustion('m', 't')]).toEqual([false, false]);
    expect(breaker.state('m', 't')).toEqual({ state: 'closed' });
    expect(breaker.recordExhaustion('m', 't')).toBe(true);
    expect(breaker.state('m', 't')).toEqual({ state: 'open', resumeInMs: 60_000, exhaustions: 3 });
    clock.advance(59_999);
    expect(breaker.state('m', 't')).toMatchObject({ state: 'open', resumeInMs: 1 });
    clock.advance(1);
    expect(breaker.state('m', 't')).toEqual({ state: 'half-open' });
  });

  it('reopens at the first exhaustion after the cool-down; a success closes it', () => {
    const clock = new ManualClock();
    const breaker = new RetryCircuitBreaker(clock, { threshold: 2, cooldownMs: 1_000 });
    breaker.recordExhaustion('m', 't');
    breaker.recordExhaustion('m', 't');
    clock.advance(1_000);
    expect(breaker.recordExhaustion('m', 't')).toBe(true);
    expect(breaker.state('m', 't')).toMatchObject({ state: 'open', resumeInMs: 1_000 });
    clock.advance(1_000);
    breaker.recordSuccess('m', 't');
    expect(breaker.state('m', 't')).toEqual({ state: 'closed' });
    expect(breaker.recordExhaustion('m', 't')).toBe(false);
  });

  it('a success in between resets the run; pairs are independent', () => {
    const breaker = new RetryCircuitBreaker(new ManualClock(), { threshold: 2, cooldownMs: 1_000 });
    breaker.recordExhaustion('m', 't');
    breaker.recordSuccess('m', 't');
    expect(breaker.recordExhaustion('m', 't')).toBe(false);
    expect(breaker.recordExhaustion('m', 'other')).toBe(false);
    expect(breaker.recordExhaustion('other', 't')).toBe(false);
    expect(breaker.state('m', 'other')).toEqual({ state: 'closed' });
  });

  it('a threshold below 1 or a fraction is read as at least 1; a negative cool-down as none', () => {
    const breaker = new RetryCircuitBreaker(new ManualClock(), { threshold: 0.5, cooldownMs: -5 });
    expect(breaker.options).toEqual({ threshold: 1, cooldownMs: 0 });
    expect(breaker.recordExhaustion('m', 't')).toBe(true);
    expect(breaker.state('m', 't')).toEqual({ state: 'half-open' });
  });

  it('keeps a bounded number of pairs, forgetting the least recently touched', () => {
    const breaker = new RetryCircuitBreaker(new ManualClock(), { threshold: 1, cooldownMs: 1_000 });
    breaker.recordExhaustion('m', 'first');
    for (let i = 0; i < MAX_TRACKED_PAIRS; i++) breaker.recordExhaustion('m', `tool_${i}`);
    expect(breaker.state('m', 'first')).toEqual({ state: 'closed' });
    expect(breaker.state('m', `tool_${MAX_TRACKED_PAIRS - 1}`)).toMatchObject({ state: 'open' });
  });
});

describe('ToolCallRetryHandler with its circuit breaker', () => {
  const GARBAGE = '<<not json>>';
  const failing = () => chatResponse({ toolCalls: [rawCall('read_file', GARBAGE, 0, 'c0')] });

  it('suspends retries for a model + tool pair after N exhausted runs, says so, and resumes after the cool-down', async () => {
    const { handler, logger, clock } = await newHandler({ settings: { maxRetries: 2 }, breaker: { threshold: 2, cooldownMs: 30_000 } });
    for (let run = 0; run < 2; run++) {
      const client = new ScriptedChatClient([answerWith('read_file', GARBAGE)]);
      await expect(handler.handle({ client, chatRequest: CHAT_REQUEST, response: failing(), provider: 'ollama' })).rejects.toBeInstanceOf(ToolCallRetryExhaustedException);
    }
    expect(logger.records.filter((r) => r.level === 'warn').map((r) => r.message)).toContain('Retries for file_read on llama3.2 suspended for 30s after 2 exhausted runs');

    const suspended = new ScriptedChatClient([]);
    const result = await handler.handle({ client: suspended, chatRequest: CHAT_REQUEST, response: failing(), provider: 'ollama' });
    expect(suspended.requests).toHaveLength(0);
    expect(result.parse.errors).toEqual([
      expect.objectContaining({
        code: 'ACODE-MDL-008',
        message: 'retries for file_read on llama3.2 suspended after 2 exhausted attempts; resuming in 30s',
        retryable: false,
        id: 'c0',
      }),
    ]);
    expect(result.perCall[0]?.errorCodes).toEqual(['ACODE-TLP-003', 'ACODE-MDL-008']);
    expect(logger.records.at(-1)).toMatchObject({ level: 'warn', fields: expect.objectContaining({ error_code: 'ACODE-MDL-008', model: 'llama3.2' }) });

    // An alias and the canonical name are one pair; other tools and models are unaffected.
    const otherTool = new ScriptedChatClient([answerWith('file_write', '{"path":"a","content":"b"}')]);
    await handler.handle({ client: otherTool, chatRequest: CHAT_REQUEST, response: chatResponse({ toolCalls: [rawCall('file_write', GARBAGE)] }), provider: 'ollama' });
    expect(otherTool.requests).toHaveLength(1);
    const otherModel = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client: otherModel, chatRequest: { ...CHAT_REQUEST, model: 'qwen2.5-coder' }, response: failing(), provider: 'ollama' });
    expect(otherModel.requests).toHaveLength(1);

    clock.advance(30_000);
    const resumed = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    const recovered = await handler.handle({ client: resumed, chatRequest: CHAT_REQUEST, response: failing(), provider: 'ollama' });
    expect(resumed.requests).toHaveLength(1);
    expect(recovered.perCall[0]?.outcome).toBe('retried');

    // The success closed the circuit: one more exhaustion does not reopen it.
    await expect(
      handler.handle({ client: new ScriptedChatClient([answerWith('read_file', GARBAGE)]), chatRequest: CHAT_REQUEST, response: failing(), provider: 'ollama' }),
    ).rejects.toBeInstanceOf(ToolCallRetryExhaustedException);
    const stillClosed = new ScriptedChatClient([answerWith('read_file', '{"path":"a"}')]);
    await handler.handle({ client: stillClosed, chatRequest: CHAT_REQUEST, response: failing(), provider: 'ollama' });
    expect(stillClosed.requests).toHaveLength(1);
  });
});
