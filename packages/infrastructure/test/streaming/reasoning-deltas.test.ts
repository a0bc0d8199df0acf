import { describe, expect, it } from 'vitest';
import { StreamingToolCallAccumulator, type StreamAccumulation } from '../../src/streaming/index.js';
import { contentEvent, dataEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

/*
 * The reasoning a server's reasoning parser sets apart (vLLM, SGLang, llama.cpp, LM Studio:
 * `delta.reasoning_content`, newer vLLM `delta.reasoning`; Ollama with `think: true`:
 * `message.thinking`) is accumulated beside the text, whatever the chunking.
 */

/** Pushes `text` in pieces of `size` characters, as a socket may cut it. */
function accumulate(text: string, size = text.length, options?: ConstructorParameters<typeof StreamingToolCallAccumulator>[0]): StreamAccumulation {
  const accumulator = new StreamingToolCallAccumulator(options);
  for (let at = 0; at < text.length; at += size) accumulator.push(text.slice(at, at + size));
  return accumulator.end();
}

function reasoningEvent(piece: unknown, field = 'reasoning_content'): string {
  return dataEvent({ choices: [{ index: 0, delta: { [field]: piece } }] });
}

function ollamaLine(message: Record<string, unknown>, done = false): string {
  return `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: '', ...message }, done, ...(done ? { done_reason: 'stop' } : {}) })}\n`;
}

const REASONING = 'The user wants a.txt, so I read it.';

/** `text` in pieces of `size` characters, as a server streams tokens. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

describe('reasoning in OpenAI-compatible deltas', () => {
  const stream = [...pieces(REASONING, 3).map((piece) => reasoningEvent(piece)), contentEvent('\n\n'), contentEvent('Done.'), finishEvent('stop'), DONE_EVENT].join('');

  it.each([1, 5, 64, stream.length])('joins reasoning_content deltas apart from the text, pushed in pieces of %i', (size) => {
    const result = accumulate(stream, size);
    expect(result.reasoning).toBe(REASONING);
    expect(result.content).toBe('\n\nDone.');
    expect(result.errors).toEqual([]);
  });

  it('reads newer vLLM `reasoning` deltas too, and takes one field of a delta that carries both', () => {
    const both = dataEvent({ choices: [{ index: 0, delta: { reasoning_content: 'once', reasoning: 'once' } }] });
    const result = accumulate([reasoningEvent('Think ', 'reasoning'), reasoningEvent('more.', 'reasoning'), both, finishEvent('stop'), DONE_EVENT].join(''));
    expect(result.reasoning).toBe('Think more.once');
  });

  it('keeps the reasoning when the caller keeps no text (the text went to onContent)', () => {
    const seen: string[] = [];
    const result = accumulate(stream, 7, { keepContent: false, onContent: (text) => seen.push(text) });
    expect(result.content).toBe('');
    expect(result.reasoning).toBe(REASONING);
    // Reasoning is not text: nobody receives it as it streams.
    expect(seen.join('')).toBe('\n\nDone.');
  });

  it('ignores a reasoning field that is not a string, without an error', () => {
    const result = accumulate([reasoningEvent({ effort: 'high' }), reasoningEvent(42, 'reasoning'), reasoningEvent(null), contentEvent('ok'), finishEvent('stop'), DONE_EVENT].join(''));
    expect(result.reasoning).toBeUndefined();
    expect(result.content).toBe('ok');
    expect(result.errors).toEqual([]);
  });

  it('has no reasoning field when none arrived', () => {
    expect('reasoning' in accumulate([contentEvent('hi'), finishEvent('stop'), DONE_EVENT].join(''))).toBe(false);
  });

  it('counts the reasoning kept, for callers that bound an answer', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(reasoningEvent('abcd'));
    expect(accumulator.reasoningCharacters).toBe(4);
    accumulator.push(reasoningEvent('efg'));
    expect(accumulator.reasoningCharacters).toBe(7);
  });
});

describe('Ollama thinking in NDJSON lines', () => {
  const stream = [
    ...pieces(REASONING, 4).map((piece) => ollamaLine({ thinking: piece })),
    ollamaLine({ content: 'Done.' }),
    ollamaLine({ tool_calls: [{ function: { name: 'file_read', arguments: { path: 'a.txt' } } }] }),
    ollamaLine({}, true),
  ].join('');

  it.each([1, 9, stream.length])('joins message.thinking pieces apart from the text, pushed in pieces of %i', (size) => {
    const result = accumulate(stream, size);
    expect(result.reasoning).toBe(REASONING);
    expect(result.content).toBe('Done.');
    expect(result.calls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.errors).toEqual([]);
  });

  it('ignores a thinking field that is not a string', () => {
    const result = accumulate([ollamaLine({ thinking: ['a'] }), ollamaLine({ thinking: true, content: 'ok' }), ollamaLine({}, true)].join(''));
    expect(result.reasoning).toBeUndefined();
    expect(result.content).toBe('ok');
    expect(result.errors).toEqual([]);
  });
});
