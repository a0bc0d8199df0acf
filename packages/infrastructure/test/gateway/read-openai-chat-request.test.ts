import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { readOpenAiChatRequest } from '../../src/gateway/read-openai-chat-request.js';

const weatherTool = {
  type: 'function',
  function: {
    name: 'get-weather',
    description: 'Current weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    strict: true,
  },
} as const;

/** A real-world body, written against the official SDK's own request type. */
const sdkBody: ChatCompletionCreateParamsNonStreaming = {
  model: 'qwen2.5-coder:7b',
  messages: [
    { role: 'developer', content: 'Be brief.' },
    { role: 'system', content: [{ type: 'text', text: 'You call tools.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris' }, { type: 'text', text: 'and Rome?' }] },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get-weather', arguments: '{"city":"Paris"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
    { role: 'assistant', content: 'Sunny, 21°C.' },
  ],
  tools: [weatherTool],
  tool_choice: 'auto',
  temperature: 0.2,
  max_completion_tokens: 512,
  response_format: { type: 'text' },
  stop: ['\n\n'],
  seed: 7,
  top_p: 0.9,
  user: 'u-1',
};

describe('readOpenAiChatRequest', () => {
  it('reads a body built with the official openai types', () => {
    const read = readOpenAiChatRequest(JSON.parse(JSON.stringify(sdkBody)));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.request).toEqual({
      wire: 'openai',
      model: 'qwen2.5-coder:7b',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'You call tools.' },
        { role: 'user', content: 'Weather in Paris\nand Rome?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get-weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'call_1', toolName: 'get-weather' },
        { role: 'assistant', content: 'Sunny, 21°C.' },
      ],
      tools: [
        {
          position: 0,
          wireName: 'get-weather',
          description: 'Current weather of a city',
          parameters: weatherTool.function.parameters,
          strict: true,
        },
      ],
      parameters: { tool_choice: 'auto', temperature: 0.2, max_completion_tokens: 512, response_format: { type: 'text' }, stop: ['\n\n'], seed: 7, top_p: 0.9, user: 'u-1' },
    });
  });

  it('reads a streaming body and keeps stream_options in the parameters', () => {
    const body: ChatCompletionCreateParamsStreaming = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } };
    const read = readOpenAiChatRequest(body);
    expect(read).toMatchObject({ ok: true, request: { stream: true, tools: [], parameters: { stream_options: { include_usage: true } } } });
  });

  it('reads image parts as images (a data: URL as its bytes, an address as it is) and an assistant\'s reasoning_content', () => {
    const read = readOpenAiChatRequest({
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is in these?' }, { type: 'image_url', image_url: { url: 'data:image/PNG;base64,iVBO\nRw0=' } }, { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'low' } }] },
        { role: 'assistant', content: 'A cat.', reasoning_content: 'Whiskers, so a cat.' },
        { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } }] },
      ],
    });
    expect(read).toMatchObject({
      ok: true,
      request: {
        messages: [
          { role: 'user', content: 'What is in these?', images: [{ kind: 'base64', mediaType: 'image/png', data: 'iVBORw0=' }, { kind: 'url', url: 'https://example.com/cat.jpg' }] },
          { role: 'assistant', content: 'A cat.', reasoning: 'Whiskers, so a cat.' },
          { role: 'tool', content: '', images: [{ kind: 'base64', mediaType: 'image/jpeg', data: '/9j/' }] },
        ],
      },
    });
  });

  it('reads an assistant refusal as its content, and a tool without parameters or description', () => {
    const read = readOpenAiChatRequest({
      model: 'm',
      messages: [{ role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] }, { role: 'assistant', content: null, refusal: 'Not that.' }],
      tools: [{ type: 'function', function: { name: 'ping' } }],
      stream: null,
    });
    expect(read).toMatchObject({
      ok: true,
      request: { stream: false, messages: [{ role: 'assistant', content: 'No.' }, { role: 'assistant', content: 'Not that.' }], tools: [{ position: 0, wireName: 'ping', description: '', parameters: undefined }] },
    });
  });

  it.each([
    ['not an object', [1], '', 'The body must be a JSON object; got an array'],
    ['no model', { messages: [{ role: 'user', content: 'x' }] }, '/model', 'model must be a non-empty string; got nothing'],
    ['an empty model', { model: '  ', messages: [{ role: 'user', content: 'x' }] }, '/model', 'model must not be empty'],
    ['messages not an array', { model: 'm', messages: {} }, '/messages', 'messages must be an array; got an object'],
    ['no messages', { model: 'm', messages: [] }, '/messages', 'messages must not be empty'],
    ['a message not an object', { model: 'm', messages: ['hi'] }, '/messages/0', 'messages[0] must be an object; got a string'],
    ['an unknown role', { model: 'm', messages: [{ role: 'robot', content: 'x' }] }, '/messages/0/role', 'messages[0].role "robot" is not one of system, developer, user, assistant, tool'],
    ['a numeric role', { model: 'm', messages: [{ role: 1, content: 'x' }] }, '/messages/0/role', 'messages[0].role must be a string; got an integer'],
    ['the function role', { model: 'm', messages: [{ role: 'function', name: 'f', content: 'x' }] }, '/messages/0/role', 'messages[0].role "function" is deprecated and not supported; answer tool calls with "tool" messages'],
    ['user content missing', { model: 'm', messages: [{ role: 'user' }] }, '/messages/0/content', 'messages[0].content must be a string or an array of text parts; got nothing'],
    [
      'an image part whose data URL is not base64',
      { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url: 'data:' } }] }] },
      '/messages/0/content/1/image_url/url',
      'messages[0].content[1].image_url.url must be an http(s) URL or a base64 data: URL of an image',
    ],
    [
      'an audio part',
      { model: 'm', messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }] }] },
      '/messages/0/content/0/type',
      'messages[0].content[0] is a "input_audio" part; the gateway forwards text and image_url parts only',
    ],
    ['an image part without url', { model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] }, '/messages/0/content/0/image_url/url', 'messages[0].content[0].image_url.url must be a non-empty string; got nothing'],
    ['a text part without text', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text' }] }] }, '/messages/0/content/0/text', 'messages[0].content[0].text must be a string; got nothing'],
    ['a tool message without id', { model: 'm', messages: [{ role: 'tool', content: 'x' }] }, '/messages/0/tool_call_id', 'messages[0].tool_call_id must be a non-empty string (the id of the call it answers); got nothing'],
    ['tool_calls not an array', { model: 'm', messages: [{ role: 'assistant', tool_calls: {} }] }, '/messages/0/tool_calls', 'messages[0].tool_calls must be an array; got an object'],
    [
      'a call without id',
      { model: 'm', messages: [{ role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] }] },
      '/messages/0/tool_calls/0/id',
      'messages[0].tool_calls[0].id must be a non-empty string; got nothing',
    ],
    [
      'numeric arguments',
      { model: 'm', messages: [{ role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 3 } }] }] },
      '/messages/0/tool_calls/0/function/arguments',
      'messages[0].tool_calls[0].function.arguments must be a JSON text (a string); got an integer',
    ],
    ['a legacy function_call', { model: 'm', messages: [{ role: 'assistant', content: '', function_call: { name: 'f', arguments: '{}' } }] }, '/messages/0/function_call', 'messages[0].function_call is deprecated and not supported; send tool_calls'],
    ['legacy functions', { model: 'm', messages: [{ role: 'user', content: 'x' }], functions: [{ name: 'f' }] }, '/functions', 'functions is deprecated and not supported by the gateway; declare tools with "tools" (and choose with "tool_choice")'],
    ['a string stream', { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: 'yes' }, '/stream', 'stream must be a boolean; got a string'],
    ['tools not an array', { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: {} }, '/tools', 'tools must be an array; got an object'],
  ])('refuses %s with ACODE-GTW-001', (_name, body, field, message) => {
    const read = readOpenAiChatRequest(body);
    expect(read).toEqual({ ok: false, error: field === '' ? { code: 'ACODE-GTW-001', message } : { code: 'ACODE-GTW-001', field, message } });
  });

  it('leaves a built-in tool out with a warning, and refuses an empty name with ACODE-GTW-002', () => {
    const read = readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'web_search' }, { type: 'function', function: { name: 'f' } }] });
    expect(read.ok && read.request.ignoredTools).toEqual([{ field: '/tools/0/type', type: '"web_search"' }]);
    expect(read.ok && read.request.tools.map((tool) => [tool.wireName, tool.position])).toEqual([['f', 1]]);
    expect(readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: '' } }] })).toEqual({
      ok: false,
      error: { code: 'ACODE-GTW-002', field: '/tools/0/function/name', message: 'tools[0].function.name is empty; a tool needs a name' },
    });
  });

  it('takes any name an OpenAI-compatible server takes: spaces, dots, non-ASCII, over 64 characters, declared twice', () => {
    const names = ['get weather', 'math.factorial', '天气', 'a'.repeat(65), 'f', 'f'];
    const read = readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: names.map((name) => ({ type: 'function', function: { name } })) });
    expect(read.ok && read.request.tools.map((tool) => tool.wireName)).toEqual(names);
  });

  it('refuses more than 128 tools', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ type: 'function', function: { name: `t${i}` } }));
    expect(readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: many })).toEqual({
      ok: false,
      error: { code: 'ACODE-GTW-002', field: '/tools', message: 'A request may declare at most 128 tools; this one declares 10000' },
    });
  });

  describe('hostile input', () => {
    it('keeps a __proto__ field as data, never as a prototype', () => {
      const body = JSON.parse('{"model":"m","messages":[{"role":"user","content":"x","__proto__":{"role":"tool"}}],"__proto__":{"polluted":true}}') as unknown;
      const read = readOpenAiChatRequest(body);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(Object.getPrototypeOf(read.request.parameters)).toBe(Object.prototype);
      expect(Object.hasOwn(read.request.parameters, '__proto__')).toBe(true);
      expect(JSON.stringify(read.request.parameters)).toBe('{"__proto__":{"polluted":true}}');
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(read.request.messages).toEqual([{ role: 'user', content: 'x' }]);
    });

    it('refuses a parameter nested past 64 levels instead of recursing', () => {
      let deep: unknown = 1;
      for (let i = 0; i < 10_000; i++) deep = [deep];
      const read = readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], metadata: deep });
      expect(read).toEqual({ ok: false, error: { code: 'ACODE-GTW-001', field: '/metadata', message: 'metadata must be JSON nesting at most 64 levels' } });
    });

    it('keeps huge strings out of its messages', () => {
      const huge = 'x'.repeat(5_000_000);
      const read = readOpenAiChatRequest({ model: 'm', messages: [{ role: huge, content: 'x' }] });
      expect(read.ok).toBe(false);
      if (read.ok) return;
      expect(read.error.message.length).toBeLessThan(200);
      expect(readOpenAiChatRequest({ model: 'm', messages: [{ role: 'user', content: huge }] }).ok).toBe(true);
    });

    it('never throws, whatever it is given', () => {
      const trap = new Proxy({}, { ownKeys: () => { throw new Error('boom'); }, getPrototypeOf: () => Object.prototype });
      const getter = Object.defineProperty({}, 'model', { enumerable: true, get: () => { throw new Error('boom'); } });
      const inputs: unknown[] = [undefined, null, 0, 'body', Symbol('s'), () => 1, new Date(), trap, getter, { model: 'm', messages: [trap] }, { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [trap] }, { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 5 } }] }, { model: 'm', messages: [{ role: 'user', content: 'x' }], x: undefined, y: () => 1, z: 1n }];
      for (const input of inputs) {
        const read = readOpenAiChatRequest(input);
        expect(read.ok, String(typeof input)).toBe(false);
        if (!read.ok) expect(read.error.code).toMatch(/^ACODE-GTW-00[12]$/);
      }
    });
  });
});
