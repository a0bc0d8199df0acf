import { describe, expect, it } from 'vitest';
import { readResponsesRequest } from '../../../../src/gateway/fronts/openai-responses/read-responses-request.js';

function read(body: unknown) {
  const reading = readResponsesRequest(body);
  if (!reading.ok) throw new Error(`refused: ${reading.error.message}`);
  return reading.request;
}

function refusal(body: unknown) {
  const reading = readResponsesRequest(body);
  if (reading.ok) throw new Error('read');
  return reading.error;
}

/** A request as Codex CLI sends it. */
const codexBody = {
  model: 'qwen3-coder',
  instructions: 'You are Codex.',
  input: [
    { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions>' }] },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
  ],
  tools: [
    { type: 'function', name: 'shell', description: 'Runs a command', strict: false, parameters: { type: 'object', properties: { command: { type: 'array', items: { type: 'string' } } }, required: ['command'] } },
    { type: 'custom', name: 'apply_patch', description: 'Patch', format: { type: 'grammar', syntax: 'lark', definition: 'start: x' } },
    { type: 'web_search' },
  ],
  tool_choice: 'auto',
  parallel_tool_calls: false,
  reasoning: { effort: 'medium', summary: 'auto' },
  store: false,
  stream: true,
  include: ['reasoning.encrypted_content'],
  prompt_cache_key: '0199-session',
};

describe('readResponsesRequest', () => {
  it('reads a Codex request into the neutral form with OpenAI chat parameters', () => {
    const request = read(codexBody);
    expect(request.wire).toBe('openai');
    expect(request.model).toBe('qwen3-coder');
    expect(request.stream).toBe(true);
    expect(request.store).toBe(false);
    expect(request.previousResponseId).toBeUndefined();
    expect(request.messages).toEqual([
      { role: 'system', content: 'You are Codex.' },
      { role: 'system', content: '<permissions>' },
      { role: 'user', content: 'List the files.' },
    ]);
    expect(request.tools.map((tool) => [tool.wireName, tool.custom ?? false])).toEqual([
      ['shell', false],
      ['apply_patch', true],
    ]);
    expect(request.ignoredTools).toEqual([{ field: '/tools/2/type', type: '"web_search"' }]);
    expect(request.parameters).toEqual({ tool_choice: 'auto', parallel_tool_calls: false, reasoning_effort: 'medium' });
  });

  it('keeps the echoed fields as sent', () => {
    const request = read({ ...codexBody, metadata: { k: 'v' }, temperature: 0.5, top_p: 1, max_output_tokens: 100, text: { format: { type: 'text' } }, previous_response_id: 'resp_1' });
    expect(request.echo).toEqual({
      instructions: 'You are Codex.',
      metadata: { k: 'v' },
      tools: codexBody.tools,
      tool_choice: 'auto',
      parallel_tool_calls: false,
      temperature: 0.5,
      top_p: 1,
      max_output_tokens: 100,
      reasoning: { effort: 'medium', summary: 'auto' },
      text: { format: { type: 'text' } },
      previous_response_id: 'resp_1',
    });
    expect(read({ model: 'm', input: 'x' }).echo).toEqual({});
  });

  it('defaults stream to false and store to true', () => {
    const request = read({ model: 'm', input: 'Hello' });
    expect(request).toMatchObject({ stream: false, store: true, messages: [{ role: 'user', content: 'Hello' }], tools: [], parameters: {} });
    expect(request.ignoredTools).toBeUndefined();
    expect(read({ model: 'm', input: 'x', stream: null, store: null })).toMatchObject({ stream: false, store: true });
  });

  it('reads previous_response_id, allowing an input of tool outputs only', () => {
    const request = read({ model: 'm', previous_response_id: 'resp_abc', input: [{ type: 'function_call_output', call_id: 'call_1', output: 'ok' }] });
    expect(request.previousResponseId).toBe('resp_abc');
    expect(request.messages).toEqual([{ role: 'tool', content: 'ok', toolCallId: 'call_1' }]);
    expect(read({ model: 'm', previous_response_id: 'resp_abc', input: [] }).messages).toEqual([]);
  });

  it('refuses a missing or empty input', () => {
    expect(refusal({ model: 'm' })).toMatchObject({ code: 'ACODE-GTW-001', field: '/input' });
    expect(refusal({ model: 'm', input: null })).toMatchObject({ field: '/input' });
    expect(refusal({ model: 'm', input: [] })).toMatchObject({ field: '/input' });
    expect(refusal({ model: 'm', input: [{ type: 'web_search_call', id: 'ws' }] })).toMatchObject({ field: '/input' });
  });

  it('refuses malformed top-level fields with their pointers', () => {
    expect(refusal([])).toMatchObject({ code: 'ACODE-GTW-001' });
    expect(refusal([]).field).toBeUndefined();
    expect(refusal({ input: 'x' })).toMatchObject({ field: '/model' });
    expect(refusal({ model: '  ', input: 'x' })).toMatchObject({ field: '/model' });
    expect(refusal({ model: 'm', input: 'x', stream: 'yes' })).toMatchObject({ field: '/stream' });
    expect(refusal({ model: 'm', input: 'x', instructions: ['a'] })).toMatchObject({ field: '/instructions' });
    expect(refusal({ model: 'm', input: 'x', previous_response_id: '' })).toMatchObject({ field: '/previous_response_id' });
    expect(refusal({ model: 'm', input: 'x', store: 'no' })).toMatchObject({ field: '/store' });
    expect(refusal({ model: 'm', input: 'x', tools: [{ type: 'function', name: '' }] })).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/name' });
    expect(refusal({ model: 'm', input: 'x', temperature: 'hot' })).toMatchObject({ field: '/temperature' });
  });

  it('refuses instructions with no input to answer (an empty list, or only items the gateway leaves out), unless a stored response is continued', () => {
    expect(refusal({ model: 'm', instructions: 'Be brief.', input: [] })).toMatchObject({ field: '/input', message: 'input holds no message the model could answer' });
    expect(refusal({ model: 'm', instructions: 'Be brief.', input: [{ type: 'web_search_call', id: 'ws_1', status: 'completed' }] })).toMatchObject({ field: '/input' });
    expect(readResponsesRequest({ model: 'm', instructions: 'Be brief.', input: [], previous_response_id: 'resp_1' }).ok).toBe(true);
    expect(readResponsesRequest({ model: 'm', instructions: 'Be brief.', input: 'hi' }).ok).toBe(true);
  });

  it('refuses echoed fields nested deeper than JSON allows', () => {
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 200; depth++) deep = { a: deep };
    expect(refusal({ model: 'm', input: 'x', metadata: deep })).toMatchObject({ field: '/metadata' });
    expect(refusal({ model: 'm', input: 'x', tools: [{ type: 'web_search', filters: deep }] })).toMatchObject({ field: '/tools' });
  });

  it('never throws, even for a body whose getters throw', () => {
    const hostile = Object.defineProperty({ model: 'm' }, 'input', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(refusal(hostile)).toMatchObject({ code: 'ACODE-GTW-001' });
    const proxy = new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); } });
    expect(readResponsesRequest(proxy).ok).toBe(false);
  });

  it('reads __proto__ keys as ordinary fields, never as prototypes', () => {
    const body = JSON.parse('{"model":"m","input":"x","__proto__":{"stream":true,"previous_response_id":"resp_evil"}}') as unknown;
    const request = read(body);
    expect(request.stream).toBe(false);
    expect(request.previousResponseId).toBeUndefined();
    expect(({} as Record<string, unknown>)['stream']).toBeUndefined();
  });

  it('never echoes a huge model or role back whole', () => {
    const huge = 'q'.repeat(1_000_000);
    expect(refusal({ model: 'm', input: [{ role: huge, content: 'x' }] }).message.length).toBeLessThan(200);
    expect(refusal({ model: 'm', input: 'x', tool_choice: huge }).message.length).toBeLessThan(200);
  });
});
