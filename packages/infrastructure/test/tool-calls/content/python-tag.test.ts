import { describe, expect, it } from 'vitest';
import { extractPythonTags } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractPythonTags', () => {
  it('reads JSON after the tag, removing the end token', () => {
    const text = '<|python_tag|>{"name": "f", "parameters": {}}<|eom_id|>';
    expect(extractPythonTags(text)).toEqual([
      { start: 0, end: text.length, body: '{"name": "f", "parameters": {}}', source: 'content_python_tag', marked: true },
    ]);
  });

  it('reads pythonic calls after the tag, one or a list; a built-in NAME.call(...) names the tool NAME', () => {
    const text = '<|python_tag|>brave_search.call(query="weather")<|eom_id|> ';
    expect(extractPythonTags(text)).toEqual([
      { start: 0, end: text.length - 1, calls: [{ name: 'brave_search', arguments: { query: 'weather' } }], source: 'content_python_tag', marked: true },
    ]);
    expect(extractPythonTags('<|python_tag|>python.call(code="print(1)")')[0]?.calls).toEqual([{ name: 'python', arguments: { code: 'print(1)' } }]);
    expect(extractPythonTags('<|python_tag|>code_interpreter.call(code="x")')[0]?.calls).toEqual([{ name: 'code_interpreter', arguments: { code: 'x' } }]);
    // Other dotted names, and a dotted name declared as it is, are kept.
    expect(extractPythonTags('<|python_tag|>a.b(x=1)')[0]?.calls).toEqual([{ name: 'a.b', arguments: { x: 1 } }]);
    const declared = { isKnownTool: (name: string) => name === 'web.call', toolSchema: () => undefined };
    expect(extractPythonTags('<|python_tag|>web.call(q=1)', declared)[0]?.calls).toEqual([{ name: 'web.call', arguments: { q: 1 } }]);
    expect(extractPythonTags('<|python_tag|>.call(q=1)')).toEqual([]);
    expect(extractPythonTags('<|python_tag|>[f(a=1), g(b=None)]')[0]?.calls).toEqual([
      { name: 'f', arguments: { a: 1 } },
      { name: 'g', arguments: { b: null } },
    ]);
  });

  it('reports pythonic text that does not parse as a failed call, cut-off text as incomplete', () => {
    expect(extractPythonTags('<|python_tag|>f(a=b)<|eom_id|> after')).toEqual([
      { start: 0, end: 30, failure: { message: "pythonic call syntax error at offset 4: 'b' is not a literal: names and expressions are not read", raw: 'f(a=b)', name: 'f' }, source: 'content_python_tag', marked: true },
    ]);
    expect(extractPythonTags('<|python_tag|>f(a="x')[0]).toMatchObject({ incomplete: true, failure: { name: 'f' } });
  });

  it('leaves the tag followed by prose, a number list or nothing as text', () => {
    for (const text of ['<|python_tag|>Sure, here it is.', '<|python_tag|>[1, 2]', '<|python_tag|>', 'no tag f(a=1)']) expect(extractPythonTags(text)).toEqual([]);
  });
});

describe('python_tag calls through the parser', () => {
  it('maps a built-in NAME.call(...) to the declared tool NAME, and refuses an undeclared NAME as unknown', async () => {
    const { parser } = await newParser();
    const found = parser.parseResponse(ollamaResponse([], '<|python_tag|>file_read.call(path="a.txt")<|eom_id|>'));
    expect(found.errors).toEqual([]);
    expect(found.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'a.txt', 'content_python_tag']]);
    const unknown = parser.parseResponse(ollamaResponse([], '<|python_tag|>python.call(code="print(1)")'));
    expect(unknown.toolCalls).toEqual([]);
    expect(unknown.errors.map((error) => [error.code, error.tool, error.source])).toEqual([['ACODE-TLP-005', 'python', 'content_python_tag']]);
  });

  it('extracts a pythonic call after the tag', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Checking.<|python_tag|>git_status()<|eom_id|>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments, call.source])).toEqual([['git_status', { include_untracked: true }, 'content_python_tag']]);
    expect(result.content).toBe('Checking.');
  });
});
