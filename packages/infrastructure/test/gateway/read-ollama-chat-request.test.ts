import type { ChatRequest } from 'ollama';
import { describe, expect, it } from 'vitest';
import { readOllamaChatRequest } from '../../src/gateway/read-ollama-chat-request.js';

/** A real-world body, written against the official ollama package's own request type. */
const sdkBody: ChatRequest = {
  model: 'llama3.2',
  messages: [
    { role: 'system', content: 'You call tools.' },
    { role: 'user', content: 'Weather in Paris and Rome?' },
    {
      role: 'assistant',
      content: '',
      thinking: 'Two cities, two calls.',
      tool_calls: [
        { function: { name: 'get_weather', arguments: { city: 'Paris' } } },
        { function: { name: 'get_weather', arguments: { city: 'Rome' } } },
      ],
    },
    { role: 'tool', content: '{"temp":21}', tool_name: 'get_weather' },
    { role: 'tool', content: '{"temp":25}', tool_name: 'get_weather' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
    },
  ],
  options: { temperature: 0, num_ctx: 8192 },
  format: 'json',
  keep_alive: '5m',
  think: true,
};

describe('readOllamaChatRequest', () => {
  it('reads a body built with the official ollama types, streaming by default', () => {
    const read = readOllamaChatRequest(JSON.parse(JSON.stringify(sdkBody)));
    expect(read).toEqual({
      ok: true,
      request: {
        wire: 'ollama',
        model: 'llama3.2',
        stream: true,
        messages: [
          { role: 'system', content: 'You call tools.' },
          { role: 'user', content: 'Weather in Paris and Rome?' },
          {
            role: 'assistant',
            content: '',
            // Kept for the upstream, which reads its old reasoning back (`thinking`).
            reasoning: 'Two cities, two calls.',
            toolCalls: [
              { id: 'call_2_0', name: 'get_weather', arguments: { city: 'Paris' } },
              { id: 'call_2_1', name: 'get_weather', arguments: { city: 'Rome' } },
            ],
          },
          { role: 'tool', content: '{"temp":21}', toolName: 'get_weather', toolCallId: 'call_2_0' },
          { role: 'tool', content: '{"temp":25}', toolName: 'get_weather', toolCallId: 'call_2_1' },
        ],
        tools: [{ position: 0, wireName: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
        parameters: { options: { temperature: 0, num_ctx: 8192 }, format: 'json', keep_alive: '5m', think: true },
      },
    });
  });

  it('reads images as base64 images, their type told by their first bytes, for the upstream', () => {
    const read = readOllamaChatRequest({ model: 'm', messages: [{ role: 'user', content: 'see', images: ['iVBORw0KGgo=', '/9j/4AAQ', 'data:image/webp;base64,UklGR'] }] });
    expect(read).toMatchObject({
      ok: true,
      request: {
        messages: [
          {
            role: 'user',
            images: [
              { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
              { kind: 'base64', mediaType: 'image/jpeg', data: '/9j/4AAQ' },
              { kind: 'base64', mediaType: 'image/webp', data: 'UklGR' },
            ],
          },
        ],
      },
    });
  });

  it('reads stream: false, missing content, empty images, and lenient tool names', () => {
    const read = readOllamaChatRequest({
      model: 'm',
      stream: false,
      messages: [{ role: 'user', images: [] }, { role: 'tool', content: 'r' }],
      tools: [{ type: 'function', function: { name: 'fs.read' } }],
    });
    expect(read).toMatchObject({ ok: true, request: { stream: false, messages: [{ role: 'user', content: '' }, { role: 'tool', content: 'r' }], tools: [{ wireName: 'fs.read' }] } });
  });

  it.each([
    ['not an object', 'hi', '', 'The body must be a JSON object; got a string'],
    ['no model', { messages: [{ role: 'user', content: 'x' }] }, '/model', 'model must be a non-empty string; got nothing'],
    ['no messages', { model: 'm' }, '/messages', 'messages must be an array; got nothing'],
    ['empty messages', { model: 'm', messages: [] }, '/messages', 'messages must not be empty'],
    ['the developer role', { model: 'm', messages: [{ role: 'developer', content: 'x' }] }, '/messages/0/role', 'messages[0].role "developer" is not one of system, user, assistant, tool'],
    ['content parts', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] }, '/messages/0/content', 'messages[0].content must be a string; got an array'],
    ['an image that is not a string', { model: 'm', messages: [{ role: 'user', content: 'see', images: [7] }] }, '/messages/0/images/0', 'messages[0].images[0] must be an image in base64; got an integer'],
    ['a data: URL image that is not base64', { model: 'm', messages: [{ role: 'user', content: 'see', images: ['data:text/plain,hi'] }] }, '/messages/0/images/0', 'messages[0].images[0] must be an image in base64; got a string'],
    ['numeric thinking', { model: 'm', messages: [{ role: 'assistant', content: '', thinking: 1 }] }, '/messages/0/thinking', 'messages[0].thinking must be a string; got an integer'],
    ['a numeric tool_name', { model: 'm', messages: [{ role: 'tool', content: '', tool_name: 1 }] }, '/messages/0/tool_name', 'messages[0].tool_name must be a string; got an integer'],
    [
      'array arguments',
      { model: 'm', messages: [{ role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: [1] } }] }] },
      '/messages/0/tool_calls/0/function/arguments',
      'messages[0].tool_calls[0].function.arguments must be an object; got an array',
    ],
    ['a call without a name', { model: 'm', messages: [{ role: 'assistant', content: '', tool_calls: [{ function: {} }] }] }, '/messages/0/tool_calls/0/function/name', 'messages[0].tool_calls[0].function.name must be a non-empty string; got nothing'],
    ['a string stream', { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: 'false' }, '/stream', 'stream must be a boolean; got a string'],
  ])('refuses %s with ACODE-GTW-001', (_name, body, field, message) => {
    expect(readOllamaChatRequest(body)).toEqual({ ok: false, error: field === '' ? { code: 'ACODE-GTW-001', message } : { code: 'ACODE-GTW-001', field, message } });
  });

  it('refuses an empty tool name with ACODE-GTW-002, and takes a name of any length', () => {
    const empty = readOllamaChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: '' } }] });
    expect(empty).toEqual({ ok: false, error: { code: 'ACODE-GTW-002', field: '/tools/0/function/name', message: 'tools[0].function.name is empty; a tool needs a name' } });
    const long = readOllamaChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'n'.repeat(300) } }] });
    expect(long.ok && long.request.tools[0]?.wireName).toBe('n'.repeat(300));
  });

  it('refuses deeply nested call arguments and never throws on hostile input', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    expect(readOllamaChatRequest({ model: 'm', messages: [{ role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: deep } }] }] })).toEqual({
      ok: false,
      error: { code: 'ACODE-GTW-001', field: '/messages/0/tool_calls/0/function/arguments', message: 'messages[0].tool_calls[0].function.arguments must be JSON nesting at most 64 levels' },
    });
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('boom'); }, getPrototypeOf: () => Object.prototype });
    for (const input of [undefined, trap, { model: 'm', messages: [{ role: 'user', content: 'x' }], options: trap }, JSON.parse('{"model":"m","messages":[{"role":"user","content":"x"}],"tools":[{"__proto__":{"type":"function"}}]}')]) {
      const read = readOllamaChatRequest(input);
      expect(read.ok).toBe(false);
    }
  });
});
