import { describe, expect, it } from 'vitest';
import { extractBareJson, NO_TOOLS_CONTEXT, type ExtractionContext } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const TOOLS: ExtractionContext = { isKnownTool: (name) => ['get_weather', 'get_time'].includes(name), toolSchema: () => undefined };
const WEATHER = '{"name": "get_weather", "parameters": {"city": "Paris"}}';
const TIME = '{"name": "get_time", "arguments": {}}';

describe('extractBareJson', () => {
  it('reads one object that is the whole message', () => {
    expect(extractBareJson(`${WEATHER}\n`, TOOLS)).toEqual([{ start: 0, end: WEATHER.length, body: WEATHER, source: 'content_bare_json', marked: false, open: true }]);
  });

  it('reads several objects separated by whitespace or ; (Llama 3.x), or an array, at the tail of prose', () => {
    const prose = 'Sure: ';
    expect(extractBareJson(`${prose}${WEATHER}; ${TIME}`, TOOLS)).toEqual([{ start: prose.length, end: prose.length + WEATHER.length + 2 + TIME.length, body: `[${WEATHER},${TIME}]`, source: 'content_bare_json', marked: false, open: true }]);
    expect(extractBareJson(`Sure.\n${WEATHER}\n${TIME}`, TOOLS)[0]?.body).toBe(`[${WEATHER},${TIME}]`);
    expect(extractBareJson(`Sure.\n[${WEATHER}, ${TIME}]`, TOOLS)[0]?.body).toBe(`[${WEATHER}, ${TIME}]`);
  });

  it('reads a call that needs repair when its first key is quoted', () => {
    expect(extractBareJson("{'name': 'get_time', 'arguments': {},}", TOOLS)).toHaveLength(1);
  });

  it('skips bracketed prose and code before the tail', () => {
    const text = `Use {x} in [notes] then {"a": 1}\n[note] ${WEATHER}`;
    expect(extractBareJson(text, TOOLS)).toMatchObject([{ start: text.indexOf(WEATHER), body: WEATHER }]);
  });

  it('leaves as text: names no declared tool, JSON followed by prose, JSON in code, no tools at all', () => {
    for (const text of [
      '{"name": "delete_everything", "arguments": {}}',
      `${WEATHER}\nThat is how you would call it.`,
      'const x = {"name": "get_weather"}',
      'function f() { return {"name": "get_weather", "arguments": {}}; }',
      'The tool get_weather takes a city.',
      `Here:\n\`\`\`json\n${WEATHER}`,
    ]) {
      expect(extractBareJson(text, TOOLS)).toEqual([]);
    }
    expect(extractBareJson(WEATHER, NO_TOOLS_CONTEXT)).toEqual([]);
  });

  it('stays linear on many unclosed candidates and long chains followed by prose', () => {
    const started = Date.now();
    expect(extractBareJson(`${'\n{"a": "'.repeat(100_000)}}`, TOOLS)).toEqual([]);
    expect(extractBareJson(`${'{} '.repeat(200_000)}x {}`, TOOLS)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('extractBareJson: shapes of prompted models (BFCL, leaked chat templates)', () => {
  it('keeps a call to an undeclared tool beside a declared one, so it is refused rather than hiding the real call', () => {
    const other = '{"name": "no_function", "arguments": {}}';
    expect(extractBareJson(`${WEATHER} ${other}`, TOOLS)).toMatchObject([{ start: 0, body: `[${WEATHER},${other}]` }]);
    expect(extractBareJson(`[${other}]`, TOOLS)).toEqual([]);
  });

  it('reads a {"tool_calls": [...]} wrapper and the params key', () => {
    const wrapper = '{"tool_calls": [{"name": "get_weather", "params": {"city": "Paris"}}]}';
    expect(extractBareJson(wrapper, TOOLS)).toMatchObject([{ start: 0, end: wrapper.length, body: wrapper }]);
    expect(extractBareJson('{"tool_calls": [{"name": "delete_all", "params": {}}]}', TOOLS)).toEqual([]);
    expect(extractBareJson('{"tool_calls": []}', TOOLS)).toEqual([]);
  });

  it('takes leaked <|im_start|> framing out with the calls', () => {
    const text = `<|im_start|>assistant\n${WEATHER}\n<|im_end|>\n<|im_start|>assistant\n${TIME}<|im_end|>\n`;
    expect(extractBareJson(text, TOOLS)).toEqual([{ start: 0, end: text.length - 1, body: `[${WEATHER},${TIME}]`, source: 'content_bare_json', marked: false, open: true }]);
    const prose = `Checking.\n<|im_start|>${WEATHER}`;
    expect(extractBareJson(prose, TOOLS)).toMatchObject([{ start: 'Checking.\n'.length, body: WEATHER }]);
  });

  it('reads nothing in a value that opens the message and never closes (a cut array or wrapper)', () => {
    expect(extractBareJson(`[${WEATHER}, ${TIME}`, TOOLS)).toEqual([]);
    expect(extractBareJson(`{"tool_calls": [${WEATHER}, ${TIME}`, TOOLS)).toEqual([]);
  });

  it('drops a stray closing bracket after the calls, naming the repair', () => {
    const text = `[${WEATHER}]]`;
    expect(extractBareJson(text, TOOLS)).toEqual([{ start: 0, end: text.length, body: `[${WEATHER}]`, source: 'content_bare_json', marked: false, repairs: ['trailing_markup'] }]);
    expect(extractBareJson(`[${WEATHER}] ]x`, TOOLS)).toEqual([]);
  });
});

describe('bare JSON through the parser', () => {
  it('runs the real call and refuses the undeclared one beside it (BFCL no_function)', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '{"name": "file_read", "arguments": {"path": "a.txt"}}\n{"name": "no_function", "arguments": {}}'));
    expect(result.toolCalls.map((call) => [call.index, call.name])).toEqual([[0, 'file_read']]);
    expect(result.errors).toMatchObject([{ index: 1, tool: 'no_function', code: 'ACODE-TLP-005' }]);
    expect(result.content).toBe('');
  });

  it('reads a run mixing an array, a wrapper and an object', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([], '[{"name": "file_read", "arguments": {"path": "a"}}]\n{"tool_calls": [{"name": "git_status", "params": {}}]}\n{"name": "file_read", "arguments": {"path": "b"}}'),
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path']])).toEqual([
      ['file_read', 'a'],
      ['git_status', undefined],
      ['file_read', 'b'],
    ]);
  });

  it('reads the whole-message wrapper with parameters, and OpenAI function items', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(
      ollamaResponse([], '{"tool_calls": [{"name": "file_read", "parameters": {"path": "a"}}, {"type": "function", "function": {"name": "git_status", "arguments": "{}"}}]}'),
    );
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path']])).toEqual([
      ['file_read', 'a'],
      ['git_status', undefined],
    ]);
  });

  it('extracts declared calls at the tail and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], 'Let me check.\n{"name": "file_read", "parameters": {"path": "a.txt"}}; {"name": "git_status", "parameters": {}}'));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.index, call.name, call.arguments['path'], call.source])).toEqual([
      [0, 'file_read', 'a.txt', 'content_bare_json'],
      [1, 'git_status', undefined, 'content_bare_json'],
    ]);
    expect(result.content).toBe('Let me check.');
  });

  it('leaves JSON naming no declared tool as text', async () => {
    const { parser } = await newParser();
    const content = 'Here is the payload:\n{"name": "Alice", "arguments": ["a", "b"]}';
    expect(parser.parseResponse(ollamaResponse([], content))).toMatchObject({ toolCalls: [], errors: [], content });
  });
});
