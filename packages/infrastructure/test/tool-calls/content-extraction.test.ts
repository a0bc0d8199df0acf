import { describe, expect, it } from 'vitest';
import { extractFencedJson, extractPythonTags, extractToolCallsMarkers, extractToolCallTags } from '../../src/tool-calls/index.js';
import { FakeRepairer, newParser, ollamaResponse } from './parser-fixture.js';

/** Parses a response whose only content is `content`. */
async function parseContent(content: string, settings: Record<string, unknown> = {}) {
  const fixture = await newParser();
  return { ...fixture, result: fixture.parser.parseResponse(ollamaResponse([], content), { settings }) };
}

describe('calls written in the content', () => {
  it('extracts several <tool_call> tags (Hermes, Qwen) and removes them from the content', async () => {
    const { result } = await parseContent(
      'Let me look.\n<tool_call>{"name": "file_read", "arguments": {"path": "a.txt"}}</tool_call>\n<tool_call>\n{"name": "git_status", "arguments": {}}\n</tool_call>',
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.source, call.arguments['path']])).toEqual([
      [0, 'file_read', 'content_tool_call_tag', 'a.txt'],
      [1, 'git_status', 'content_tool_call_tag', undefined],
    ]);
    expect(result.toolCalls[0]?.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(result.content).toBe('Let me look.');
  });

  it('repairs the JSON inside a tag and records the repair', async () => {
    const { result } = await parseContent('<tool_call>{"name": "file_read", "arguments": {"path": "a.txt"},}</tool_call>');
    expect(result.toolCalls[0]).toMatchObject({ name: 'file_read', arguments: { path: 'a.txt' }, repairs: ['trailing_comma'] });
  });

  it('extracts a fenced json block that ends the message, holding name and arguments, or name and parameters', async () => {
    const { result } = await parseContent('Here:\n```json\n{"name": "file_read", "parameters": {"path": "b.txt"}}\n```\n');
    expect(result.toolCalls[0]).toMatchObject({ name: 'file_read', arguments: { path: 'b.txt' }, source: 'content_fenced_json' });
    expect(result.content).toBe('Here:');
  });

  it('leaves a fenced example followed by more prose in the content: it is not a call (issue 12)', async () => {
    const content = 'You could run:\n```json\n{"name": "file_read", "arguments": {"path": "b.txt"}}\n```\nbut I will not do that now.';
    const { result } = await parseContent(content);
    expect(result).toMatchObject({ toolCalls: [], errors: [], content });
  });

  it('leaves fenced JSON naming no declared tool in the content', async () => {
    const content = '```json\n{"name": "Alice", "arguments": {"age": 3}}\n```';
    const { result } = await parseContent(content);
    expect(result).toMatchObject({ toolCalls: [], errors: [], content });
  });

  it('never takes a call from reasoning, and returns the reasoning apart', async () => {
    const { result } = await parseContent('<think>I could call <tool_call>{"name": "file_read", "arguments": {"path": "x"}}</tool_call></think>The answer is 42.');
    expect(result).toMatchObject({ toolCalls: [], errors: [], content: 'The answer is 42.' });
    expect(result.reasoning).toBe('I could call <tool_call>{"name": "file_read", "arguments": {"path": "x"}}</tool_call>');
  });

  it('takes the call after the reasoning', async () => {
    const { result } = await parseContent('<think>read it</think>\n<tool_call>{"name": "file_read", "arguments": {"path": "x"}}</tool_call>');
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.reasoning).toBe('read it');
    expect(result.content).toBe('');
  });

  it('leaves a fenced json block without a name, and blocks in other languages, in the content', async () => {
    const content = 'Config:\n```json\n{"port": 8080}\n```\n```python\nprint("```json")\n```';
    const { result, repairer } = await parseContent(content);
    expect(result).toMatchObject({ success: true, toolCalls: [], errors: [], content });
    expect((repairer as FakeRepairer).calls).toEqual([]);
  });

  it('extracts [TOOL_CALLS] arrays (Mistral)', async () => {
    const { result } = await parseContent('[TOOL_CALLS] [{"name": "file_read", "arguments": {"path": "a"}}, {"name": "file_read", "arguments": {"path": "b"}, "id": "abc123xyz"}]');
    expect(result.toolCalls.map((call) => [call.index, call.id.startsWith('call_') ? 'generated' : call.id, call.arguments['path'], call.source])).toEqual([
      [0, 'generated', 'a', 'content_tool_calls_marker'],
      [1, 'abc123xyz', 'b', 'content_tool_calls_marker'],
    ]);
    expect(result.content).toBe('');
  });

  it('extracts <|python_tag|> calls (Llama 3.1) with parameters, removing the end token', async () => {
    const { result } = await parseContent('<|python_tag|>{"name": "file_read", "parameters": {"path": "c"}}<|eom_id|>');
    expect(result.toolCalls[0]).toMatchObject({ name: 'file_read', arguments: { path: 'c' }, source: 'content_python_tag' });
    expect(result.content).toBe('');
  });

  it('reports a marked call whose JSON cannot be read, and a cut-off one as ACODE-TLP-010', async () => {
    const { result } = await parseContent('<tool_call>{name: oops}</tool_call> then <tool_call>{"name": "file_read", "arguments": {"path": "a');
    expect(result.errors.map((error) => [error.index, error.code, error.source])).toEqual([
      [0, 'ACODE-TLP-003', 'content_tool_call_tag'],
      [1, 'ACODE-TLP-010', 'content_tool_call_tag'],
    ]);
    expect(result.errors[1]?.rawArguments).toBe('{"name": "file_read", "arguments": {"path": "a');
    expect(result.content).toBe('then');
  });

  it('validates extracted calls like any other (unknown tool, schema failure)', async () => {
    const { result } = await parseContent('<tool_call>{"name": "nope", "arguments": {}}</tool_call><tool_call>{"name": "file_read", "arguments": {"path": 1}}</tool_call>');
    expect(result.errors.map((error) => error.code)).toEqual(['ACODE-TLP-005', 'ACODE-TLP-004']);
  });

  it('does not look in the content when there are structured calls, or when extract_from_content is off', async () => {
    const tagged = '<tool_call>{"name": "git_status", "arguments": {}}</tool_call>';
    const { parser } = await newParser();
    const structured = parser.parseResponse(ollamaResponse([{ function: { name: 'file_read', arguments: { path: 'a' } } }], tagged));
    expect(structured.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(structured.content).toBe(tagged);
    const off = parser.parseResponse(ollamaResponse([], tagged), { settings: { extractFromContent: false } });
    expect(off).toMatchObject({ toolCalls: [], errors: [], content: tagged });
  });

  it('handles 1 MiB of unclosed <tool_call> tags, and other hostile content, as text', async () => {
    const { parser } = await newParser();
    for (const content of ['<tool_call>'.repeat(100_000), '[TOOL_CALLS]'.repeat(90_000), '<|python_tag|>'.repeat(80_000), '```json\n'.repeat(130_000), '"{['.repeat(350_000)]) {
      const result = parser.parseResponse(ollamaResponse([], content));
      expect(result.success).toBe(true);
      expect(result.content).toBe(content);
    }
  });

  it('reports a cut-off [TOOL_CALLS] array over the size limit as one bounded ACODE-TLP-009', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], `[TOOL_CALLS][{"name": "${'x'.repeat(1_100_000)}`));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe('ACODE-TLP-009');
    expect(result.errors[0]?.rawArguments).toHaveLength(2000);
  });

  it('decodes at most 128 spans of one content', async () => {
    const { result } = await parseContent('<tool_call>{"name": "git_status", "arguments": {}}</tool_call>'.repeat(200));
    expect(result.toolCalls).toHaveLength(128);
    expect(result.content.startsWith('<tool_call>')).toBe(true);
  });
});

