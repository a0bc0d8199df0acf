import { describe, expect, it } from 'vitest';
import { extractPythonic, NO_TOOLS_CONTEXT, type ExtractionContext } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const TOOLS: ExtractionContext = { isKnownTool: (name) => ['get_weather', 'get_time'].includes(name), toolSchema: () => undefined };

describe('extractPythonic', () => {
  it('reads a list that is the whole message (Llama 3.2)', () => {
    const text = '[get_weather(city="San Francisco", metric="celsius"), get_time(zone=\'UTC\')]\n';
    expect(extractPythonic(text, TOOLS)).toEqual([
      {
        start: 0,
        end: text.length - 1,
        calls: [
          { name: 'get_weather', arguments: { city: 'San Francisco', metric: 'celsius' } },
          { name: 'get_time', arguments: { zone: 'UTC' } },
        ],
        source: 'content_pythonic',
        marked: false,
      },
    ]);
  });

  it('reads a list at the tail of prose, past lists and code that come before it', () => {
    const text = 'See x[get_time(a=1)] and [1, 2] and [get_time(a=1)] here.\nSo: [get_weather(city="Paris")]';
    expect(extractPythonic(text, TOOLS)).toMatchObject([{ start: text.indexOf('[get_weather'), calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }]);
  });

  it('reads <|python_start|>...<|python_end|> (Llama 4) whatever the names, and fails a syntax error there', () => {
    expect(extractPythonic('<|python_start|>[lookup(q="a")]<|python_end|> done', NO_TOOLS_CONTEXT)).toEqual([
      { start: 0, end: 45, calls: [{ name: 'lookup', arguments: { q: 'a' } }], source: 'content_pythonic', marked: true },
    ]);
    expect(extractPythonic('<|python_start|>[lookup(q=a)]<|python_end|>', NO_TOOLS_CONTEXT)[0]).toMatchObject({
      marked: true,
      failure: { name: 'lookup', raw: '[lookup(q=a)]', message: expect.stringContaining("'a' is not a literal") },
    });
    expect(extractPythonic('<|python_start|>[lookup(q="a', NO_TOOLS_CONTEXT)[0]).toMatchObject({ incomplete: true, failure: { name: 'lookup' } });
  });

  it('leaves as text: undeclared names, a list followed by prose, a list with a syntax error, code', () => {
    for (const text of [
      '[print(x=1)]',
      '[get_weather(city="Paris")] is how you would call it.',
      '[get_weather(city=Paris)]',
      'result = tools[get_weather(city="Paris")]',
      'Call get_weather(city="Paris") to know.',
      '[get_weather(city="Paris"), print(x=1)]',
    ]) {
      expect(extractPythonic(text, TOOLS)).toEqual([]);
    }
  });

  it('stays linear on many unclosed candidate lists', () => {
    const text = `${' [get_time(a="'.repeat(50_000)}]`;
    const started = Date.now();
    expect(extractPythonic(text, TOOLS)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('pythonic calls through the parser', () => {
  it('extracts a declared call after prose, typed as written, and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Reading it now.\n[file_read(path="src/a.ts", start_line=2, end_line=10)]'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments, call.source])).toEqual([['file_read', { path: 'src/a.ts', start_line: 2, end_line: 10, encoding: 'utf-8' }, 'content_pythonic']]);
    expect(result.content).toBe('Reading it now.');
  });

  it('leaves a list naming no declared tool as text', async () => {
    const { parser } = await newParser();
    const content = 'Example: [fetch_url(url="x")]';
    expect(parser.parseResponse(ollamaResponse([], content))).toMatchObject({ toolCalls: [], errors: [], content });
  });
});
