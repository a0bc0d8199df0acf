import type { ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { createToolCallParser, createToolRegistry, parseToolCalls } from '../../src/library/index.js';

const writeFile: ToolDefinition = {
  name: 'write_file',
  description: 'Writes a text file in the workspace.',
  version: '1.0.0',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' }, mode: { type: 'string', enum: ['overwrite', 'append'] } },
    required: ['path', 'content'],
    additionalProperties: false,
  },
};
const tools = [writeFile];

/** An OpenAI chat completion with one structured call whose arguments text is `args`. */
function completion(args: string, finishReason = 'tool_calls'): unknown {
  return {
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'write_file', arguments: args } }] },
      },
    ],
  };
}

describe('parseToolCalls', () => {
  it('repairs a call with one reading and validates it', () => {
    const result = parseToolCalls(completion(`{"path":"a.txt","content":'x'  mode: 'append',}`), { tools });
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]?.name).toBe('write_file');
    expect(result.toolCalls[0]?.arguments).toEqual({ path: 'a.txt', content: 'x', mode: 'append' });
  });

  it('extracts a call written into the text and removes it from the content', () => {
    const response = { message: { role: 'assistant', content: 'Saving now.\n<tool_call>{"name":"write_file","arguments":{"path":"b.txt","content":"hi"}}</tool_call>' } };
    const result = parseToolCalls(response, { tools });
    expect(result.toolCalls.map((c) => c.arguments)).toEqual([{ path: 'b.txt', content: 'hi' }]);
    expect(result.content).not.toContain('tool_call');
  });

  it('never runs a call cut by the token limit', () => {
    const result = parseToolCalls(completion('{"path":"a.txt","content":"half of it', 'length'), { tools });
    expect(result.toolCalls).toEqual([]);
    expect(result.errors[0]?.code).toBe('ACODE-TLP-010');
  });

  it('reports an invalid call as an error, not a throw', () => {
    const result = parseToolCalls(completion('{"path":"a.txt"}'), { tools });
    expect(result.success).toBe(false);
    expect(result.toolCalls).toEqual([]);
    expect(result.errors[0]?.code).toMatch(/^ACODE-/);
  });

  it('honours per-parse settings (repair off) without changing the next parse', () => {
    const broken = completion('{"path":"a.txt","content":"x",}');
    expect(parseToolCalls(broken, { tools, settings: { enableAutoRepair: false } }).toolCalls).toEqual([]);
    expect(parseToolCalls(broken, { tools }).toolCalls).toHaveLength(1);
  });

  it('accepts a registry instead of definitions', () => {
    const registry = createToolRegistry({ tools });
    const result = parseToolCalls(completion('{"path":"a.txt","content":"x"}'), { registry });
    expect(result.success).toBe(true);
  });

  it('needs tools or a registry', () => {
    expect(() => parseToolCalls(completion('{}'), {} as never)).toThrow(TypeError);
    expect(() => createToolCallParser({})).toThrow(TypeError);
  });

  it('builds one parser that keeps its settings for every answer', () => {
    const parser = createToolCallParser({ tools, settings: { extractFromContent: false } });
    const text = { message: { role: 'assistant', content: '<tool_call>{"name":"write_file","arguments":{"path":"b.txt","content":"hi"}}</tool_call>' } };
    expect(parser.parseResponse(text).toolCalls).toEqual([]);
    expect(parser.parseResponse(completion('{"path":"a","content":"b"}')).toolCalls).toHaveLength(1);
  });
});
