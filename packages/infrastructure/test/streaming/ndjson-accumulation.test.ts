import { describe, expect, it } from 'vitest';
import { StreamingToolCallAccumulator, type StreamAccumulation } from '../../src/streaming/index.js';

function accumulate(text: string, options?: ConstructorParameters<typeof StreamingToolCallAccumulator>[0]): StreamAccumulation {
  const accumulator = new StreamingToolCallAccumulator(options);
  accumulator.push(text);
  return accumulator.end();
}

/** An Ollama `/api/chat` stream in the shape of wire-formats.md: text, a whole call, then the done line. */
const OLLAMA_STREAM = [
  '{"model":"llama3.2","created_at":"2025-07-07T20:22:19.1Z","message":{"role":"assistant","content":"Let me "},"done":false}',
  '{"model":"llama3.2","created_at":"2025-07-07T20:22:19.2Z","message":{"role":"assistant","content":"check."},"done":false}',
  '{"model":"llama3.2","created_at":"2025-07-07T20:22:19.3Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_x1","function":{"index":0,"name":"get_weather","arguments":{"city":"Tokyo"}}}]},"done":false}',
  '{"model":"llama3.2","created_at":"2025-07-07T20:22:19.4Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":182242375,"prompt_eval_count":169,"eval_count":15}',
  '',
].join('\n');

describe('StreamingToolCallAccumulator, Ollama NDJSON', () => {
  it('reads an Ollama stream: content pieces, a whole call with object arguments, the done line', () => {
    expect(accumulate(OLLAMA_STREAM)).toEqual({
      format: 'ndjson',
      calls: [{ index: 0, id: 'call_x1', name: 'get_weather', arguments: { city: 'Tokyo' }, source: 'ollama_stream' }],
      content: 'Let me check.',
      finishReason: 'stop',
      usage: { promptTokens: 169, completionTokens: 15, totalTokens: 184 },
      complete: true,
      errors: [],
    });
  });

  it('numbers calls without an index, or with one already used, after the highest index seen', () => {
    const stream = [
      '{"message":{"tool_calls":[{"function":{"name":"a","arguments":{}}},{"function":{"index":5,"name":"b","arguments":{}}}]}}',
      '{"message":{"tool_calls":[{"function":{"index":0,"name":"c","arguments":{}}},{"function":{"index":"1","name":"d","arguments":{}}}]}}',
      '{"done":true}',
    ].join('\n');
    expect(accumulate(stream).calls.map((call) => [call.index, call.name])).toEqual([
      [0, 'a'],
      [5, 'b'],
      [6, 'c'],
      [7, 'd'],
    ]);
  });

  it('passes a name and arguments of the wrong type on as sent, for the parser to report', () => {
    const stream = '{"message":{"tool_calls":[{"function":{"name":42,"arguments":"{\\"a\\":1}"}}]},"done":true}\n';
    expect(accumulate(stream).calls).toEqual([{ index: 0, name: 42, arguments: '{"a":1}', source: 'ollama_stream' }]);
  });

  it('is incomplete without the done line, but whole calls stay whole', () => {
    const stream = OLLAMA_STREAM.split('\n').slice(0, 3).join('\n');
    const result = accumulate(stream);
    expect(result.complete).toBe(false);
    expect(result.calls).toEqual([{ index: 0, id: 'call_x1', name: 'get_weather', arguments: { city: 'Tokyo' }, source: 'ollama_stream' }]);
    expect(result.finishReason).toBeUndefined();
  });

  it('marks string arguments that are not complete JSON incomplete when the stream ends early', () => {
    const result = accumulate('{"message":{"tool_calls":[{"function":{"name":"a","arguments":"{\\"x\\":"}}]}}');
    expect(result.calls[0]).toMatchObject({ arguments: '{"x":', incomplete: true });
  });

  it('reads CRLF, blank lines and a last line without a newline', () => {
    const stream = '\r\n{"message":{"content":"a"}}\r\n\r\n{"message":{"content":"b"},"done":true,"done_reason":"stop"}';
    expect(accumulate(stream)).toMatchObject({ content: 'ab', complete: true, finishReason: 'stop', errors: [] });
  });

  it('reports garbage lines with their numbers and keeps the calls on other lines', () => {
    const stream = [
      '{"message":{"tool_calls":[{"function":{"name":"a","arguments":{}}}]}}',
      'not json at all',
      '{"message":{"content":',
      '{"message":{"tool_calls":[{"function":{"name":"b","arguments":{}}}]}}',
      '{"done":true}',
    ].join('\n');
    const result = accumulate(stream);
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.errors).toEqual([
      {
        index: -1,
        source: 'ollama_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 2 of the stream is not valid JSON: unquoted text where a value was expected at character 0.',
        line: 2,
        retryable: true,
      },
      {
        index: -1,
        source: 'ollama_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 3 of the stream is not valid JSON: unexpected end of input at character 22.',
        line: 3,
        retryable: true,
      },
    ]);
  });

  it.each([
    ['a number', '42', -1, 'holds an integer where a chunk object was expected'],
    ['a message string', '{"message":"hi"}', -1, 'has message as a string, not an object'],
    ['content as an object', '{"message":{"content":{}}}', -1, 'has message.content as an object, not a string'],
    ['tool_calls as a string', '{"message":{"tool_calls":"x"}}', -1, 'has message.tool_calls as a string, not an array'],
    ['a call that is a string', '{"message":{"tool_calls":["x"]}}', 0, 'has message.tool_calls[0] as a string, not an object'],
    ['a call without function', '{"message":{"tool_calls":[{"id":"call_1"}]}}', 0, 'has message.tool_calls[0].function as nothing, not an object'],
    ['a server error', '{"error":"model \\"x\\" not found"}', -1, 'carries an error from the server: "model \\"x\\" not found"'],
  ])('reports %s as ACODE-TLP-008', (_label, line, index, problem) => {
    const result = accumulate(`${line}\n{"done":true}\n`, { format: 'ndjson' });
    expect(result.calls).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ index, code: 'ACODE-TLP-008', message: `Line 1 of the stream ${problem}.`, line: 1 })]);
  });

  it('bounds a server error message', () => {
    const result = accumulate(`{"error":"${'e'.repeat(10_000)}"}\n`);
    expect(result.errors[0]?.message.length).toBeLessThan(300);
  });

  it('reads a stream forced to NDJSON even when its first line looks like SSE', () => {
    const result = accumulate('data: x\n{"done":true}\n', { format: 'ndjson' });
    expect(result).toMatchObject({ format: 'ndjson', complete: true, errors: [expect.objectContaining({ line: 1 })] });
  });
});
