import { beforeAll, describe, expect, it } from 'vitest';
import { readResponse } from '../../src/tool-calls/index.js';
import type { ToolCallParser } from '../../src/tool-calls/index.js';
import { newParser } from './parser-fixture.js';

/*
 * The reasoning a server set apart (`reasoning_content`, `reasoning`, Ollama's `thinking`) is read
 * by the response readers and treated by the parser as a `<think>` block the text began with: a
 * model that forgot to close `</think>` before its `<tool_call>` has its call put in that field by
 * the server's reasoning parser, with an empty content; the call must not be lost.
 */

let parser: ToolCallParser;
beforeAll(async () => {
  ({ parser } = await newParser());
});

const CALL = '<tool_call>\n{"name": "file_read", "arguments": {"path": "a.txt"}}\n</tool_call>';

function completion(message: Record<string, unknown>): unknown {
  return { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }] };
}

describe('the response readers', () => {
  it('read reasoning_content, then reasoning, of a chat completion', () => {
    expect(readResponse(completion({ content: 'hi', reasoning_content: 'why' }))).toMatchObject({ ok: true, content: 'hi', reasoning: 'why' });
    expect(readResponse(completion({ content: 'hi', reasoning: 'newer vLLM' }))).toMatchObject({ reasoning: 'newer vLLM' });
    expect(readResponse(completion({ content: 'hi', reasoning_content: 'first', reasoning: 'second' }))).toMatchObject({ reasoning: 'first' });
  });

  it("read Ollama's message.thinking", () => {
    expect(readResponse({ model: 'm', message: { role: 'assistant', content: '', thinking: 'hmm' }, done: true })).toMatchObject({ ok: true, format: 'ollama', reasoning: 'hmm' });
  });

  it("read either server's field of a bare assistant message", () => {
    expect(readResponse({ role: 'assistant', content: '', reasoning_content: 'a' })).toMatchObject({ format: 'assistant_message', reasoning: 'a' });
    expect(readResponse({ role: 'assistant', content: '', thinking: 'b' })).toMatchObject({ format: 'assistant_message', reasoning: 'b' });
  });

  it('ignore a reasoning field that is not a string, and leave the field out when there is none', () => {
    for (const value of [{ effort: 'high' }, 42, null, ['a'], true, '']) {
      const reading = readResponse(completion({ content: 'hi', reasoning_content: value, reasoning: value }));
      expect(reading.ok).toBe(true);
      expect('reasoning' in reading).toBe(false);
    }
    const getter = { role: 'assistant', content: '' };
    Object.defineProperty(getter, 'thinking', { enumerable: true, get: () => 'never run' });
    expect('reasoning' in readResponse(getter)).toBe(false);
  });
});

describe('the parser given the reasoning field', () => {
  it('takes a whole call at the end of the reasoning when the content is empty', () => {
    const result = parser.parseRawToolCalls([], '', { reasoning: `The user wants the file, so I read it.\n${CALL}` });
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.toolCalls[0]?.arguments).toMatchObject({ path: 'a.txt' });
    expect(result.reasoning).toBe('The user wants the file, so I read it.');
    expect(result.content).toBe('');
  });

  it('takes it too when the content is blank (vLLM leaves `\\n\\n` after the reasoning)', () => {
    const result = parser.parseRawToolCalls([], '\n\n', { reasoning: `Reading it.\n${CALL}` });
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.content).toBe('');
    expect(result.reasoning).toBe('Reading it.');
  });

  it('keeps a call followed by more reasoning as reasoning', () => {
    const reasoning = `Maybe ${CALL} but first I should check the size.`;
    const result = parser.parseRawToolCalls([], '', { reasoning });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.reasoning).toBe(reasoning);
  });

  it('takes no call from the reasoning when the content says something', () => {
    const result = parser.parseRawToolCalls([], 'The file is not needed.', { reasoning: `I could do ${CALL}` });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.content).toBe('The file is not needed.');
    expect(result.reasoning).toBe(`I could do ${CALL}`);
  });

  it('takes no call from the reasoning beside structured calls', () => {
    const raw = [{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path": "b.txt"}', source: 'openai' as const }];
    const result = parser.parseRawToolCalls(raw, '', { reasoning: `Plan: ${CALL}` });
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]?.arguments).toMatchObject({ path: 'b.txt' });
    expect(result.reasoning).toBe(`Plan: ${CALL}`);
  });

  it('joins the reasoning field before the reasoning split from the text', () => {
    const result = parser.parseRawToolCalls([], '<think>second</think>The answer.', { reasoning: '  first ' });
    expect(result.reasoning).toBe('first\n\nsecond');
    expect(result.content).toBe('The answer.');
  });

  it('takes a call that ends the joined reasoning, as with one <think> block', () => {
    const result = parser.parseRawToolCalls([], `<think>then ${CALL}`, { reasoning: 'first' });
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.reasoning).toBe('first\n\nthen');
  });

  it('ignores a reasoning option that is not a string (an untyped caller)', () => {
    const result = parser.parseRawToolCalls([], 'hi', { reasoning: { text: 'x' } as unknown as string });
    expect(result.reasoning).toBeUndefined();
    expect(result.content).toBe('hi');
  });

  it('reads the field of a whole response with parseResponse', () => {
    const result = parser.parseResponse(completion({ content: null, reasoning_content: `Reading.\n${CALL}` }));
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.reasoning).toBe('Reading.');
    const ollama = parser.parseResponse({ model: 'm', message: { role: 'assistant', content: 'Hello.', thinking: 'Greet them.' }, done: true });
    expect(ollama).toMatchObject({ content: 'Hello.', reasoning: 'Greet them.', toolCalls: [] });
  });
});
