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
});