describe('the extractors alone', () => {
  it('report spans with offsets that cover the markers', () => {
    const text = 'a <tool_call>{"x":1}</tool_call> b';
    expect(extractToolCallTags(text)).toEqual([{ start: 2, end: 32, body: '{"x":1}', source: 'content_tool_call_tag', marked: true }]);
    expect(extractToolCallsMarkers('[TOOL_CALLS] [{"a": "]"}] tail')).toEqual([{ start: 0, end: 25, body: '[{"a": "]"}]', source: 'content_tool_calls_marker', marked: true }]);
    expect(extractPythonTags('<|python_tag|>{"a": "}"} <|eot_id|>')).toEqual([{ start: 0, end: 35, body: '{"a": "}"}', source: 'content_python_tag', marked: true }]);
    expect(extractFencedJson('```JSON\n{}\n```')).toEqual([{ start: 0, end: 14, body: '{}\n', source: 'content_fenced_json', marked: false }]);
  });

  it('find nothing in text without markers', () => {
    for (const extract of [extractToolCallTags, extractToolCallsMarkers, extractPythonTags, extractFencedJson]) expect(extract('plain text { "name": "x" }')).toEqual([]);
  });
});

describe('hostile content (issue 12)', () => {
  const MARKERS = [
    '<tool_call>', '<tool_call>{"name": "file_read", "arguments": {', '<function=file_read>', '<parameter=path>', '[TOOL_CALLS]', '[TOOL_CALLS]file_read[ARGS]{',
    '<|python_tag|>', '<|python_start|>[file_read(path="', '<\uff5ctool\u2581calls\u2581begin\uff5c>', '<\uff5ctool\u2581call\u2581begin\uff5c>', '<|tool_calls_section_begin|>',
    '<|tool_call_begin|>functions.file_read:0', '<arg_key>', '<minimax:tool_call>', '<invoke name="file_read">', '<|channel|>commentary to=functions.file_read',
    '<|tool_call|>[', '<|START_ACTION|>[', 'functools[', '>>>file_read\n{', '<|action_start|><|plugin|>', '<tool_calls>[', '```json\n[', '<think>', '</think>', '{"name": "file_read", "arguments": ',
  ];

  it('reads a mebibyte of every family\'s markers, unclosed and interleaved, without a throw, and reports at most 128 calls', async () => {
    let content = '';
    for (let i = 0; content.length < 1024 * 1024; i++) content += `${MARKERS[i % MARKERS.length]} x `;
    const { result } = await parseContent(content);
    expect(result.toolCalls.length + result.errors.length).toBeLessThanOrEqual(129);
    expect(result.errors.every((error) => typeof error.code === 'string' && error.code.startsWith('ACODE-TLP-'))).toBe(true);
  });

  it('reads a mebibyte of nested brackets inside a marker as one refused call, not a crash', async () => {
    const { result } = await parseContent(`<tool_call>{"name": "file_read", "arguments": {"path": ${'['.repeat(512 * 1024)}}}</tool_call>`);
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe('ACODE-TLP-009');
  });
});
