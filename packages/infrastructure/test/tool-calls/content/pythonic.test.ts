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
      'get_weather(city="Paris") is how you would call it.',
      'To know, call get_weather(city="Paris")',
      'print(x=1)\nget_weather(city="Paris")',
      '```python\nget_weather(city="Paris")\n```\nThat is the call.',
      '```js\nget_weather(city="Paris")\n```',
      'Data: ["get_weather", {"city": "Paris"}]',
      "Data: ['get_weather(city=\"Paris\")']",
      'Data:\n```\n["get_weather", {"city": "Paris"}]\n```',
      '[get_weather(city="Paris")] is the call\nand more.',
    ]) {
      expect(extractPythonic(text, TOOLS)).toEqual([]);
    }
  });

  it('keeps an undeclared call beside a declared one, to be refused as unknown', () => {
    expect(extractPythonic('[get_weather(city="Paris"), print(x=1)]', TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather' }, { name: 'print' }] }]);
  });

  it('reads calls without brackets that are the whole message: lines, commas, semicolons; unclosed, so open', () => {
    for (const text of ['get_weather(city="Paris")\nget_time(zone="UTC")\n', 'get_weather(city="Paris"), get_time(zone="UTC")', '  get_weather(city="Paris"); get_time(zone="UTC");']) {
      expect(extractPythonic(text, TOOLS), text).toEqual([
        {
          start: text.indexOf('g'),
          end: text.trimEnd().length,
          calls: [
            { name: 'get_weather', arguments: { city: 'Paris' } },
            { name: 'get_time', arguments: { zone: 'UTC' } },
          ],
          source: 'content_pythonic',
          marked: false,
          open: true,
        },
      ]);
    }
  });

  it('reads a list opening the message with prose on the lines after it (BFCL)', () => {
    const text = "[get_weather(city='Paris')]\n\nThe above code calls the weather tool.";
    expect(extractPythonic(text, TOOLS)).toEqual([{ start: 0, end: 27, calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], source: 'content_pythonic', marked: false }]);
  });

  it('reads a python, tool_code or untagged fenced block of calls that ends the message', () => {
    for (const tag of ['python', 'tool_code', '']) {
      const text = `Sure.\n\`\`\`${tag}\n[get_weather(city='Paris')]\n\`\`\`\n`;
      expect(extractPythonic(text, TOOLS), tag).toMatchObject([{ start: 6, end: text.length - 1, calls: [{ name: 'get_weather' }] }]);
    }
    expect(extractPythonic("```python\nget_weather(city='Paris')\nget_time()\n```", TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather' }, { name: 'get_time' }] }]);
  });

  it('reads quoted calls, [name, {args}] pairs and a dict passed positionally, as the whole message', () => {
    expect(extractPythonic("['get_weather(city=\"Paris\")', 'get_time()']", TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }, { name: 'get_time', arguments: {} }] }]);
    expect(extractPythonic('["get_weather", {"city": "Paris"}]', TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }]);
    expect(extractPythonic('[["get_weather", {"city": "Paris"}], ["get_time", {}]]', TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather' }, { name: 'get_time' }] }]);
    expect(extractPythonic("get_weather({'city': 'Paris'})", TOOLS)).toMatchObject([{ calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }]);
  });

  it('carries the repair of an unescaped apostrophe', () => {
    expect(extractPythonic("[get_weather(city='Martha's Vineyard')]", TOOLS)).toMatchObject([{ calls: [{ arguments: { city: "Martha's Vineyard" } }], repairs: ['unescaped_inner_quotes'] }]);
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

  it('runs bare calls that are the whole message, and refuses the last as cut when the output hit its length limit', async () => {
    const { parser } = await newParser();
    const text = 'file_read(path="a.txt")\ngit_status()';
    const whole = parser.parseResponse(ollamaResponse([], text));
    expect(whole.errors).toEqual([]);
    expect(whole.toolCalls.map((call) => call.name)).toEqual(['file_read', 'git_status']);
    const cut = parser.parseResponse(ollamaResponse([], 'file_read(path="a.txt")\n'), { finishReason: 'length' });
    expect(cut.toolCalls).toEqual([]);
    expect(cut.errors).toMatchObject([{ code: 'ACODE-TLP-010', tool: 'file_read' }]);
  });

  it('runs the real call of a list and refuses the no_function beside it', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '[file_read(path="a.txt"), no_function()]'));
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.errors).toMatchObject([{ index: 1, tool: 'no_function', code: 'ACODE-TLP-005' }]);
  });

  it('leaves a list naming no declared tool as text', async () => {
    const { parser } = await newParser();
    const content = 'Example: [fetch_url(url="x")]';
    expect(parser.parseResponse(ollamaResponse([], content))).toMatchObject({ toolCalls: [], errors: [], content });
  });
});
