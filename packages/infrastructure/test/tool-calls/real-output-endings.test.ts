import { beforeAll, describe, expect, it } from 'vitest';
import { createToolCallParser } from '../../src/library/create-tool-call-parser.js';
import { createToolRegistry } from '../../src/library/create-tool-registry.js';
import type { ToolCallParser } from '../../src/tool-calls/index.js';
import { newParser, openAiCall, openAiResponse } from './parser-fixture.js';

/*
 * How a real answer ends decides what is a call: a model that forgot to close its thinking before
 * calling, an opening marker left dangling after a whole call, the numbers a model wrote.
 */

let parser: ToolCallParser;
beforeAll(async () => {
  ({ parser } = await newParser());
});

/** An OpenAI completion with text only, ending for `finish`. */
function textAnswer(content: string, finish = 'stop'): unknown {
  return { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }] };
}

const CALL = '<tool_call>\n{"name": "file_read", "arguments": {"path": "a.txt"}}\n</tool_call>';

describe('calls inside reasoning', () => {
  it('reads a whole call that ends an unclosed reasoning when the answer after it is empty', () => {
    const result = parser.parseResponse(textAnswer(`<think>The user wants the file, so I read it.\n${CALL}`));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.toolCalls[0]?.arguments).toMatchObject({ path: 'a.txt' });
    expect(result.reasoning).toBe('The user wants the file, so I read it.');
    expect(result.content).toBe('');
  });

  it('reads it too when the reasoning was closed and nothing followed', () => {
    const result = parser.parseResponse(textAnswer(`<think>Reading it.\n${CALL}</think>`));
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    expect(result.reasoning).toBe('Reading it.');
  });

  it('keeps a call inside reasoning that an answer follows as reasoning', () => {
    const result = parser.parseResponse(textAnswer(`<think>I could do ${CALL} but no.</think>The file is not needed.`));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.content).toBe('The file is not needed.');
  });

  it('keeps a call followed by more thinking as reasoning, even with an empty answer', () => {
    const result = parser.parseResponse(textAnswer(`<think>Maybe ${CALL} then I would check the size first.`));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.reasoning).toContain(CALL);
    expect(result.content).toBe('');
  });

  it('keeps a call to a tool the request did not declare as reasoning', () => {
    const result = parser.parseResponse(textAnswer('<think>Plan: <tool_call>{"name": "launch_rockets", "arguments": {}}</tool_call>'));
    expect(result.toolCalls).toEqual([]);
    expect(result.errors).toEqual([]);
  });
});

describe('the finish reason decides truncation', () => {
  it('drops an opening marker left after a whole call when the model stopped on its own', () => {
    const result = parser.parseResponse(textAnswer(`${CALL}\n<tool_call>`));
    expect(result.errors).toEqual([]);
    expect(result.toolCalls.map((call) => call.name)).toEqual(['file_read']);
  });

  it('still refuses that dangling marker as cut when the output hit its length limit', () => {
    const result = parser.parseResponse(textAnswer(`${CALL}\n<tool_call>\n{"name": "file_read", "arguments": {"pa`, 'length'));
    expect(result.errors.map((error) => error.code)).toContain('ACODE-TLP-010');
  });
});

describe('numbers as the model wrote them', () => {
  const registry = createToolRegistry({
    applyDefaults: false,
    tools: [{ name: 'scale', version: '1.0.0', description: 'Scale', parameters: { type: 'object', properties: { factor: { type: 'number' }, big: { type: 'integer', default: 1 } } } }],
  });
  const own = createToolCallParser({ registry });

  it('keeps the arguments text when re-serialising would rewrite a number the value passes unchanged', () => {
    const text = '{"factor": 1.0, "big": 12345678901234567890}';
    const call = own.parseResponse(openAiResponse([openAiCall('c1', 'scale', text)])).toolCalls[0];
    expect(call?.arguments).toEqual({ factor: 1, big: 12345678901234567890 });
    expect(call?.argumentsText).toBe(text);
  });

  it('sets none when the numbers survive a round trip, or when a repair changed the text', () => {
    expect(own.parseResponse(openAiResponse([openAiCall('c1', 'scale', '{"factor": 1.5}')])).toolCalls[0]?.argumentsText).toBeUndefined();
    const repaired = own.parseResponse(openAiResponse([openAiCall('c1', 'scale', "{'factor': 1.0}")])).toolCalls[0];
    expect(repaired?.repairs.length).toBeGreaterThan(0);
    expect(repaired?.argumentsText).toBeUndefined();
  });

  it('sets none when validation wrote a default into the arguments', () => {
    const withDefaults = createToolCallParser({ registry: createToolRegistry({ tools: registry.getAllTools() }) });
    const call = withDefaults.parseResponse(openAiResponse([openAiCall('c1', 'scale', '{"factor": 1.0}')])).toolCalls[0];
    expect(call?.arguments).toEqual({ factor: 1, big: 1 });
    expect(call?.argumentsText).toBeUndefined();
  });
});

describe('the end of a message whose beginning went out already (afterText)', () => {
  it('reads a tail call list, but not the shapes that count only as a whole message', () => {
    const pair = parser.parseResponse(textAnswer('["file_read", {"path": "a.txt"}]'));
    expect(pair.toolCalls.map((call) => call.name)).toEqual(['file_read']);
    const after = parser.parseRawToolCalls([], '["file_read", {"path": "a.txt"}]', { afterText: true });
    expect(after.toolCalls).toEqual([]);
    expect(after.errors).toEqual([]);
    expect(parser.parseRawToolCalls([], 'file_read(path="a.txt")', { afterText: true }).toolCalls).toEqual([]);
    const tail = parser.parseRawToolCalls([], ' [file_read(path="a.txt")]', { afterText: true });
    expect(tail.toolCalls.map((call) => call.name)).toEqual(['file_read']);
  });
});
