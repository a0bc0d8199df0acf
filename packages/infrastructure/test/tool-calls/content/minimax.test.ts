import { describe, expect, it } from 'vitest';
import { extractMiniMax } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractMiniMax', () => {
  it('reads several invokes of one block into parameter text, kept exactly', () => {
    const text = 'x <minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n<invoke name="get_time">\n</invoke>\n</minimax:tool_call> y';
    expect(extractMiniMax(text)).toEqual([
      {
        start: 2,
        end: text.length - 2,
        calls: [
          { name: 'get_weather', parameterText: { city: 'Paris', days: '3' } },
          { name: 'get_time', parameterText: {} },
        ],
        source: 'content_minimax',
        marked: true,
      },
    ]);
  });

  it('keeps a multi-line value with markup in it', () => {
    const text = '<minimax:tool_call><invoke name="w"><parameter name="content">a <b>\n</parameter></invoke></minimax:tool_call>';
    expect(extractMiniMax(text)[0]?.calls).toEqual([{ name: 'w', parameterText: { content: 'a <b>\n' } }]);
  });

  it('marks a block cut off incomplete, and a malformed one failed', () => {
    expect(extractMiniMax('<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">1</parameter>\n')[0]).toMatchObject({ incomplete: true, calls: [{ name: 'f', parameterText: { a: '1' } }] });
    expect(extractMiniMax('<minimax:tool_call>\n<invoke>\n</invoke>\n</minimax:tool_call>')[0]).toMatchObject({ marked: true, failure: { message: 'an <invoke> tag without a valid tool name' } });
    expect(extractMiniMax('<minimax:tool_call><invoke name="f"><parameter name="a">1</invoke></minimax:tool_call>')[0]).toMatchObject({ failure: { name: 'f' } });
  });

  it('finds nothing in prose or in invokes outside the block', () => {
    expect(extractMiniMax('Use <invoke name="get_weather"> to call it, inside minimax:tool_call tags.')).toEqual([]);
  });
  it('stays linear on hostile repeated markers', () => {
    const started = Date.now();
    for (const text of ['<minimax:tool_call><invoke name="f"><parameter name="a">'.repeat(20_000), '<minimax:tool_call>'.repeat(60_000)]) extractMiniMax(text);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('MiniMax calls through the parser', () => {
  it('extracts the calls in order, typing values by the schema', async () => {
    const { parser } = await newParser();
    const content = 'On it.\n<minimax:tool_call>\n<invoke name="file_read">\n<parameter name="path">a.txt</parameter>\n<parameter name="end_line">5</parameter>\n</invoke>\n<invoke name="git_status">\n</invoke>\n</minimax:tool_call>';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.arguments['end_line'], call.source])).toEqual([
      [0, 'file_read', 'a.txt', 5, 'content_minimax'],
      [1, 'git_status', undefined, undefined, 'content_minimax'],
    ]);
    expect(result.content).toBe('On it.');
  });
});
