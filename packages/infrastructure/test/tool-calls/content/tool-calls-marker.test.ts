import { describe, expect, it } from 'vitest';
import { extractToolCallsMarkers } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractToolCallsMarkers', () => {
  it('reads the JSON array form', () => {
    expect(extractToolCallsMarkers('[TOOL_CALLS][{"name": "a", "arguments": {}}]')).toEqual([
      { start: 0, end: 44, body: '[{"name": "a", "arguments": {}}]', source: 'content_tool_calls_marker', marked: true },
    ]);
  });

  it('reads NAME[ARGS]{...} (v11+), with [CALL_ID] (Magistral, Devstral), the marker repeated', () => {
    const text = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_time[CALL_ID]abc123XYZ[ARGS]{}';
    expect(extractToolCallsMarkers(text)).toEqual([
      { start: 0, end: 46, calls: [{ name: 'get_weather', arguments: '{"city": "Paris"}' }], source: 'content_tool_calls_marker', marked: true },
      { start: 46, end: text.length, calls: [{ name: 'get_time', arguments: '{}', id: 'abc123XYZ' }], source: 'content_tool_calls_marker', marked: true },
    ]);
  });

  it('reads NAME{...} without the [ARGS] token (vLLM v11 tests)', () => {
    expect(extractToolCallsMarkers('[TOOL_CALLS]add{"a": 3.5}[TOOL_CALLS]mul{"b": 6}').map((span) => span.calls)).toEqual([[{ name: 'add', arguments: '{"a": 3.5}' }], [{ name: 'mul', arguments: '{"b": 6}' }]]);
  });

  it('reads NAME[CALL_ID]ID{...} without [ARGS], and a space before the arguments', () => {
    expect(extractToolCallsMarkers('[TOOL_CALLS]get_weather[CALL_ID]abc123XYZ{"city": "Paris"}')[0]?.calls).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}', id: 'abc123XYZ' }]);
    expect(extractToolCallsMarkers('[TOOL_CALLS]get_weather {"city": "Paris"}')[0]?.calls).toEqual([{ name: 'get_weather', arguments: '{"city": "Paris"}' }]);
    expect(extractToolCallsMarkers('[TOOL_CALLS]get_weather [ARGS]{}')[0]?.calls).toEqual([{ name: 'get_weather', arguments: '{}' }]);
  });

  it('marks arguments never closed incomplete, and arguments that are not an object failed', () => {
    expect(extractToolCallsMarkers('[TOOL_CALLS]f[ARGS]{"a": "b')[0]).toMatchObject({ incomplete: true, calls: [{ name: 'f', arguments: '{"a": "b' }] });
    expect(extractToolCallsMarkers('[TOOL_CALLS]f[ARGS]oops [TOOL_CALLS]g[ARGS]{}')).toMatchObject([
      { start: 0, end: 24, failure: { name: 'f', raw: 'oops ' } },
      { start: 24, calls: [{ name: 'g', arguments: '{}' }] },
    ]);
  });

  it('leaves the marker followed by prose, or a name without [ARGS], as text', () => {
    for (const text of ['[TOOL_CALLS] I cannot call a tool here.', '[TOOL_CALLS]get_weather', '[TOOL_CALLS]get weather[ARGS]{}', '[TOOL_CALLS]f[CALL_ID]has space[ARGS]{}']) {
      expect(extractToolCallsMarkers(text)).toEqual([]);
    }
  });
});

describe('Mistral calls through the parser', () => {
  it('extracts v11+ calls with their ids, in order', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Checking both.[TOOL_CALLS]file_read[CALL_ID]a1b2c3d4e[ARGS]{"path": "x.md"}[TOOL_CALLS]git_status[ARGS]{}'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.id.startsWith('call_') ? 'generated' : call.id, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a1b2c3d4e', 'x.md', 'content_tool_calls_marker'],
      [1, 'git_status', 'generated', undefined, 'content_tool_calls_marker'],
    ]);
    expect(result.content).toBe('Checking both.');
  });
});
