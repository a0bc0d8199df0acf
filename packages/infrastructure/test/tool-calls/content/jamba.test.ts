import { describe, expect, it } from 'vitest';
import { extractJamba } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractJamba', () => {
  it('takes the array between <tool_calls> and </tool_calls>', () => {
    expect(extractJamba('<tool_calls>\n[{"name": "a", "arguments": {}}]\n</tool_calls>')).toEqual([
      { start: 0, end: 59, body: '\n[{"name": "a", "arguments": {}}]\n', source: 'content_jamba', marked: true },
    ]);
  });

  it('marks a tag never closed incomplete', () => {
    expect(extractJamba('<tool_calls>[{"name": "a"')).toEqual([{ start: 0, end: 25, body: '[{"name": "a"', source: 'content_jamba', marked: true, incomplete: true }]);
  });

  it('leaves tags around prose, and unclosed prose tags, as text', () => {
    expect(extractJamba('Wrap calls in <tool_calls>...</tool_calls>, then <tool_calls> again')).toEqual([]);
    expect(extractJamba('<tool_call>{"name": "file_read", "arguments": {}}</tool_call>')).toEqual([]);
  });
});

describe('Jamba calls through the parser', () => {
  it('extracts the calls and leaves the text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'On it.\n<tool_calls>[{"name": "file_read", "arguments": {"path": "j"}}]</tool_calls>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'j', 'content_jamba']]);
    expect(result.content).toBe('On it.');
  });
});
