import { describe, expect, it } from 'vitest';
import { extractQwen3Xml } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const CALL = '<tool_call>\n<function=get_weather>\n<parameter=city>\nSan Francisco\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>';

describe('extractQwen3Xml', () => {
  it('reads Qwen3-Coder calls into parameter text, one newline removed at each end of a value', () => {
    expect(extractQwen3Xml(`Sure.\n${CALL}`)).toEqual([
      { start: 6, end: 6 + CALL.length, calls: [{ name: 'get_weather', parameterText: { city: 'San Francisco', days: '3' } }], source: 'content_qwen3_xml', marked: true },
    ]);
  });

  it('keeps inner newlines and indentation of a multi-line value', () => {
    const text = '<tool_call>\n<function=file_write>\n<parameter=content>\n\n  line 1\nline 2\n\n</parameter>\n</function>\n</tool_call>';
    expect(extractQwen3Xml(text)[0]?.calls).toEqual([{ name: 'file_write', parameterText: { content: '\n  line 1\nline 2\n' } }]);
  });

  it('reads Seed-OSS <seed:tool_call>, a missing </parameter>, several functions and calls', () => {
    const text = '<seed:tool_call>\n<function=a>\n<parameter=x>\n1\n<parameter=y>\nz\n</function>\n<function=b>\n</function>\n</seed:tool_call><tool_call><function=c></function></tool_call>';
    expect(extractQwen3Xml(text).map((span) => span.calls)).toEqual([
      [
        { name: 'a', parameterText: { x: '1', y: 'z' } },
        { name: 'b', parameterText: {} },
      ],
      [{ name: 'c', parameterText: {} }],
    ]);
  });

  it('reads a bare <function=NAME> followed by parameters at the tail, and JSON arguments inside the wrapper', () => {
    expect(extractQwen3Xml('x <function=f>\n<parameter=a>\nb\n</parameter>\n</function>\n')).toMatchObject([{ start: 2, calls: [{ name: 'f', parameterText: { a: 'b' } }] }]);
    expect(extractQwen3Xml('<tool_call>\n<function=f>{"a": 1}</function>\n</tool_call>')[0]?.calls).toEqual([{ name: 'f', arguments: '{"a": 1}' }]);
  });

  it('marks a call cut off by the end incomplete, and a broken one failed', () => {
    expect(extractQwen3Xml('<tool_call>\n<function=f>\n<parameter=a>\npartial')[0]).toMatchObject({ incomplete: true, calls: [{ name: 'f', parameterText: { a: 'partial' } }] });
    expect(extractQwen3Xml('<tool_call>\n<function=f>\nhello\n</function>\n</tool_call>')[0]).toMatchObject({ marked: true, failure: { name: 'f' } });
  });

  it('leaves Hermes JSON bodies, prose and a bare tag without parameters as text', () => {
    for (const text of [
      '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
      'Use <function=NAME> tags.',
      'Write:\n```xml\n<function=NAME>\n<parameter=KEY>VALUE</parameter>\n</function>\n```\nwhere NAME is the tool.',
      '<function=f>\n<parameter=a>\nb\n</parameter>\n</function> is the form.', '<function=f>{"a": 1}</function>', 'a <parameter=x> b']) {
      expect(extractQwen3Xml(text)).toEqual([]);
    }
  });
  it('stays linear on hostile repeated markers', () => {
    const started = Date.now();
    for (const text of ['<function='.repeat(100_000), '<tool_call><function=f><parameter=a>'.repeat(30_000), '<seed:tool_call>'.repeat(60_000)]) extractQwen3Xml(text);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('Qwen3-Coder XML through the parser', () => {
  it('types values by the schema: a string stays a string even when it looks like a number', async () => {
    const { parser } = await newParser();
    const content = 'Running it.\n<tool_call>\n<function=command_execute>\n<parameter=command>\n42\n</parameter>\n<parameter=timeout_seconds>\n30\n</parameter>\n</function>\n</tool_call>';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['command'], call.arguments['timeout_seconds'], call.source])).toEqual([['command_execute', '42', 30, 'content_qwen3_xml']]);
    expect(result.content).toBe('Running it.');
  });
});
