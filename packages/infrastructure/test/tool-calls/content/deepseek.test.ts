import { describe, expect, it } from 'vitest';
import { extractDeepSeek } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

// Written with escapes so the fullwidth bar (U+FF5C) and the block (U+2581) are unmistakable.
const CALLS_BEGIN = '<\uff5ctool\u2581calls\u2581begin\uff5c>';
const CALLS_END = '<\uff5ctool\u2581calls\u2581end\uff5c>';
const CALL_BEGIN = '<\uff5ctool\u2581call\u2581begin\uff5c>';
const CALL_END = '<\uff5ctool\u2581call\u2581end\uff5c>';
const SEP = '<\uff5ctool\u2581sep\uff5c>';

async function parseContent(content: string) {
  const { parser } = await newParser();
  return parser.parseResponse(ollamaResponse([], content));
}

describe('extractDeepSeek', () => {
  it('reads V3 / R1 calls: type, name, and a json fence', () => {
    const text = `${CALLS_BEGIN}${CALL_BEGIN}function${SEP}get_weather\n\`\`\`json\n{"city": "Tokyo"}\n\`\`\`${CALL_END}${CALLS_END}`;
    const spans = extractDeepSeek(text);
    expect(spans.flatMap((span) => span.calls ?? [])).toEqual([{ name: 'get_weather', arguments: '{"city": "Tokyo"}' }]);
    expect(spans[0]?.start).toBe(0);
    expect(spans.at(-1)?.end).toBe(text.length);
  });

  it('reads V3.1 calls: name, separator, bare JSON', () => {
    const text = `${CALLS_BEGIN}${CALL_BEGIN}a${SEP}{"x": 1}${CALL_END}${CALL_BEGIN}b${SEP}{}${CALL_END}${CALLS_END}`;
    expect(extractDeepSeek(text).flatMap((span) => span.calls ?? [])).toEqual([
      { name: 'a', arguments: '{"x": 1}' },
      { name: 'b', arguments: '{}' },
    ]);
  });

  it('marks a call begun and never ended incomplete', () => {
    const text = `ok ${CALLS_BEGIN}${CALL_BEGIN}a${SEP}{"x": `;
    const last = extractDeepSeek(text).at(-1);
    expect(last).toMatchObject({ start: 3 + CALLS_BEGIN.length, end: text.length, incomplete: true, calls: [{ name: 'a', arguments: '{"x":' }] });
  });

  it('reports a call without a separator as failed', () => {
    const [, call] = extractDeepSeek(`${CALLS_BEGIN}${CALL_BEGIN}get_weather {"x": 1}${CALL_END}${CALLS_END}`);
    expect(call).toMatchObject({ marked: true, failure: { raw: 'get_weather {"x": 1}' } });
  });

  it('is linear: many calls with no section marker cost one scan', () => {
    expect(extractDeepSeek(`${CALL_BEGIN}a${SEP}{}${CALL_END}`.repeat(50_000)).length).toBe(50_000);
  });

  it('finds nothing in prose, JSON, or words that only resemble the tokens', () => {
    expect(extractDeepSeek('Call file_read with {"path": "a"} when you need it.')).toEqual([]);
    expect(extractDeepSeek('<|tool-call-begin|>file_read<|tool-sep|>{"path": "a"} and <|toolcallbegin|>')).toEqual([]);
  });

  it('reads the tokens written with ASCII bars and _ or space joiners, at the offsets of the content', () => {
    const ascii = 'Go. <|tool_calls_begin|><|tool_call_begin|>get_weather<|tool_sep|>{"city": "Paris"}<|tool_call_end|><|tool_calls_end|>';
    const spans = extractDeepSeek(ascii);
    expect(spans.flatMap((span) => span.calls ?? [])).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
    expect([spans[0]?.start, spans.at(-1)?.end]).toEqual([4, ascii.length]);
    const v3 = '<|tool\u2581calls\u2581begin|><|tool\u2581call\u2581begin|>function<|tool\u2581sep|>get_weather\n```json\n{"city": "Oslo"}\n```<|tool\u2581call\u2581end|><|tool\u2581calls\u2581end|>';
    expect(extractDeepSeek(v3).flatMap((span) => span.calls ?? [])).toEqual([{ name: 'get_weather', arguments: '{"city": "Oslo"}' }]);
    const spaced = '<\uff5ctool calls begin\uff5c><\uff5ctool call begin\uff5c>f<\uff5ctool sep\uff5c>{}<\uff5ctool call end\uff5c><\uff5ctool calls end\uff5c>';
    expect(extractDeepSeek(spaced).flatMap((span) => span.calls ?? [])).toEqual([{ name: 'f', arguments: '{}' }]);
    expect(extractDeepSeek('<|tool_calls|>function<|tool_sep|>f\n```json\n{}\n```<|tool_call_end|>')[0]?.calls).toEqual([{ name: 'f', arguments: '{}' }]);
  });

  it('leaves a call spelled <|tool_call_begin|> without a separator to Kimi, and fails one spelled as its own token', () => {
    expect(extractDeepSeek('<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|>')).toEqual([]);
    expect(extractDeepSeek('<|tool\u2581call\u2581begin|>f {}<|tool\u2581call\u2581end|>')[0]).toMatchObject({ failure: { raw: 'f {}' }, marked: true });
  });

  it('ends a call at the next one when its end token was left out and its arguments are complete', () => {
    const text = `${CALL_BEGIN}a${SEP}{"x": 1}${CALL_BEGIN}b${SEP}{"y": 2}${CALL_END}`;
    const spans = extractDeepSeek(text);
    expect(spans.map((span) => span.calls)).toEqual([[{ name: 'a', arguments: '{"x": 1}' }], [{ name: 'b', arguments: '{"y": 2}' }]]);
    // Arguments cut before the next begin token: not a run-on call, the whole text is one broken call.
    const cut = extractDeepSeek(`${CALL_BEGIN}a${SEP}{"x": ${CALL_BEGIN}b${SEP}{}${CALL_END}`);
    expect(cut).toHaveLength(1);
    expect(cut[0]?.calls?.[0]?.name).toBe('a');
  });

  it('normalizes linearly: a mebibyte of look-alike openers costs one scan', () => {
    const started = performance.now();
    expect(extractDeepSeek('<|tool_call'.repeat(100_000))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('DeepSeek calls through the parser', () => {
  it('extracts V3 and V3.1 calls in order and leaves the text around them', async () => {
    const result = await parseContent(
      `Reading both.${CALLS_BEGIN}${CALL_BEGIN}function${SEP}file_read\n\`\`\`json\n{"path": "a.txt"}\n\`\`\`${CALL_END}\n${CALL_BEGIN}file_read${SEP}{"path": "b.txt"}${CALL_END}${CALLS_END}`,
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a.txt', 'content_deepseek'],
      [1, 'file_read', 'b.txt', 'content_deepseek'],
    ]);
    expect(result.content).toBe('Reading both.');
  });

  it('extracts a call written with ASCII tokens next to a Kimi call, each by its own extractor', async () => {
    const result = await parseContent(
      '<|tool_calls_begin|><|tool_call_begin|>file_read<|tool_sep|>{"path": "a.txt"}<|tool_call_end|><|tool_calls_end|>\n<|tool_calls_section_begin|><|tool_call_begin|>functions.file_read:0<|tool_call_argument_begin|>{"path": "b.txt"}<|tool_call_end|><|tool_calls_section_end|>',
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([
      ['file_read', 'a.txt', 'content_deepseek'],
      ['file_read', 'b.txt', 'content_kimi'],
    ]);
    expect(result.content).toBe('');
  });

  it('keeps an unknown name inside the markers a call, reported as unknown', async () => {
    const result = await parseContent(`${CALLS_BEGIN}${CALL_BEGIN}nope${SEP}{}${CALL_END}${CALLS_END}`);
    expect(result.errors.map((error) => [error.code, error.tool, error.source])).toEqual([['ACODE-TLP-005', 'nope', 'content_deepseek']]);
  });
});
