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

  it('finds nothing in prose, JSON, or the ASCII look-alike markers', () => {
    expect(extractDeepSeek('Call file_read with {"path": "a"} when you need it.')).toEqual([]);
    expect(extractDeepSeek('<|tool\u2581call\u2581begin|>file_read<|tool\u2581sep|>{"path": "a"}')).toEqual([]);
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

  it('keeps an unknown name inside the markers a call, reported as unknown', async () => {
    const result = await parseContent(`${CALLS_BEGIN}${CALL_BEGIN}nope${SEP}{}${CALL_END}${CALLS_END}`);
    expect(result.errors.map((error) => [error.code, error.tool, error.source])).toEqual([['ACODE-TLP-005', 'nope', 'content_deepseek']]);
  });
});
