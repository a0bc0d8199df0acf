import { describe, expect, it } from 'vitest';
import { activeFormats } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const KIMI = '<|tool_calls_section_begin|><|tool_call_begin|>functions.file_read:0<|tool_call_argument_begin|>{"path": "k"}<|tool_call_end|><|tool_calls_section_end|>';
const GRANITE = '<|tool_call|>[{"name": "file_read", "arguments": {"path": "g"}}]';

describe('pinned text formats (tool_call.text_formats)', () => {
  it('runs only the listed formats, in the listed order', () => {
    expect(activeFormats(['kimi', 'deepseek']).map(({ format }) => format)).toEqual(['kimi', 'deepseek']);
  });

  it('registers an extractor for every format of this family set', () => {
    const formats = ['deepseek', 'kimi', 'harmony', 'granite', 'command_r', 'functools', 'functionary', 'internlm', 'jamba', 'xlam'] as const;
    expect(activeFormats(formats).map(({ format }) => format)).toEqual(formats);
  });

  it('registers an extractor for each marked format added for Nemotron, Apertus, LFM2 and FunctionGemma', () => {
    const formats = ['nemotron', 'apertus', 'lfm2', 'functiongemma'] as const;
    expect(activeFormats(formats).map(({ format }) => format)).toEqual(formats);
    for (const { extract } of activeFormats(formats)) expect(typeof extract).toBe('function');
  });

  it('leaves the text of a format that is not listed alone', async () => {
    const { parser } = await newParser();
    const pinned = parser.parseResponse(ollamaResponse([], `${KIMI}\n${GRANITE}`), { settings: { textFormats: ['granite'] } });
    expect(pinned.toolCalls.map((call) => [call.arguments['path'], call.source])).toEqual([['g', 'content_granite']]);
    expect(pinned.content).toBe(KIMI);
    const all = parser.parseResponse(ollamaResponse([], `${KIMI}\n${GRANITE}`));
    expect(all.toolCalls.map((call) => [call.arguments['path'], call.source])).toEqual([
      ['k', 'content_kimi'],
      ['g', 'content_granite'],
    ]);
  });
});
