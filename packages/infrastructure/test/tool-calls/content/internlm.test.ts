import { describe, expect, it } from 'vitest';
import { extractInternLm } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractInternLm', () => {
  it('takes the object of a <|plugin|> action', () => {
    expect(extractInternLm('<|action_start|><|plugin|>\n{"name": "a", "parameters": {}}<|action_end|>')).toEqual([
      { start: 0, end: 72, body: '\n{"name": "a", "parameters": {}}', source: 'content_internlm', marked: true },
    ]);
  });

  it('marks an action never closed incomplete', () => {
    expect(extractInternLm('<|action_start|><|plugin|>{"name": "a"')).toEqual([
      { start: 0, end: 38, body: '{"name": "a"', source: 'content_internlm', marked: true, incomplete: true },
    ]);
  });

  it('leaves interpreter actions, prose, and the marker without JSON as text', () => {
    expect(extractInternLm('<|action_start|><|interpreter|>\nprint({"name": 1})<|action_end|>')).toEqual([]);
    expect(extractInternLm('<|action_start|><|plugin|> is how I call tools <|action_end|>')).toEqual([]);
  });
});

describe('InternLM calls through the parser', () => {
  it('extracts a call with parameters and leaves the text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'I will read it.<|action_start|><|plugin|>\n{"name": "file_read", "parameters": {"path": "i"}}<|action_end|>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'i', 'content_internlm']]);
    expect(result.content).toBe('I will read it.');
  });
});
