import { describe, expect, it } from 'vitest';
import type { ExtractionContext } from '../../../src/tool-calls/index.js';
import { extractFunctionary } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const CONTEXT: ExtractionContext = { isKnownTool: (name) => name === 'file_read', toolSchema: () => undefined };

describe('extractFunctionary', () => {
  it('reads several >>>NAME calls, each starting where the previous ended', () => {
    const text = '>>>a\n{"x": 1}>>>b\n{}';
    expect(extractFunctionary(text, CONTEXT)).toEqual([
      { start: 0, end: 13, calls: [{ name: 'a', arguments: '{"x": 1}' }], source: 'content_functionary', marked: true },
      { start: 13, end: 20, calls: [{ name: 'b', arguments: '{}' }], source: 'content_functionary', marked: true },
    ]);
  });

  it('removes the >>>all marker and keeps its text', () => {
    expect(extractFunctionary('>>>all\nHello there.', CONTEXT)).toEqual([{ start: 0, end: 7, calls: [], source: 'content_functionary', marked: true }]);
  });

  it('reads a first call without the marker (the prompt ended with >>>) only for a declared tool', () => {
    expect(extractFunctionary('file_read\n{"path": "a"}', CONTEXT)).toEqual([
      { start: 0, end: 23, calls: [{ name: 'file_read', arguments: '{"path": "a"}' }], source: 'content_functionary', marked: false },
    ]);
    expect(extractFunctionary('config\n{"port": 8080}', CONTEXT)).toEqual([]);
    expect(extractFunctionary('file_read\n{"path": "a"}\nis how you would call it.', CONTEXT)).toEqual([]);
  });

  it('marks a body never closed incomplete', () => {
    expect(extractFunctionary('>>>a\n{"x": ', CONTEXT)).toEqual([{ start: 0, end: 11, calls: [{ name: 'a', arguments: '{"x": ' }], source: 'content_functionary', marked: true, incomplete: true }]);
  });

  it('leaves Python prompts, quotes, code and prose as text', () => {
    expect(extractFunctionary('>>> print({"a": 1})\n{"a": 1}', CONTEXT)).toEqual([]);
    expect(extractFunctionary('>>>python\nimport os', CONTEXT)).toEqual([]);
    expect(extractFunctionary('He said:\n>>>file_read is great\n{"path": "a"}', CONTEXT)).toEqual([]);
  });
});

describe('Functionary calls through the parser', () => {
  it('extracts calls after text and leaves the text', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'all\nReading two files.>>>file_read\n{"path": "a"}\n>>>file_read\n{"path": "b"}'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a', 'content_functionary'],
      [1, 'file_read', 'b', 'content_functionary'],
    ]);
    expect(result.content).toBe('Reading two files.');
  });
});
