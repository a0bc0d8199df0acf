import { describe, expect, it } from 'vitest';
import { extractNemotron } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const LIST = '[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]';

describe('extractNemotron', () => {
  it('reads the JSON list (or one object) between <TOOLCALL> and </TOOLCALL>', () => {
    const text = `Let me check.<TOOLCALL>${LIST}</TOOLCALL>`;
    expect(extractNemotron(text)).toEqual([{ start: 13, end: text.length, body: LIST, source: 'content_nemotron', marked: true }]);
    expect(extractNemotron('<TOOLCALL>{"name": "lookup", "arguments": {}}</TOOLCALL>')[0]?.body).toBe('{"name": "lookup", "arguments": {}}');
  });

  it('reads a list whose closing tag is missing once the JSON closes, and marks JSON never closed incomplete', () => {
    expect(extractNemotron(`<TOOLCALL>${LIST} then`)).toEqual([{ start: 0, end: 10 + LIST.length, body: LIST, source: 'content_nemotron', marked: true }]);
    const cut = '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "To';
    expect(extractNemotron(cut)[0]).toMatchObject({ incomplete: true, end: cut.length });
  });

  it('fails a closed block that does not hold JSON, and leaves prose and empty tags as text', () => {
    expect(extractNemotron('<TOOLCALL>get_weather(city="Tokyo")</TOOLCALL>')[0]).toMatchObject({ marked: true, failure: { raw: 'get_weather(city="Tokyo")' } });
    for (const text of ['Nemotron wraps calls in <TOOLCALL> tags.', '<TOOLCALL></TOOLCALL>', '<toolcall>[{"name": "a", "arguments": {}}]</toolcall>']) expect(extractNemotron(text)).toEqual([]);
  });

  it('stays linear on many unclosed tags', () => {
    const started = performance.now();
    extractNemotron('<TOOLCALL>x'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('Nemotron calls through the parser', () => {
  it('extracts the calls and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Reading.<TOOLCALL>[{"name": "file_read", "arguments": {"path": "a.txt"}}, {"name": "git_status", "arguments": {}}]</TOOLCALL>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.source])).toEqual([
      ['file_read', 'content_nemotron'],
      ['git_status', 'content_nemotron'],
    ]);
    expect(result.content).toBe('Reading.');
  });

  it('never turns a cut-off list into a call', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<TOOLCALL>[{"name": "file_read", "arguments": {"path": "a'), { finishReason: 'length' });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.source])).toEqual([['ACODE-TLP-010', 'content_nemotron']]);
  });
});
