import { describe, expect, it } from 'vitest';
import { extractKimi } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const SECTION = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';

/** One call as Kimi K2's template writes it. */
function call(id: string, args: string): string {
  return `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
}

describe('extractKimi', () => {
  it('reads the name and the id from functions.NAME:IDX', () => {
    const text = `${SECTION}${call('functions.get_weather:0', '{"city": "Paris"}')}${call('functions.get_time:1', ' {} ')}${SECTION_END}`;
    const spans = extractKimi(text);
    expect(spans.flatMap((span) => span.calls ?? [])).toEqual([
      { name: 'get_weather', id: 'functions.get_weather:0', arguments: '{"city": "Paris"}' },
      { name: 'get_time', id: 'functions.get_time:1', arguments: '{}' },
    ]);
    expect([spans[0]?.start, spans.at(-1)?.end]).toEqual([0, text.length]);
  });

  it('reads an id without the functions. prefix or the index (vLLM accepts both)', () => {
    expect(extractKimi(call('get_weather:3', '{}'))[0]?.calls).toEqual([{ name: 'get_weather', id: 'get_weather:3', arguments: '{}' }]);
    expect(extractKimi(call('functions.a.b', '{}'))[0]?.calls).toEqual([{ name: 'a.b', id: 'functions.a.b', arguments: '{}' }]);
  });

  it('marks a call begun and never ended incomplete, and reports one without arguments as failed', () => {
    expect(extractKimi(`${SECTION}<|tool_call_begin|>functions.x:0<|tool_call_argument_begin|>{"a": `).at(-1)).toMatchObject({ incomplete: true, calls: [{ name: 'x', arguments: '{"a":' }] });
    expect(extractKimi('<|tool_call_begin|>functions.x:0 {}<|tool_call_end|>')[0]).toMatchObject({ marked: true, failure: { raw: 'functions.x:0 {}' } });
  });

  it('reads calls whose section opener was lost, and a call whose end token was left out before the next', () => {
    const leaked = `${call('functions.get_weather:0', '{"city": "Paris"}')}${SECTION_END}`;
    expect(extractKimi(leaked)).toEqual([{ start: 0, end: leaked.length, calls: [{ name: 'get_weather', id: 'functions.get_weather:0', arguments: '{"city": "Paris"}' }], source: 'content_kimi', marked: true }]);
    const runOn = `<|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x": 1}${call('functions.b:1', '{"y": 2}')}`;
    expect(extractKimi(runOn).map((span) => [span.calls, span.incomplete])).toEqual([
      [[{ name: 'a', id: 'functions.a:0', arguments: '{"x": 1}' }], undefined],
      [[{ name: 'b', id: 'functions.b:1', arguments: '{"y": 2}' }], undefined],
    ]);
    // Arguments that do not close before the next begin token are not a run-on call.
    const cut = extractKimi(`<|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{"x": ${call('functions.b:1', '{}')}`);
    expect(cut).toHaveLength(1);
    expect(cut[0]?.calls?.[0]?.arguments).toContain('<|tool_call_begin|>');
  });

  it("leaves DeepSeek's ASCII-spelled calls (with <|tool_sep|>) to deepseek.ts", () => {
    expect(extractKimi('<|tool_calls_begin|><|tool_call_begin|>get_weather<|tool_sep|>{"city": "Paris"}<|tool_call_end|><|tool_calls_end|>')).toEqual([]);
  });

  it('is linear: many calls with no section marker cost one scan', () => {
    expect(extractKimi(call('functions.x:0', '{}').repeat(50_000)).length).toBe(50_000);
  });

  it('finds nothing in prose or JSON that only names a tool', () => {
    expect(extractKimi('Use functions.file_read:0 with {"path": "a"}.')).toEqual([]);
  });
});

describe('Kimi calls through the parser', () => {
  it('extracts calls with their Kimi ids and leaves the text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([], `Let me check. ${SECTION}${call('functions.file_read:0', '{"path": "a.txt"}')}${call('functions.git_status:1', '{}')}${SECTION_END}`),
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((found) => [found.index, found.id, found.name, found.arguments['path'], found.source])).toEqual([
      [0, 'functions.file_read:0', 'file_read', 'a.txt', 'content_kimi'],
      [1, 'functions.git_status:1', 'git_status', undefined, 'content_kimi'],
    ]);
    expect(result.content).toBe('Let me check.');
  });
});
