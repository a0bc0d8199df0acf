import { describe, expect, it } from 'vitest';
import { StreamingToolCallAccumulator, type StreamAccumulation } from '../../src/streaming/index.js';
import { bytesOf, contentEvent, dataEvent, deltaEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

function accumulate(text: string, options?: ConstructorParameters<typeof StreamingToolCallAccumulator>[0]): StreamAccumulation {
  const accumulator = new StreamingToolCallAccumulator(options);
  accumulator.push(text);
  return accumulator.end();
}

/** The example of wire-formats.md, verbatim. */
const WIRE_FORMAT_EXAMPLE = `data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"file_","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"read","arguments":"{\\"pa"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"th\\": \\"a.txt\\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`;

describe('StreamingToolCallAccumulator, OpenAI-compatible SSE', () => {
  it('assembles the wire-formats.md example', () => {
    expect(accumulate(WIRE_FORMAT_EXAMPLE)).toEqual({
      format: 'sse',
      calls: [{ index: 0, id: 'call_a', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' }],
      content: '',
      finishReason: 'tool_calls',
      complete: true,
      errors: [],
    });
  });

  it('assembles scenario 6: a name and arguments each in two fragments', () => {
    const stream = [
      deltaEvent({ index: 0, id: 'call_stream_0', name: 'read' }),
      deltaEvent({ index: 0, name: '_file' }),
      deltaEvent({ index: 0, args: '{"path":' }),
      deltaEvent({ index: 0, args: ' "README.md"}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    expect(accumulate(stream).calls).toEqual([
      { index: 0, id: 'call_stream_0', name: 'read_file', arguments: '{"path": "README.md"}', source: 'openai_stream' },
    ]);
  });

  it('keeps interleaved calls apart by index', () => {
    const stream = [
      deltaEvent({ index: 0, id: 'call_0', name: 'read_file' }),
      deltaEvent({ index: 1, id: 'call_1', name: 'write_file' }),
      deltaEvent({ index: 0, args: '{"path": ' }),
      deltaEvent({ index: 1, args: '{"path": "b.txt", ' }),
      deltaEvent({ index: 0, args: '"a.txt"}' }),
      deltaEvent({ index: 1, args: '"content": "hi"}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    expect(accumulate(stream).calls).toEqual([
      { index: 0, id: 'call_0', name: 'read_file', arguments: '{"path": "a.txt"}', source: 'openai_stream' },
      { index: 1, id: 'call_1', name: 'write_file', arguments: '{"path": "b.txt", "content": "hi"}', source: 'openai_stream' },
    ]);
  });

  it('sorts calls by index when a higher index starts first, and reads several fragments in one delta', () => {
    const stream = [
      deltaEvent({ index: 2, id: 'call_2', name: 'git_status', args: '{}' }),
      deltaEvent({ index: 0, id: 'call_0', name: 'file_read', args: '{"path":"x"}' }, { index: 1, id: 'call_1', name: 'directory_list' }),
      deltaEvent({ index: 1, args: '{"path":"."}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    expect(accumulate(stream).calls.map((call) => [call.index, call.id, call.name, call.arguments])).toEqual([
      [0, 'call_0', 'file_read', '{"path":"x"}'],
      [1, 'call_1', 'directory_list', '{"path":"."}'],
      [2, 'call_2', 'git_status', '{}'],
    ]);
  });

  it('accepts argument fragments that arrive before the name and id of their call', () => {
    const stream = [deltaEvent({ index: 0, args: '{"a":' }), deltaEvent({ index: 0, id: 'call_late', name: 'tool' }), deltaEvent({ index: 0, args: '1}' }), finishEvent()].join('');
    expect(accumulate(stream).calls).toEqual([{ index: 0, id: 'call_late', name: 'tool', arguments: '{"a":1}', source: 'openai_stream' }]);
  });

  it('keeps the first id when a server repeats it in every fragment', () => {
    const stream = [deltaEvent({ index: 0, id: 'call_1', name: 'tool', args: '{' }), deltaEvent({ index: 0, id: 'call_1', args: '}' }), finishEvent()].join('');
    expect(accumulate(stream).calls[0]).toMatchObject({ id: 'call_1', arguments: '{}' });
  });

  it('gives an empty arguments string and no name when no fragment carried them', () => {
    const stream = [deltaEvent({ index: 0, id: 'call_1' }), finishEvent(), DONE_EVENT].join('');
    expect(accumulate(stream).calls).toEqual([{ index: 0, id: 'call_1', arguments: '', source: 'openai_stream' }]);
  });

  it('concatenates content deltas and records finish_reason and usage', () => {
    const stream = [
      contentEvent('Hel'),
      contentEvent('lo, '),
      dataEvent({ choices: [{ index: 0, delta: { content: null } }] }),
      contentEvent('東京'),
      finishEvent('stop'),
      dataEvent({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 } }),
      DONE_EVENT,
    ].join('');
    expect(accumulate(stream)).toEqual({
      format: 'sse',
      calls: [],
      content: 'Hello, 東京',
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
      complete: true,
      errors: [],
    });
  });

  it('reads CRLF line endings, data without a space, comments, other fields and multi-line data', () => {
    const stream = [
      ': connected\r\n\r\n',
      'event: message\r\nid: 1\r\nretry: 500\r\n',
      'data:{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"file_read","arguments":"{\\"path\\":"}}]}}]}\r\n\r\n',
      // Two data lines form one event, joined with a newline (whitespace between JSON tokens).
      'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,\r\ndata: "function":{"arguments":"\\"a.txt\\"}"}}]}}]}\r\n\r\n',
      'data: [DONE]\r\n\r\n',
    ].join('');
    expect(accumulate(stream)).toMatchObject({
      calls: [{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path":"a.txt"}' }],
      complete: true,
      errors: [],
    });
  });

  it('counts the last event although the stream ends without its blank line', () => {
    expect(accumulate(`${finishEvent()}data: [DONE]`)).toMatchObject({ complete: true, errors: [] });
  });

  it('is complete on finish_reason alone, and on [DONE] alone', () => {
    const call = deltaEvent({ index: 0, name: 't', args: '{"a":' });
    expect(accumulate(call + finishEvent())).toMatchObject({ complete: true, calls: [{ arguments: '{"a":' }] });
    expect(accumulate(call + finishEvent()).calls[0]?.incomplete).toBeUndefined();
    expect(accumulate(call + DONE_EVENT)).toMatchObject({ complete: true });
    expect(accumulate(call + DONE_EVENT).calls[0]?.incomplete).toBeUndefined();
  });

  it('marks a call incomplete when the stream ends without finish_reason or [DONE]', () => {
    const stream = [deltaEvent({ index: 0, id: 'call_1', name: 'file_read', args: '{"path": "a.t' })].join('');
    expect(accumulate(stream)).toEqual({
      format: 'sse',
      calls: [{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path": "a.t', source: 'openai_stream', incomplete: true }],
      content: '',
      complete: false,
      errors: [],
    });
  });

  it('marks only the unfinished calls of an unterminated stream incomplete, including one with no arguments yet', () => {
    const stream = [deltaEvent({ index: 0, name: 'a', args: '{}' }), deltaEvent({ index: 1, name: 'b', args: '[1,' }), deltaEvent({ index: 2, name: 'c' })].join('');
    expect(accumulate(stream).calls.map((call) => [call.index, call.incomplete])).toEqual([
      [0, undefined],
      [1, true],
      [2, true],
    ]);
  });

  it('marks a call incomplete when finish_reason is length: the model ran out of tokens mid-call', () => {
    const stream = [deltaEvent({ index: 0, name: 'file_write', args: '{"path": "a", "content": "lo' }), finishEvent('length'), DONE_EVENT].join('');
    expect(accumulate(stream)).toMatchObject({ complete: true, finishReason: 'length', calls: [{ incomplete: true }] });
  });

  it('keeps what arrived of a stream cut in the middle of a data line, with the error for that line', () => {
    const whole = deltaEvent({ index: 0, id: 'call_1', name: 'file_read', args: '{"path": ' }) + deltaEvent({ index: 0, args: '"a.txt"}' });
    const cut = whole.slice(0, whole.length - 20);
    const result = accumulate(cut);
    expect(result.calls).toEqual([{ index: 0, id: 'call_1', name: 'file_read', arguments: '{"path": ', source: 'openai_stream', incomplete: true }]);
    expect(result.complete).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'ACODE-TLP-008', index: -1, line: 3, retryable: true, message: expect.stringMatching(/^Line 3 of the stream is not valid JSON: unterminated string/) }),
    ]);
  });

  it('joins a UTF-8 character split across byte chunks', () => {
    const bytes = bytesOf(deltaEvent({ index: 0, name: 'get_weather', args: '{"city":"東京"}' }) + finishEvent());
    const split = bytes.indexOf(0xe6) + 1; // inside the three bytes of 東
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(bytes.subarray(0, split));
    accumulator.push(bytes.subarray(split, split + 1));
    accumulator.push(bytes.subarray(split + 1));
    expect(accumulator.end().calls[0]?.arguments).toBe('{"city":"東京"}');
  });

  it('ignores a byte order mark at the start of the stream', () => {
    const accumulator = new StreamingToolCallAccumulator();
    accumulator.push(new Uint8Array([0xef, 0xbb]));
    accumulator.push(new Uint8Array([0xbf]));
    accumulator.push(DONE_EVENT);
    expect(accumulator.end()).toMatchObject({ format: 'sse', complete: true, errors: [] });
  });
});

describe('StreamingToolCallAccumulator, malformed SSE', () => {
  it('reports a garbage line with its line number and keeps the calls around it', () => {
    const stream = [
      deltaEvent({ index: 0, id: 'call_0', name: 'read_file', args: '{"path":"a"}' }),
      'data: <html>502 Bad Gateway</html>\n\n',
      deltaEvent({ index: 1, id: 'call_1', name: 'read_file', args: '{"path":"b"}' }),
      finishEvent(),
      DONE_EVENT,
    ].join('');
    const result = accumulate(stream);
    expect(result.calls.map((call) => call.id)).toEqual(['call_0', 'call_1']);
    expect(result.errors).toEqual([
      {
        index: -1,
        source: 'openai_stream',
        code: 'ACODE-TLP-008',
        message: "Line 3 of the stream is not valid JSON: unexpected '<' where a value was expected at character 0.",
        line: 3,
        retryable: true,
      },
    ]);
  });

  it.each([
    ['a JSON array', 'data: [1,2]', 'holds an array where a chunk object was expected'],
    ['choices not an array', 'data: {"choices":{"0":{}}}', 'has choices as an object, not an array'],
    ['a delta that is a string', 'data: {"choices":[{"delta":"hi"}]}', 'has choices[0].delta as a string, not an object'],
    ['content that is a number', 'data: {"choices":[{"delta":{"content":5}}]}', 'has choices[0].delta.content as an integer, not a string'],
    ['tool_calls not an array', 'data: {"choices":[{"delta":{"tool_calls":{"index":0}}}]}', 'has choices[0].delta.tool_calls as an object, not an array'],
    ['a fragment that is null', 'data: {"choices":[{"delta":{"tool_calls":[null]}}]}', 'has choices[0].delta.tool_calls[0] as null, not an object'],
    ['a negative index', 'data: {"choices":[{"delta":{"tool_calls":[{"index":-1}]}}]}', 'has choices[0].delta.tool_calls[0].index -1, not a non-negative integer, so the fragment matches no call'],
    ['a fractional index', 'data: {"choices":[{"delta":{"tool_calls":[{"index":0.5}]}}]}', 'has choices[0].delta.tool_calls[0].index 0.5, not a non-negative integer, so the fragment matches no call'],
    ['a string index', 'data: {"choices":[{"delta":{"tool_calls":[{"index":"0"}]}}]}', 'has choices[0].delta.tool_calls[0].index a string, not a non-negative integer, so the fragment matches no call'],
    ['a finish_reason that is a number', 'data: {"choices":[{"delta":{},"finish_reason":1}]}', 'has choices[0].finish_reason as an integer, not a string'],
    ['a server error', 'data: {"error":{"message":"model overloaded","type":"server_error"}}', 'carries an error from the server: "model overloaded"'],
  ])('reports %s as ACODE-TLP-008 naming the field', (_label, line, problem) => {
    const result = accumulate(`${line}\n\n${DONE_EVENT}`);
    expect(result.errors).toEqual([{ index: -1, source: 'openai_stream', code: 'ACODE-TLP-008', message: `Line 1 of the stream ${problem}.`, line: 1, retryable: true }]);
    expect(result.complete).toBe(true);
  });

  it('drops a call with a malformed fragment, reports it once with its id and name, and keeps the others', () => {
    const stream = [
      deltaEvent({ index: 0, id: 'call_0', name: 'file_read', args: '{"path":' }),
      deltaEvent({ index: 1, id: 'call_1', name: 'git_status', args: '{}' }),
      'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":{"path":"a"}}}]}}]}\n\n',
      deltaEvent({ index: 0, args: '"a"}' }),
      'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":7}}]}}]}\n\n',
      finishEvent(),
    ].join('');
    const result = accumulate(stream);
    expect(result.calls.map((call) => call.id)).toEqual(['call_1']);
    expect(result.errors).toEqual([
      {
        index: 0,
        id: 'call_0',
        tool: 'file_read',
        source: 'openai_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 5 of the stream sent the arguments of call 0 as an object after other arguments; the call was dropped.',
        line: 5,
        retryable: true,
      },
    ]);
  });

  it('drops a call whose arguments are neither text nor an object', () => {
    const result = accumulate(`data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"t","arguments":[1]}}]}}]}\n\n${DONE_EVENT}`);
    expect(result.calls).toEqual([]);
    expect(result.errors).toEqual([
      {
        index: 0,
        source: 'openai_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 1 of the stream has choices[0].delta.tool_calls[0].function.arguments as an array, not a string or an object.',
        line: 1,
        retryable: true,
      },
    ]);
  });

  it('refuses a call whose arguments outgrow maxArgumentSize with ACODE-TLP-009, keeping no more of it', () => {
    const piece = 'x'.repeat(600);
    const stream = [
      deltaEvent({ index: 0, id: 'call_big', name: 'file_write', args: `{"content":"${piece}` }),
      deltaEvent({ index: 0, args: piece }),
      deltaEvent({ index: 0, args: `${piece}"}` }),
      deltaEvent({ index: 1, id: 'call_small', name: 'file_read', args: '{"path":"a"}' }),
      finishEvent(),
    ].join('');
    const result = accumulate(stream, { maxArgumentSize: 1024 });
    expect(result.calls.map((call) => call.id)).toEqual(['call_small']);
    expect(result.errors).toEqual([
      {
        index: 0,
        id: 'call_big',
        tool: 'file_write',
        source: 'openai_stream',
        code: 'ACODE-TLP-009',
        message: 'Line 3 of the stream took the arguments of call 0 past the limit of 1 KiB; the call was dropped. Send smaller arguments.',
        line: 3,
        retryable: true,
      },
    ]);
  });

  it('measures maxArgumentSize in UTF-8 bytes', () => {
    // 400 × "é" is 400 characters but 800 bytes; twice that is over 1 KiB.
    const stream = deltaEvent({ index: 0, name: 't', args: 'é'.repeat(400) }) + deltaEvent({ index: 0, args: 'é'.repeat(400) });
    expect(accumulate(stream, { maxArgumentSize: 1024 }).errors.map((error) => error.code)).toEqual(['ACODE-TLP-009']);
  });

  it('drops a call whose name grows past 1 KiB', () => {
    const stream = Array.from({ length: 5 }, () => deltaEvent({ index: 0, name: 'n'.repeat(300) })).join('');
    const result = accumulate(stream);
    expect(result.calls).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'ACODE-TLP-008', line: 7, message: 'Line 7 of the stream took the name of call 0 past 1024 bytes; the call was dropped.' });
    expect(result.errors[0]?.tool).toHaveLength(64);
  });

  it('reports an unrecognisable first line and detects the format from the next', () => {
    const result = accumulate(`HTTP/1.1 200 OK\n\n${WIRE_FORMAT_EXAMPLE}`);
    expect(result.format).toBe('sse');
    expect(result.calls).toHaveLength(1);
    expect(result.errors).toEqual([
      expect.objectContaining({ line: 1, message: 'Line 1 of the stream is neither a server-sent event nor a JSON object, so the stream format is not recognised.' }),
    ]);
  });

  it('lists at most 50 errors and counts the rest', () => {
    const result = accumulate(`${'data: nonsense\n\n'.repeat(1000)}${DONE_EVENT}`);
    expect(result.errors).toHaveLength(51);
    expect(result.errors[49]?.line).toBe(99);
    expect(result.errors[50]).toEqual({ index: -1, source: 'openai_stream', code: 'ACODE-TLP-008', message: '950 more stream errors not listed.', retryable: true });
  });

  it('reports an SSE event too long to keep once, and reads the events after it', () => {
    const big = `data: {"choices":[{"delta":{"content":"${'x'.repeat(3000)}"}}]}\n\n`;
    const result = accumulate(contentEvent('before ') + big + contentEvent('after') + DONE_EVENT, { maxLineBytes: 2048 });
    expect(result.content).toBe('before after');
    expect(result.errors).toEqual([expect.objectContaining({ code: 'ACODE-TLP-008', line: 3, message: 'Line 3 of the stream starts an event longer than 2 KiB; the event was skipped.' })]);
  });

  it('reports an overlong first line as a line, since no format is known yet', () => {
    const result = accumulate(`data: ${'x'.repeat(3000)}\n\n${DONE_EVENT}`, { maxLineBytes: 2048 });
    expect(result).toMatchObject({ format: 'sse', complete: true });
    expect(result.errors).toEqual([expect.objectContaining({ line: 1, message: 'Line 1 of the stream is longer than 2 KiB and was skipped.' })]);
  });

  it('bounds an event built from many short data lines like one long line', () => {
    const result = accumulate(`${'data: 1\n'.repeat(2000)}\n${DONE_EVENT}`, { maxLineBytes: 1024 });
    expect(result.errors).toEqual([expect.objectContaining({ line: 1, message: 'Line 1 of the stream starts an event longer than 1 KiB; the event was skipped.' })]);
    expect(result.complete).toBe(true);
  });
});
