import type { ChatMessage } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { linkToolMessages, readResponsesInput } from '../../../../src/gateway/fronts/openai-responses/read-responses-input.js';

function read(input: unknown, instructions?: string): ChatMessage[] {
  const reading = readResponsesInput(input, instructions);
  if ('error' in reading) throw new Error(`refused: ${reading.error.message}`);
  return reading.value;
}

function refusal(input: unknown) {
  const reading = readResponsesInput(input, undefined);
  if (!('error' in reading)) throw new Error('read');
  return reading.error;
}

const PNG = 'iVBORw0KGgo=';

describe('readResponsesInput', () => {
  it('reads a string as one user message after the instructions', () => {
    expect(read('Hi', 'Be brief.')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(read('Hi', '')).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('reads message items of every role, with or without a type', () => {
    expect(
      read([
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Rules' }] },
        { role: 'system', content: 'More rules' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'a' }, { type: 'input_text', text: 'b' }] },
        { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Done', annotations: [] }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Rules' },
      { role: 'system', content: 'More rules' },
      { role: 'user', content: 'a\nb' },
      { role: 'assistant', content: 'Done' },
    ]);
  });

  it("keeps an assistant's refusal as its text", () => {
    expect(read([{ role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot.' }] }])).toEqual([{ role: 'assistant', content: 'I cannot.' }]);
  });

  it('reads images of a user message: data URLs as base64, other URLs as URLs', () => {
    const [message] = read([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is this?' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG}`, detail: 'auto' },
          { type: 'input_image', image_url: 'https://example.com/cat.jpg' },
        ],
      },
    ]);
    expect(message).toEqual({
      role: 'user',
      content: 'What is this?',
      images: [
        { kind: 'base64', mediaType: 'image/png', data: PNG },
        { kind: 'url', url: 'https://example.com/cat.jpg' },
      ],
    });
  });

  it('refuses files, images by file id, images outside user messages and bad data URLs, naming the part', () => {
    const file = refusal([{ role: 'user', content: [{ type: 'input_text', text: 'x' }, { type: 'input_file', file_id: 'file-1' }] }]);
    expect(file).toMatchObject({ code: 'ACODE-GTW-001', field: '/input/0/content/1/type' });
    expect(file.message).toContain('input_file');
    const byId = refusal([{ role: 'user', content: [{ type: 'input_image', file_id: 'file-1' }] }]);
    expect(byId).toMatchObject({ field: '/input/0/content/0/file_id' });
    expect(byId.message).toContain('file_id');
    expect(refusal([{ role: 'system', content: [{ type: 'input_image', image_url: 'https://x/y.png' }] }])).toMatchObject({ field: '/input/0/content/0/type' });
    expect(refusal([{ role: 'user', content: [{ type: 'input_image', image_url: 'data:image/svg+xml,<svg/>' }] }])).toMatchObject({ field: '/input/0/content/0/image_url' });
    expect(refusal([{ role: 'user', content: [{ type: 'input_image', image_url: 'file:///etc/passwd' }] }])).toMatchObject({ field: '/input/0/content/0/image_url' });
    expect(refusal([{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }])).toMatchObject({ field: '/input/0/content/0/type' });
    expect(refusal([{ role: 'user', content: [{ type: 'refusal', refusal: 'no' }] }])).toMatchObject({ field: '/input/0/content/0/type' });
  });

  it('reads a data URL with parameters before base64 as the chat routes do (one reading of image URLs for every front)', () => {
    const [message] = read([{ role: 'user', content: [{ type: 'input_image', image_url: `data:image/PNG;name=a.png;base64,${PNG}` }] }]);
    expect(message).toMatchObject({ role: 'user', images: [{ kind: 'base64', mediaType: 'image/png', data: PNG }] });
  });

  it('merges consecutive assistant items into one message with its reasoning', () => {
    const messages = read([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Two cities.' }, { type: 'summary_text', text: 'Two calls.' }], encrypted_content: 'gAAAA-opaque' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Sunny' },
      { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: 'Rain' }] },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        reasoning: 'Two cities.\n\nTwo calls.',
        toolCalls: [
          { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
        ],
      },
      { role: 'tool', content: 'Sunny', toolCallId: 'call_1', toolName: 'get_weather' },
      { role: 'tool', content: 'Rain', toolCallId: 'call_2', toolName: 'get_weather' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('gAAAA');
  });

  it('starts a new assistant message after a tool output, and uses reasoning text when there is no summary', () => {
    const messages = read([
      { role: 'user', content: 'go' },
      { type: 'function_call', call_id: 'a', name: 'f', arguments: '{}' },
      { type: 'function_call_output', call_id: 'a', output: 'ok' },
      { type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'raw thought' }] },
      { type: 'function_call', call_id: 'b', name: 'f', arguments: '{}' },
    ]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[3]).toEqual({ role: 'assistant', content: '', reasoning: 'raw thought', toolCalls: [{ id: 'b', name: 'f', arguments: '{}' }] });
  });

  it('drops reasoning no assistant item follows before the next message', () => {
    const messages = read([
      { role: 'user', content: 'a' },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'orphan' }] },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'c' },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'c' },
    ]);
  });

  it('reads custom tool calls as {"input": ...} and their outputs as tool messages', () => {
    const messages = read([
      { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' },
      { type: 'custom_tool_call_output', call_id: 'c1', output: 'Done!' },
    ]);
    expect(messages[0]!.toolCalls).toEqual([{ id: 'c1', name: 'apply_patch', arguments: JSON.stringify({ input: '*** Begin Patch\n*** End Patch' }) }]);
    expect(messages[1]).toEqual({ role: 'tool', content: 'Done!', toolCallId: 'c1', toolName: 'apply_patch' });
  });

  it('names a namespaced call by its flat name, and links its output', () => {
    const messages = read([
      { type: 'function_call', call_id: 'n1', name: 'lookup', namespace: 'crm', arguments: '{}' },
      { type: 'function_call_output', call_id: 'n1', output: '{}' },
    ]);
    expect(messages[0]!.toolCalls![0]!.name).toBe('crm__lookup');
    expect(messages[1]!.toolName).toBe('crm__lookup');
  });

  it('keeps images of a tool output', () => {
    const [, tool] = read([
      { type: 'function_call', call_id: 'v', name: 'view_image', arguments: '{}' },
      { type: 'function_call_output', call_id: 'v', output: [{ type: 'input_image', image_url: `data:image/jpeg;base64,${PNG}` }] },
    ]);
    expect(tool).toEqual({ role: 'tool', content: '', toolCallId: 'v', toolName: 'view_image', images: [{ kind: 'base64', mediaType: 'image/jpeg', data: PNG }] });
  });

  it('leaves an output of an unknown call unlinked, for the route to link after the stored conversation', () => {
    const messages = read([{ type: 'function_call_output', call_id: 'earlier', output: 'ok' }]);
    expect(messages).toEqual([{ role: 'tool', content: 'ok', toolCallId: 'earlier' }]);
    const stored: ChatMessage[] = [{ role: 'assistant', content: '', toolCalls: [{ id: 'earlier', name: 'shell', arguments: '{}' }] }];
    expect(linkToolMessages([...stored, ...messages])[1]).toEqual({ role: 'tool', content: 'ok', toolCallId: 'earlier', toolName: 'shell' });
  });

  it('drops the items of hosted tools with their outputs', () => {
    const messages = read([
      { role: 'user', content: 'search' },
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } },
      { type: 'local_shell_call', id: 'ls', call_id: 'l1', status: 'completed', action: { type: 'exec', command: ['ls'] } },
      { type: 'local_shell_call_output', call_id: 'l1', output: 'a' },
      { type: 'compaction', encrypted_content: 'opaque' },
      { role: 'assistant', content: 'Found.' },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'search' },
      { role: 'assistant', content: 'Found.' },
    ]);
  });

  it('refuses item references and unknown item types clearly', () => {
    const reference = refusal([{ type: 'item_reference', id: 'msg_1' }]);
    expect(reference).toMatchObject({ code: 'ACODE-GTW-001', field: '/input/0/id' });
    expect(reference.message).toContain('previous_response_id');
    expect(refusal([{ type: 'telepathy' }])).toMatchObject({ field: '/input/0/type' });
    expect(refusal([{ content: 'no role, no type' }])).toMatchObject({ field: '/input/0/type' });
  });

  it('resolves item references against the stored response their id derives from, as the AI SDK sends them with store on', () => {
    const stored: Record<string, unknown> = {
      resp_abc: {
        id: 'resp_abc',
        output: [
          { type: 'reasoning', id: 'rs_abc', summary: [{ type: 'summary_text', text: 'Think.' }] },
          { type: 'message', id: 'msg_abc', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Let me look.', annotations: [] }] },
          { type: 'function_call', id: 'fc_abc_0', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
        ],
      },
    };
    const asked: string[] = [];
    const storedResponse = (id: string): unknown => {
      asked.push(id);
      return stored[id];
    };
    const reading = readResponsesInput(
      [
        { role: 'user', content: 'Weather?' },
        { type: 'item_reference', id: 'rs_abc' },
        { type: 'item_reference', id: 'msg_abc' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '21' },
      ],
      undefined,
      { storedResponse },
    );
    expect(reading).toEqual({
      value: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: 'Let me look.', reasoning: 'Think.', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: '21', toolCallId: 'call_1', toolName: 'get_weather' },
      ],
    });
    expect(asked).toEqual(['resp_abc', 'resp_abc']);
    // A call item referenced is read as the call itself.
    const call = readResponsesInput([{ type: 'item_reference', id: 'fc_abc_0' }], undefined, { storedResponse });
    expect(call).toEqual({ value: [{ role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] }] });
  });

  it('refuses an item reference naming no item kept, or of another shape, or with no id', () => {
    const options = { storedResponse: (id: string): unknown => (id === 'resp_abc' ? { output: [{ type: 'message', id: 'msg_abc', role: 'assistant', content: 'x' }] } : undefined) };
    for (const id of ['msg_other', 'msg_abc_extra', 'fc_abc_9', 'item_42']) {
      const reading = readResponsesInput([{ type: 'item_reference', id }], undefined, options);
      expect('error' in reading && reading.error).toMatchObject({ code: 'ACODE-GTW-001', field: '/input/0/id' });
      expect('error' in reading && reading.error.message).toContain('store: false');
    }
    const noId = readResponsesInput([{ type: 'item_reference' }], undefined, options);
    expect('error' in noId && noId.error).toMatchObject({ field: '/input/0/id' });
  });

  it('refuses malformed items with the pointer of the field', () => {
    expect(refusal(42)).toMatchObject({ field: '/input' });
    expect(refusal([null])).toMatchObject({ field: '/input/0' });
    expect(refusal([{ role: 'tool', content: 'x' }])).toMatchObject({ field: '/input/0/role' });
    expect(refusal([{ role: 'user', content: 5 }])).toMatchObject({ field: '/input/0/content' });
    expect(refusal([{ role: 'user', content: [{ type: 'input_text', text: 5 }] }])).toMatchObject({ field: '/input/0/content/0/text' });
    expect(refusal([{ type: 'function_call', name: 'f', arguments: '{}' }])).toMatchObject({ field: '/input/0/call_id' });
    expect(refusal([{ type: 'function_call', call_id: 'a', name: '', arguments: '{}' }])).toMatchObject({ field: '/input/0/name' });
    expect(refusal([{ type: 'function_call', call_id: 'a', name: 'f', arguments: 5 }])).toMatchObject({ field: '/input/0/arguments' });
    expect(refusal([{ type: 'function_call', call_id: 'a', name: 'f', namespace: 3 }])).toMatchObject({ field: '/input/0/namespace' });
    expect(refusal([{ type: 'custom_tool_call', call_id: 'a', name: 'f', input: {} }])).toMatchObject({ field: '/input/0/input' });
    expect(refusal([{ type: 'function_call_output', call_id: 'a', output: { content: 'x', success: true } }])).toMatchObject({ field: '/input/0/output' });
    expect(refusal([{ type: 'reasoning', summary: [{ type: 'summary_text' }] }])).toMatchObject({ field: '/input/0/summary/0' });
  });

  it('never echoes a huge type or role whole', () => {
    const huge = 'y'.repeat(1_000_000);
    expect(refusal([{ type: huge }]).message.length).toBeLessThan(200);
    expect(refusal([{ role: huge, content: '' }]).message.length).toBeLessThan(200);
    expect(refusal([{ role: 'user', content: [{ type: huge }] }]).message.length).toBeLessThan(200);
  });

  it('reads __proto__ keys as ordinary fields', () => {
    const items = JSON.parse('[{"__proto__":{"role":"user"},"content":"x"},{"role":"user","content":"ok","__proto__":{"type":"item_reference"}}]') as unknown[];
    expect(refusal(items)).toMatchObject({ field: '/input/0/type' });
    expect(read(items.slice(1))).toEqual([{ role: 'user', content: 'ok' }]);
  });

  it('reads a data URL of several megabytes in linear time', () => {
    const data = 'A'.repeat(4_000_000);
    const started = Date.now();
    const [message] = read([{ role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${data}` }] }]);
    expect(message!.images![0]).toMatchObject({ kind: 'base64', mediaType: 'image/png' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
