import { describe, expect, it } from 'vitest';
import { extractFunctionTags } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractFunctionTags', () => {
  it('reads <function=NAME>{...}</function> (Llama 3.1 custom tools, Functionary v3.1)', () => {
    const text = 'a <function=get_weather>{"city": "Paris"}</function> b';
    expect(extractFunctionTags(text)).toEqual([
      { start: 2, end: text.length - 2, calls: [{ name: 'get_weather', arguments: '{"city": "Paris"}' }], source: 'content_function_tag', marked: true },
    ]);
  });

  it('reads <function name="NAME"> and a missing </function>, several in a row', () => {
    const spans = extractFunctionTags('<function name="a">{"x": 1}</function>\n<function name=\'b.c\'> {"y": "}"} then');
    expect(spans.map((span) => span.calls)).toEqual([[{ name: 'a', arguments: '{"x": 1}' }], [{ name: 'b.c', arguments: '{"y": "}"}' }]]);
    expect(spans[1]?.end).toBe('<function name="a">{"x": 1}</function>\n<function name=\'b.c\'> {"y": "}"}'.length);
  });

  it('marks JSON never closed incomplete', () => {
    expect(extractFunctionTags('<function=f>{"a": "b')).toEqual([{ start: 0, end: 20, calls: [{ name: 'f', arguments: '{"a": "b' }], source: 'content_function_tag', marked: true, incomplete: true }]);
  });

  it('leaves prose, XML parameters (Qwen3-Coder) and malformed tags as text', () => {
    for (const text of [
      'Write <function=NAME> followed by JSON.',
      '<function=f>\n<parameter=a>\n1\n</parameter>\n</function>',
      '<function name=f>{}</function>',
      '<function=has space>{}</function>',
      '<functions>{}</functions>',
      'function f() { return 1; }',
    ]) {
      expect(extractFunctionTags(text)).toEqual([]);
    }
  });
});

describe('function tags through the parser', () => {
  it('extracts the call with its JSON arguments, and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Let me run it.\n<function=command_execute>{"command": "ls -la"}</function>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['command'], call.source])).toEqual([['command_execute', 'ls -la', 'content_function_tag']]);
    expect(result.content).toBe('Let me run it.');
  });

  it('keeps an unknown name inside the tag a call, refused as unknown', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<function=launch_rockets>{}</function>'));
    expect(result.errors.map((error) => [error.code, error.source])).toEqual([['ACODE-TLP-005', 'content_function_tag']]);
  });
});
