import { describe, expect, it } from 'vitest';
import { extractApertus } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

describe('extractApertus', () => {
  it('reads each {"NAME": arguments} object of the list as a call, arguments kept as written', () => {
    const text = 'Sure. <|tools_prefix|>[{"get_weather": {"location": "London"}}, {"get_time": {"location": "London"}}]<|tools_suffix|>';
    expect(extractApertus(text)).toEqual([
      {
        start: 6,
        end: text.length,
        calls: [
          { name: 'get_weather', arguments: '{"location": "London"}' },
          { name: 'get_time', arguments: '{"location": "London"}' },
        ],
        source: 'content_apertus',
        marked: true,
      },
    ]);
  });

  it('reads a list without its suffix once it closes, one object, and an empty list', () => {
    expect(extractApertus('<|tools_prefix|>[{"f": {"a": 1}}] done')[0]).toMatchObject({ end: 33, calls: [{ name: 'f', arguments: '{"a": 1}' }] });
    expect(extractApertus('<|tools_prefix|>{"f": {}}<|tools_suffix|>')[0]?.calls).toEqual([{ name: 'f', arguments: '{}' }]);
    expect(extractApertus('<|tools_prefix|>[]<|tools_suffix|>')[0]?.calls).toEqual([]);
  });

  it('refuses an object with two keys (two readings of the tool), or one that is not a call', () => {
    expect(extractApertus('<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>')[0]).toMatchObject({ marked: true, failure: { name: 'f', message: "an Apertus call object with more than one key (after 'f')" } });
    expect(extractApertus('<|tools_prefix|>[{"name": "f", "arguments": {}}]<|tools_suffix|>')[0]).toMatchObject({ marked: true, failure: { name: 'name' } });
    expect(extractApertus('<|tools_prefix|>["f"]<|tools_suffix|>')[0]).toMatchObject({ marked: true, failure: { raw: '["f"]' } });
  });

  it('marks a list cut off incomplete, and a list broken before the suffix failed', () => {
    expect(extractApertus('<|tools_prefix|>[{"get_weather": {"location": "Lon')[0]).toMatchObject({ incomplete: true, failure: { name: 'get_weather' } });
    expect(extractApertus('<|tools_prefix|>[{"f": {"a": 1}<|tools_suffix|> ok')[0]).toMatchObject({ end: 47, failure: { raw: '[{"f": {"a": 1}' } });
    expect(extractApertus('<|tools_prefix|>[{"f": {"a": 1}<|tools_suffix|> ok')[0]?.incomplete).toBeUndefined();
  });

  it('stays linear on hostile repeated prefixes', () => {
    const started = performance.now();
    for (const text of ['<|tools_prefix|>['.repeat(60_000), '<|tools_prefix|>[{"f": {}}]'.repeat(40_000), `<|tools_prefix|>[{"f": {}}, ${'x'.repeat(500_000)}`]) extractApertus(text);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('leaves the prefix followed by prose as text', () => {
    expect(extractApertus('The <|tools_prefix|> token opens calls.')).toEqual([]);
  });
});

describe('Apertus calls through the parser', () => {
  it('extracts the calls and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Let me look.<|tools_prefix|>[{"file_read": {"path": "a.txt"}}]<|tools_suffix|>'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'a.txt', 'content_apertus']]);
    expect(result.content).toBe('Let me look.');
  });

  it('never turns a cut-off list into a call, even when the arguments closed', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<|tools_prefix|>[{"file_read": {"path": "a.txt"}}'), { finishReason: 'length' });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.tool])).toEqual([['ACODE-TLP-010', 'file_read']]);
  });
});
