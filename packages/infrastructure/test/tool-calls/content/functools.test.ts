import { describe, expect, it } from 'vitest';
import { extractFunctools } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractFunctools', () => {
  it('takes the array that functools[ opens', () => {
    expect(extractFunctools(' functools[{"name": "a", "arguments": {}}]')).toEqual([{ start: 1, end: 42, body: '[{"name": "a", "arguments": {}}]', source: 'content_functools', marked: true }]);
  });

  it('marks an array never closed incomplete', () => {
    expect(extractFunctools('functools[{"name": "a"')).toEqual([{ start: 0, end: 22, body: '[{"name": "a"', source: 'content_functools', marked: true, incomplete: true }]);
  });

  it("leaves Python's functools, and names merely ending in functools, as text", () => {
    expect(extractFunctools('Use functools.partial, or functools[0] in a list.')).toEqual([]);
    expect(extractFunctools('my_functools[{"name": "file_read", "arguments": {}}]')).toEqual([]);
  });
});

describe('functools calls through the parser', () => {
  it('extracts Phi-4-mini calls and leaves the text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Sure. functools[{"name": "file_read", "arguments": {"path": "a"}}, {"name": "directory_list", "arguments": {"path": "."}}]'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a', 'content_functools'],
      [1, 'directory_list', '.', 'content_functools'],
    ]);
    expect(result.content).toBe('Sure.');
  });
});
