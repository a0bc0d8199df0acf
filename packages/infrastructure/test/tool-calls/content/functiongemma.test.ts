import { describe, expect, it } from 'vitest';
import { extractFunctionGemma } from '../../../src/tool-calls/index.js';
import { newParser, ollamaResponse } from '../parser-fixture.js';

const call = (body: string) => `<start_function_call>call:${body}<end_function_call>`;

describe('extractFunctionGemma', () => {
  it('reads escaped strings exactly and types the other values', () => {
    const text = `Checking. ${call('get_weather{location:<escape>San Francisco, CA {x}<escape>,days:3,metric:true,ratio:-0.5,note:null}')}`;
    expect(extractFunctionGemma(text)).toEqual([
      {
        start: 10,
        end: text.length,
        calls: [{ name: 'get_weather', arguments: { location: 'San Francisco, CA {x}', days: 3, metric: true, ratio: -0.5, note: null } }],
        source: 'content_functiongemma',
        marked: true,
      },
    ]);
  });

  it('reads nested objects and lists, an escaped "42" as a string, and several calls', () => {
    const text = `${call('f{filter:{city:<escape>Tokyo<escape>,tags:[1,<escape>a<escape>,[]]},count:<escape>42<escape>}')}${call('g{}')}`;
    expect(extractFunctionGemma(text).map((span) => span.calls)).toEqual([[{ name: 'f', arguments: { filter: { city: 'Tokyo', tags: [1, 'a', []] }, count: '42' } }], [{ name: 'g', arguments: {} }]]);
  });

  it('reads a bare word as its string and a comma left out after a closed value (one reading each)', () => {
    expect(extractFunctionGemma(call('f{unit:celsius}'))[0]?.calls).toEqual([{ name: 'f', arguments: { unit: 'celsius' } }]);
    expect(extractFunctionGemma(call('f{city:<escape>NYC<escape>unit:<escape>celsius<escape>}'))[0]?.calls).toEqual([{ name: 'f', arguments: { city: 'NYC', unit: 'celsius' } }]);
  });

  it('reads a call whose end token is missing once its arguments close', () => {
    expect(extractFunctionGemma('<start_function_call>call:f{a:1} ok')[0]).toMatchObject({ end: 35 - 3, calls: [{ name: 'f', arguments: { a: 1 } }] });
  });

  it('refuses arguments with two readings or none: a missing comma after a bare value, a repeated key, a bare word with a colon', () => {
    for (const body of ['f{a:1 b:2}', 'f{a:<escape>x<escape>,a:<escape>y<escape>}', 'f{url:http://x}', 'f{a:1,,b:2}', 'f{:1}']) {
      expect(extractFunctionGemma(call(body))[0], body).toMatchObject({ marked: true, failure: { name: 'f' } });
    }
  });

  it('marks arguments cut off incomplete, whether inside a string or a value', () => {
    for (const text of ['<start_function_call>call:f{a:<escape>Lon', '<start_function_call>call:f{a:1', '<start_function_call>call:f{a:{b:[1,']) {
      expect(extractFunctionGemma(text)[0], text).toMatchObject({ incomplete: true, failure: { name: 'f' } });
    }
  });

  it('fails a start and end token around no call:NAME{, and leaves a lone start token in prose as text', () => {
    expect(extractFunctionGemma('<start_function_call>get_weather<end_function_call>')[0]).toMatchObject({ marked: true, failure: { raw: 'get_weather' } });
    expect(extractFunctionGemma('FunctionGemma writes <start_function_call> before a call.')).toEqual([]);
  });

  it('stays linear on hostile repeated tokens', () => {
    const started = performance.now();
    for (const text of ['<start_function_call>call:f{a:<escape>'.repeat(40_000), '<start_function_call>'.repeat(100_000), `<start_function_call>call:f{${'a:<escape>x<escape>'.repeat(50_000)}`]) extractFunctionGemma(text);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('refuses nesting deeper than 64 levels instead of recursing', () => {
    expect(extractFunctionGemma(call(`f{a:${'['.repeat(200)}${']'.repeat(200)}}`))[0]).toMatchObject({ failure: { message: 'arguments nested deeper than 64 levels' } });
  });
});

describe('FunctionGemma calls through the parser', () => {
  it('extracts the call and keeps the prose', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], `Reading. ${call('file_read{path:<escape>a.txt<escape>,start_line:3}')}`));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => [call.name, call.arguments['path'], call.arguments['start_line'], call.source])).toEqual([['file_read', 'a.txt', 3, 'content_functiongemma']]);
    expect(result.content).toBe('Reading.');
  });

  it('never turns a cut-off call into a call', async () => {
    const { parser } = await newParser();
    const result = parser.parseResponse(ollamaResponse([], '<start_function_call>call:file_read{path:<escape>a.t'), { finishReason: 'length' });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors.map((error) => [error.code, error.tool])).toEqual([['ACODE-TLP-010', 'file_read']]);
  });
});
