import { describe, expect, it } from 'vitest';
import { extractLfm2 } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractLfm2', () => {
  it('reads the pythonic list between the markers, never evaluated', () => {
    const text = '<|tool_call_start|>[get_candidate_status(candidate_id=\'12345\'), get_weather()]<|tool_call_end|>\nChecking.';
    expect(extractLfm2(text)).toEqual([
      {
        start: 0,
        end: text.length - 10,
        calls: [
          { name: 'get_candidate_status', arguments: { candidate_id: '12345' } },
          { name: 'get_weather', arguments: {} },
        ],
        source: 'content_lfm2',
        marked: true,
      },
    ]);
  });

  it('reads the JSON list form as call envelopes, and an empty list as no call', () => {
    expect(extractLfm2('<|tool_call_start|>[{"name": "f", "arguments": {}}]<|tool_call_end|>')[0]).toMatchObject({ body: '[{"name": "f", "arguments": {}}]', marked: true });
    expect(extractLfm2('<|tool_call_start|>[ ]<|tool_call_end|>')[0]).toMatchObject({ calls: [], marked: true });
  });

  it('fails text that does not read as calls, and marks a call cut off incomplete', () => {
    expect(extractLfm2('<|tool_call_start|>[f(a=b)]<|tool_call_end|>')[0]).toMatchObject({ marked: true, failure: { name: 'f' } });
    expect(extractLfm2('<|tool_call_start|>[f(a=1)] and more<|tool_call_end|>')[0]).toMatchObject({ failure: { message: 'unexpected text after the calls' } });
    expect(extractLfm2('<|tool_call_start|>[f(a="x')[0]).toMatchObject({ incomplete: true, failure: { name: 'f' } });
  });

  it('stays linear on hostile repeated start tokens', () => {
    const started = performance.now();
    extractLfm2('<|tool_call_start|>[f('.repeat(30_000));
    extractLfm2('<|tool_call_start|>[f()]<|tool_call_end|>'.repeat(20_000));
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('does not read Kimi calls, whose end token it shares', () => {
    expect(extractLfm2('<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|>')).toEqual([]);
  });
});

describe('LFM2 calls through the parser', () => {
  it('extracts the calls and keeps the text around them', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Let me read it.<|tool_call_start|>[file_read(path="a.txt")]<|tool_call_end|>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'a.txt', 'content_lfm2']]);
    expect(result.content).toBe('Let me read it.');
  });

  it('never turns a cut-off call into a call', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<|tool_call_start|>[file_read(path="a.t'), { finishReason: 'length' });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.source])).toEqual([['ACODE-TLP-010', 'content_lfm2']]);
  });
});
