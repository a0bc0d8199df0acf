import { describe, expect, it } from 'vitest';
import { extractHarmony } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

/** What the extractor keeps of each span: where, and the calls. */
function summary(text: string) {
  return extractHarmony(text).map((span) => ({ removed: text.slice(span.start, span.end), calls: span.calls, ...(span.incomplete ? { incomplete: true } : {}) }));
}

describe('extractHarmony', () => {
  it('reads a commentary call with the recipient after the channel', () => {
    const text = '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "SF"}<|call|>';
    expect(summary(text)).toEqual([{ removed: text, calls: [{ name: 'get_weather', arguments: '{"city": "SF"}' }] }]);
  });

  it('reads the recipient before the channel, with or without <|start|>assistant', () => {
    expect(summary('<|start|>assistant to=functions.a<|channel|>commentary json<|message|>{}<|call|>')[0]?.calls).toEqual([{ name: 'a', arguments: '{}' }]);
    expect(summary(' to=functions.a<|channel|>commentary json<|message|>{"x": 1}<|call|>')).toEqual([
      { removed: 'to=functions.a<|channel|>commentary json<|message|>{"x": 1}<|call|>', calls: [{ name: 'a', arguments: '{"x": 1}' }] },
    ]);
  });

  it('keeps a non-functions recipient as written (an unknown tool for the parser)', () => {
    expect(summary('<|channel|>analysis to=browser.search code<|message|>{"q": "x"}<|call|>')[0]?.calls).toEqual([{ name: 'browser.search', arguments: '{"q": "x"}' }]);
  });

  it('removes the headers of final and preamble messages and keeps their text', () => {
    const text = '<|channel|>commentary<|message|>Checking.<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>';
    expect(summary(text)).toEqual([
      { removed: '<|channel|>commentary<|message|>', calls: [] },
      { removed: '<|end|>', calls: [] },
      { removed: '<|start|>assistant<|channel|>final<|message|>', calls: [] },
      { removed: '<|return|>', calls: [] },
    ]);
  });

  it('marks a call whose message never ends incomplete', () => {
    expect(summary('<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x": ')).toEqual([
      { removed: '<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x": ', calls: [{ name: 'a', arguments: '{"x":' }], incomplete: true },
    ]);
  });

  it('finds nothing in prose, JSON, or a "to=" outside any header', () => {
    expect(extractHarmony('Send it to=functions.file_read with {"path": "a"}.', )).toEqual([]);
    expect(extractHarmony('{"name": "file_read", "arguments": {"path": "a"}}')).toEqual([]);
    expect(summary('The token <|channel|> is followed by text, to=functions.x <|end|> and <|message|>{}')).toEqual([]);
  });

  it('is linear: many stray headers cost one scan', () => {
    const text = '<|channel|>'.repeat(100_000) + '<|message|>';
    expect(extractHarmony(text).length).toBe(1);
  });
});

describe('harmony calls through the parser', () => {
  it('drops the analysis, extracts the call, and keeps the final text', async () => {
    const { parser } = await newParser();
    const content =
      '<|channel|>analysis<|message|>Need to read a.txt; file_read fits.<|end|>' +
      '<|start|>assistant<|channel|>commentary<|message|>Reading the file.<|end|>' +
      '<|start|>assistant<|channel|>commentary to=functions.file_read <|constrain|>json<|message|>{"path": "a.txt"}<|call|>';
    const result = parser.parseResponse(ollamaResponse([], content));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.source])).toEqual([['file_read', 'a.txt', 'content_harmony']]);
    expect(result.content).toBe('Reading the file.');
    expect(result.reasoning).toBe('Need to read a.txt; file_read fits.');
  });

  it('gives the final channel text as content, with no call', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<|start|>assistant<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant<|channel|>final<|message|>Hello!<|return|>'));
    expect(result).toMatchObject({ toolCalls: [], errors: [], content: 'Hello!' });
  });
});
