import { describe, expect, it } from 'vitest';
import { extractCommandR } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractCommandR', () => {
  it("reads Cohere's keys: tool_call_id, tool_name, parameters", () => {
    const text = '<|START_ACTION|>[\n {"tool_call_id": "0", "tool_name": "a", "parameters": {"x": 1}},\n {"tool_call_id": 1, "tool_name": "b", "parameters": {}}\n]<|END_ACTION|>';
    expect(extractCommandR(text)).toEqual([
      {
        start: 0,
        end: text.length,
        calls: [
          { name: 'a', arguments: { x: 1 }, id: '0' },
          { name: 'b', arguments: {}, id: '1' },
        ],
        source: 'content_command_r',
        marked: true,
      },
    ]);
  });

  it('removes the response markers and keeps their text', () => {
    expect(extractCommandR('<|START_RESPONSE|>Hi<|END_RESPONSE|>').map((span) => [span.start, span.end, span.calls])).toEqual([
      [0, 18, []],
      [20, 36, []],
    ]);
  });

  it('reports an action that is not JSON as failed, and one never closed as incomplete', () => {
    expect(extractCommandR('<|START_ACTION|>[{"tool_name": oops}]<|END_ACTION|>')[0]).toMatchObject({ marked: true, failure: { raw: '[{"tool_name": oops}]' } });
    expect(extractCommandR('<|START_ACTION|>[{"tool_name": "a", "param')[0]).toMatchObject({ incomplete: true, failure: { raw: '[{"tool_name": "a", "param' } });
  });

  it('leaves prose naming the marker, and JSON without it, as text', () => {
    expect(extractCommandR('I would use <|START_ACTION|> here.<|END_ACTION|>')).toEqual([]);
    expect(extractCommandR('[{"tool_call_id": "0", "tool_name": "file_read", "parameters": {"path": "a"}}]')).toEqual([]);
  });
});

describe('Command R calls through the parser', () => {
  it('extracts the calls with their ids and keeps the answer text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([], '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "file_read", "parameters": {"path": "r"}}, {"tool_call_id": "1", "tool_name": "git_status", "parameters": {}}]<|END_ACTION|>'),
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.id, call.name, call.arguments['path'], call.source])).toEqual([
      [0, '0', 'file_read', 'r', 'content_command_r'],
      [1, '1', 'git_status', undefined, 'content_command_r'],
    ]);
    expect(result.content).toBe('');
  });

  it('reports an unreadable action as a failed call', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Text <|START_ACTION|>[{"tool_name": oops}]<|END_ACTION|>'));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.source])).toEqual([['ACODE-TLP-002', 'content_command_r']]);
    expect(result.content).toBe('Text');
  });
});
