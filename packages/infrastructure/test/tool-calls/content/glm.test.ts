import { describe, expect, it } from 'vitest';
import { extractGlm } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractGlm', () => {
  it('reads GLM-4.5 key/value pairs into parameter text, kept exactly', () => {
    const text = 'ok <tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value> Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call> end';
    expect(extractGlm(text)).toEqual([
      { start: 3, end: text.length - 4, calls: [{ name: 'get_weather', parameterText: { city: ' Beijing', days: '2' } }], source: 'content_glm', marked: true },
    ]);
  });

  it('reads a call without arguments, and pairs without newlines (GLM-4.6)', () => {
    expect(extractGlm('<tool_call>get_time</tool_call><tool_call>f<arg_key>a</arg_key><arg_value>[1]</arg_value></tool_call>').map((span) => span.calls)).toEqual([
      [{ name: 'get_time', parameterText: {} }],
      [{ name: 'f', parameterText: { a: '[1]' } }],
    ]);
  });

  it('marks a call cut off incomplete, and malformed pairs failed', () => {
    expect(extractGlm('<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n')[0]).toMatchObject({ incomplete: true, calls: [{ name: 'f', parameterText: { a: '1' } }] });
    expect(extractGlm('<tool_call>f\n<arg_key>a</arg_key>\n</tool_call>')[0]).toMatchObject({ marked: true, failure: { name: 'f', message: 'no <arg_value> after <arg_key>a</arg_key>' } });
  });

  it('reads a value whose <arg_value> opener was left out, where only one reading exists', () => {
    expect(extractGlm('<tool_call>get_weather\n<arg_key>city</arg_key>\nParis</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>')[0]?.calls).toEqual([
      { name: 'get_weather', parameterText: { city: 'Paris', days: '2' } },
    ]);
    expect(extractGlm('<tool_call>f<arg_key>a</arg_key>x y</arg_value></tool_call>')[0]?.calls).toEqual([{ name: 'f', parameterText: { a: 'x y' } }]);
    // Another key or value tag before the close: where the value ends is not known.
    for (const text of ['<tool_call>f\n<arg_key>a</arg_key>\nx\n<arg_key>b</arg_key>\n<arg_value>y</arg_value>\n</tool_call>', '<tool_call>f\n<arg_key>a</arg_key>\nx <arg_value>y</arg_value>\n</tool_call>']) {
      expect(extractGlm(text)[0]).toMatchObject({ marked: true, failure: { name: 'f', message: 'no <arg_value> after <arg_key>a</arg_key>' } });
    }
    // The close of the value after the call's end does not count: the call is cut.
    expect(extractGlm('<tool_call>f\n<arg_key>a</arg_key>\nx</tool_call> later </arg_value>')[0]).toMatchObject({ failure: { message: 'no <arg_value> after <arg_key>a</arg_key>' } });
  });

  it('leaves JSON bodies (Hermes), XML functions (Qwen3) and prose after the tag as text', () => {
    for (const text of ['<tool_call>{"name": "f", "arguments": {}}</tool_call>', '<tool_call>\n<function=f>\n</function>\n</tool_call>', 'Wrap it in <tool_call>tags like this</tool_call>', 'the <tool_call>x']) {
      expect(extractGlm(text)).toEqual([]);
    }
  });
  it('stays linear on hostile repeated markers', () => {
    const started = Date.now();
    for (const text of ['<tool_call>f<arg_key>'.repeat(50_000), '<tool_call>x\n'.repeat(80_000)]) extractGlm(text);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('GLM calls through the parser', () => {
  it('extracts the call, typing values by the schema', async () => {
    const { parser } = await newParser();
    const content = 'Reading.\n<tool_call>file_read\n<arg_key>path</arg_key>\n<arg_value>10</arg_value>\n<arg_key>start_line</arg_key>\n<arg_value>3</arg_value>\n</tool_call>';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.arguments['start_line'], call.source])).toEqual([['file_read', '10', 3, 'content_glm']]);
    expect(result.content).toBe('Reading.');
  });
});
