import { describe, expect, it } from 'vitest';
import { StreamingToolCallAccumulator, type StreamAccumulation } from '../../src/streaming/index.js';
import { dataEvent, deltaEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

/** Issue 11 item 9: deltas without an `index`, arguments sent as an object, and the end marker. */

function accumulate(text: string): StreamAccumulation {
  const accumulator = new StreamingToolCallAccumulator();
  accumulator.push(text);
  return accumulator.end();
}

describe('tool_calls deltas without an index', () => {
  it('continues the current call until a new id starts the next one', () => {
    const stream = [
      deltaEvent({ index: undefined, id: 'call_a', name: 'file_read', args: '' }),
      deltaEvent({ index: undefined, args: '{"path": ' }),
      deltaEvent({ index: undefined, args: '"a.txt"}' }),
      deltaEvent({ index: undefined, id: 'call_b', name: 'git_status', args: '{}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    expect(accumulate(stream)).toEqual({
      format: 'sse',
      calls: [
        { index: 0, id: 'call_a', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' },
        { index: 1, id: 'call_b', name: 'git_status', arguments: '{}', source: 'openai_stream' },
      ],
      content: '',
      finishReason: 'tool_calls',
      complete: true,
      errors: [],
    });
  });

  it('keeps repeated ids on the same call, and fragments without an id on the call before them', () => {
    const stream = [
      deltaEvent({ index: undefined, id: 'call_a', name: 'file_' }),
      deltaEvent({ index: undefined, id: 'call_a', name: 'read', args: '{"path":' }),
      deltaEvent({ index: undefined, args: '"x"}' }),
      finishEvent(),
    ].join('');
    expect(accumulate(stream).calls).toEqual([{ index: 0, id: 'call_a', name: 'file_read', arguments: '{"path":"x"}', source: 'openai_stream' }]);
  });

  it('without ids, takes each fragment of one delta, and a name after arguments, as the next call', () => {
    const stream = [
      deltaEvent({ index: undefined, name: 'a', args: '{"n":1}' }, { index: undefined, name: 'b', args: '{"n":2}' }),
      deltaEvent({ index: undefined, name: 'c', args: '{"n":' }),
      deltaEvent({ index: undefined, args: '3}' }),
      finishEvent(),
    ].join('');
    expect(accumulate(stream).calls.map((call) => [call.index, call.id, call.name, call.arguments])).toEqual([
      [0, undefined, 'a', '{"n":1}'],
      [1, undefined, 'b', '{"n":2}'],
      [2, undefined, 'c', '{"n":3}'],
    ]);
  });

  it('continues a call an indexed fragment started, and numbers a new one after the highest index', () => {
    const stream = [
      deltaEvent({ index: 3, id: 'call_a', name: 'file_read', args: '{"path":' }),
      deltaEvent({ index: undefined, args: '"a"}' }),
      deltaEvent({ index: undefined, id: 'call_b', name: 'git_status', args: '{}' }),
      finishEvent(),
    ].join('');
    expect(accumulate(stream).calls.map((call) => [call.index, call.id, call.arguments])).toEqual([
      [3, 'call_a', '{"path":"a"}'],
      [4, 'call_b', '{}'],
    ]);
  });

  it('treats "index": null like no index', () => {
    const stream = dataEvent({ choices: [{ index: 0, delta: { tool_calls: [{ index: null, id: 'call_a', function: { name: 'git_status', arguments: '{}' } }] } }] }) + DONE_EVENT;
    expect(accumulate(stream).calls).toEqual([{ index: 0, id: 'call_a', name: 'git_status', arguments: '{}', source: 'openai_stream' }]);
  });

  it('marks an index-less call left open by a stream without its end marker incomplete', () => {
    const stream = deltaEvent({ index: undefined, id: 'call_a', name: 'file_read', args: '{"path": "a' });
    expect(accumulate(stream)).toMatchObject({ complete: false, calls: [{ index: 0, id: 'call_a', arguments: '{"path": "a', incomplete: true }] });
  });
});

describe('tool_calls arguments sent as an object', () => {
  it('takes the object as the whole arguments', () => {
    const stream =
      dataEvent({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'file_read', arguments: { path: 'a.txt' } } }] } }] }) + finishEvent() + DONE_EVENT;
    expect(accumulate(stream).calls).toEqual([{ index: 0, id: 'call_a', name: 'file_read', arguments: { path: 'a.txt' }, source: 'openai_stream' }]);
  });

  it('is never incomplete: an object arrived whole, even in a stream cut after it', () => {
    const stream = dataEvent({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'git_status', arguments: {} } }] } }] });
    expect(accumulate(stream)).toMatchObject({ complete: false, calls: [{ arguments: {} }] });
    expect(accumulate(stream).calls[0]?.incomplete).toBeUndefined();
  });

  it('drops a call that sends text after its object, with an error naming the line', () => {
    const stream = [
      dataEvent({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'file_read', arguments: { path: 'a' } } }] } }] }),
      deltaEvent({ index: 0, args: '{"path": "b"}' }),
      DONE_EVENT,
    ].join('');
    const result = accumulate(stream);
    expect(result.calls).toEqual([]);
    expect(result.errors).toEqual([
      {
        index: 0,
        id: 'call_a',
        tool: 'file_read',
        source: 'openai_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 3 of the stream sent a piece of the arguments of call 0 after the whole of them as an object; the call was dropped.',
        line: 3,
        retryable: true,
      },
    ]);
  });
});

describe('the end marker ends the answer', () => {
  it('ignores what a server sends after [DONE], and says the stream ended', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(deltaEvent({ index: 0, id: 'call_a', name: 'git_status', args: '{}' }));
    expect(accumulator.ended).toBe(false);
    accumulator.push(finishEvent());
    // A finish reason alone does not end the stream: usage may follow it.
    expect(accumulator.ended).toBe(false);
    accumulator.push(DONE_EVENT);
    expect(accumulator.ended).toBe(true);
    accumulator.push(deltaEvent({ index: 1, id: 'call_b', name: 'file_read', args: '{}' }) + 'data: not json\n\n');
    expect(accumulator.end()).toMatchObject({ complete: true, errors: [], calls: [{ id: 'call_a' }] });
    expect(accumulator.end().calls).toHaveLength(1);
  });

  it('ends at a [DONE] line whose blank line has not come (a server holding the connection open)', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(`${finishEvent('stop')}data: [DONE]\n`);
    expect(accumulator.ended).toBe(true);
  });

  it('ends at done: true in NDJSON and ignores later lines', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push('{"message":{"content":"hi"},"done":false}\n');
    expect(accumulator.ended).toBe(false);
    accumulator.push('{"message":{"content":""},"done":true,"done_reason":"stop"}\n{"message":{"content":" more"},"done":false}\n');
    expect(accumulator.ended).toBe(true);
    expect(accumulator.end()).toMatchObject({ content: 'hi', complete: true, finishReason: 'stop', errors: [] });
  });
});
