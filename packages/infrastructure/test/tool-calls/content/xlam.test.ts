import { describe, expect, it } from 'vitest';
import type { ExtractionContext } from '../../../src/tool-calls/index.js';
import { extractXlam } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const CONTEXT: ExtractionContext = { isKnownTool: (name) => name === 'file_read' || name === 'git_status', toolSchema: () => undefined };

describe('extractXlam', () => {
  it('takes an array of calls to declared tools that is the whole message', () => {
    const text = ' [{"name": "file_read", "arguments": {"path": "a"}}, {"name": "git_status", "arguments": {}}]\n';
    expect(extractXlam(text, CONTEXT)).toEqual([{ start: 1, end: text.length, body: text.trim(), source: 'content_xlam', marked: false }]);
  });

  it('takes the array inside a json fence', () => {
    const text = '```json\n[{"name": "file_read", "arguments": {"path": "a"}}]\n```';
    expect(extractXlam(text, CONTEXT)).toEqual([{ start: 0, end: text.length, body: '[{"name": "file_read", "arguments": {"path": "a"}}]', source: 'content_xlam', marked: false }]);
  });

  it('leaves arrays naming an unknown tool, data arrays, text around the array, and single objects as text', () => {
    expect(extractXlam('[{"name": "file_read", "arguments": {}}, {"name": "rm_rf", "arguments": {}}]', CONTEXT)).toEqual([]);
    expect(extractXlam('[{"name": "file_read", "size": 3}]', CONTEXT)).toEqual([]);
    expect(extractXlam('[]', CONTEXT)).toEqual([]);
    expect(extractXlam('Example: [{"name": "file_read", "arguments": {"path": "a"}}]', CONTEXT)).toEqual([]);
    expect(extractXlam('[{"name": "file_read", "arguments": {"path": "a"}}] is what I would send', CONTEXT)).toEqual([]);
    expect(extractXlam('{"name": "file_read", "arguments": {"path": "a"}}', CONTEXT)).toEqual([]);
    expect(extractXlam('```python\n[{"name": "file_read", "arguments": {}}]\n```', CONTEXT)).toEqual([]);
  });
});

describe('xLAM calls through the parser', () => {
  it('extracts the calls of an array message', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '[{"name": "file_read", "arguments": {"path": "x"}}, {"name": "git_status", "arguments": {}}]'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'x', 'content_xlam'],
      [1, 'git_status', undefined, 'content_xlam'],
    ]);
    expect(result.content).toBe('');
  });

  it('leaves an array naming an undeclared tool in the content', async () => {
    const { parser } = await newParser();
    const content = '[{"name": "delete_everything", "arguments": {}}]';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result).toMatchObject({ toolCalls: [], errors: [], content });
  });
});
