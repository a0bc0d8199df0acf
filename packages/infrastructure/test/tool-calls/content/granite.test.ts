import { describe, expect, it } from 'vitest';
import { extractGranite } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractGranite', () => {
  it('takes the JSON array after <|tool_call|>', () => {
    const text = 'x <|tool_call|>[{"name": "a", "arguments": {"s": "]"}}] y';
    expect(extractGranite(text)).toEqual([{ start: 2, end: 55, body: '[{"name": "a", "arguments": {"s": "]"}}]', source: 'content_granite', marked: true }]);
  });

  it('marks an array never closed incomplete', () => {
    expect(extractGranite('<|tool_call|>[{"name": "a", "arguments": {')).toEqual([
      { start: 0, end: 42, body: '[{"name": "a", "arguments": {', source: 'content_granite', marked: true, incomplete: true },
    ]);
  });

  it('leaves the marker followed by prose, and JSON without the marker, as text', () => {
    expect(extractGranite('Granite writes <|tool_call|> before its calls.')).toEqual([]);
    expect(extractGranite('[{"name": "file_read", "arguments": {"path": "a"}}]')).toEqual([]);
  });
});

describe('extractGranite: Granite 20B <function_call> runs', () => {
  const A = '{"name": "a", "arguments": {"x": 1}}';
  const B = '{"name": "b", "arguments": {}}';

  it('reads every call of a run as one span, open since nothing closes it', () => {
    const text = `<function_call> ${A} <function_call> ${B}`;
    expect(extractGranite(text)).toEqual([{ start: 0, end: text.length, body: `[${A},${B}]`, source: 'content_granite', marked: false, open: true }]);
  });

  it('leaves closed <function_call> tags to tool-call-tag.ts, and prose after the marker as text', () => {
    expect(extractGranite(`<function_call>${A}</function_call>`)).toEqual([]);
    expect(extractGranite('Granite writes <function_call> before a call.')).toEqual([]);
  });

  it('marks an object never closed incomplete, after the calls before it', () => {
    expect(extractGranite(`<function_call> ${A}\n<function_call> {"name": "b", "argu`)).toMatchObject([
      { start: 0, body: A, open: true },
      { body: '{"name": "b", "argu', incomplete: true, marked: false },
    ]);
  });
});

describe('Granite calls through the parser', () => {
  it('extracts every call of the array', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<|tool_call|>[{"name": "file_read", "arguments": {"path": "a"}}, {"name": "git_status", "arguments": {}}]'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a', 'content_granite'],
      [1, 'git_status', undefined, 'content_granite'],
    ]);
    expect(result.content).toBe('');
  });

  it('runs every call of a <function_call> run and refuses the no_function among them (BFCL Granite 20B)', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([], '<function_call> {"name": "file_read", "arguments": {"path": "a"}} <function_call> {"name": "git_status", "arguments": {}} <function_call> {"name": "no_function", "arguments": {}}'),
    );
    expect(result.toolCalls.map((call) => [call.index, call.name])).toEqual([
      [0, 'file_read'],
      [1, 'git_status'],
    ]);
    expect(result.errors).toMatchObject([{ index: 2, tool: 'no_function', code: 'ACODE-TLP-005' }]);
    expect(result.content).toBe('');
  });
});
