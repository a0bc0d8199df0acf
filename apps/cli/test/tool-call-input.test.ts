import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/arguments.js';
import { caretExcerpt } from '../src/render/caret-excerpt.js';
import { detectInputFormat } from '../src/tool-call-input/detect-input-format.js';
import { rawArgumentsInResponse } from '../src/tool-call-input/raw-arguments.js';

describe('detectInputFormat', () => {
  it.each([
    ['data: {"choices":[]}\n\ndata: [DONE]\n', 'sse'],
    ['\n\r\n  event: message\ndata: {}\n', 'sse'],
    [': keep-alive comment\n\ndata: {}\n', 'sse'],
    ['data:{"choices":[]}', 'sse'],
    ['{"message":{}, "done":false}\n{"done":true}\n', 'ndjson'],
    ['{"done":false}\r\n\r\n{"done":true}\r\n', 'ndjson'],
    ['{"done":false}\nnot json at all\n', 'ndjson'],
    ['{"message": {"role": "assistant"}}', 'json'],
    ['{"message": {"role": "assistant"}}\n\n   \n', 'json'],
    ['{\n  "message": {\n    "role": "assistant"\n  }\n}\n', 'json'],
    ['[\n1,\n2]\n', 'json'],
    ['garbage\nmore garbage\n', 'json'],
    ['', 'json'],
  ])('%j is %s', (text, format) => {
    expect(detectInputFormat(text)).toBe(format);
  });

  it('treats a first line nested past the limit as a document, without a crash', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(detectInputFormat(`${deep}\n${deep}\n`)).toBe('json');
  });
});

describe('caretExcerpt', () => {
  it('puts the caret under the character at the position', () => {
    expect(caretExcerpt('{"a": 1,}', 8)).toEqual(['{"a": 1,}', '        ^']);
  });

  it('puts the caret one past the end for an error at end of input', () => {
    expect(caretExcerpt('{"a": ', 6)).toEqual(['{"a": ', '      ^']);
  });

  it('keeps a window around the position of a long text and marks the cuts', () => {
    const text = `${'a'.repeat(1000)}!${'b'.repeat(1000)}`;
    const [line, caret] = caretExcerpt(text, 1000);
    expect(line).toBe(`…${'a'.repeat(40)}!${'b'.repeat(40)}…`);
    expect(caret).toBe(`${' '.repeat(41)}^`);
  });

  it('escapes control characters and moves the caret past the escapes', () => {
    expect(caretExcerpt('{\n\t"a" x}', 7)).toEqual(['{\\n\\t"a" x}', '         ^']);
  });

  it('never splits a surrogate pair at the window edge', () => {
    const text = `😀${'a'.repeat(39)}X`;
    const [line] = caretExcerpt(text, 41);
    expect(line).not.toMatch(/[\ud800-\udfff]/u);
  });
});

describe('rawArgumentsInResponse', () => {
  const call = (id: string, args: unknown) => ({ id, function: { name: 'file_read', arguments: args } });

  it('finds the arguments text of an Ollama, an OpenAI and a bare message response by id', () => {
    expect(rawArgumentsInResponse({ message: { tool_calls: [call('x', '{"a":1,}')] } }, { id: 'x', index: 0 })).toBe('{"a":1,}');
    expect(rawArgumentsInResponse({ choices: [{ message: { tool_calls: [call('y', '{}'), call('z', "{'a':1}")] } }] }, { id: 'z', index: 0 })).toBe("{'a':1}");
    expect(rawArgumentsInResponse({ role: 'assistant', tool_calls: [call('w', '[')] }, { id: 'w', index: 0 })).toBe('[');
  });

  it('falls back to the position for a generated id', () => {
    expect(rawArgumentsInResponse({ message: { tool_calls: [call('', '{}'), { function: { arguments: '{,}' } }] } }, { id: 'call_gen', index: 1 })).toBe('{,}');
  });

  it('has nothing to show for object arguments, calls in the content, or shapes it does not know', () => {
    expect(rawArgumentsInResponse({ message: { tool_calls: [call('x', { a: 1 })] } }, { id: 'x', index: 0 })).toBeUndefined();
    expect(rawArgumentsInResponse({ message: { content: '<tool_call>{}</tool_call>' } }, { id: 'call_1', index: 0 })).toBeUndefined();
    expect(rawArgumentsInResponse(null, { id: 'x', index: 0 })).toBeUndefined();
    expect(rawArgumentsInResponse({ message: { tool_calls: 'nope' } }, { id: 'x', index: 0 })).toBeUndefined();
    expect(rawArgumentsInResponse({ message: { tool_calls: [null, 7] } }, { id: 'x', index: 1 })).toBeUndefined();
  });
});

describe('parseCommandLine: debug parse-tool-call', () => {
  it('reads every option, wherever it appears', () => {
    expect(parseCommandLine(['--strict', 'debug', '-i', '-', 'parse-tool-call', '--no-repair', '-v', '--json', '--provider', 'openai-compatible', '--log-level', 'debug'])).toEqual({
      ok: true,
      command: {
        kind: 'debug-parse-tool-call',
        global: { logLevel: 'debug' },
        input: '-',
        strict: true,
        repair: false,
        verbose: true,
        json: true,
        provider: 'openai-compatible',
      },
    });
  });

  it('defaults to repair on, not strict, not verbose, human output and no provider', () => {
    expect(parseCommandLine(['debug', 'parse-tool-call', '--input=r.json'])).toEqual({
      ok: true,
      command: { kind: 'debug-parse-tool-call', global: { logLevel: 'silent' }, input: 'r.json', strict: false, repair: true, verbose: false, json: false },
    });
  });

  it('refuses --input without a value', () => {
    const parsed = parseCommandLine(['debug', 'parse-tool-call', '--input']);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.helpCommand).toBe('acode debug parse-tool-call');
  });

  it('refuses a missing debug subcommand', () => {
    const parsed = parseCommandLine(['debug']);
    expect(parsed).toMatchObject({ ok: false, error: { message: 'Missing subcommand. Use: parse-tool-call, tool-call.' } });
  });
});
