import type { ChatRequest } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { ollamaChatBody } from '../../src/model-clients/ollama-wire.js';
import { openAiChatBody } from '../../src/model-clients/openai-wire.js';

// What reaches each upstream of a message's images and reasoning, and of a tool choice.

const PNG = { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } as const;
const URL_IMAGE = { kind: 'url', url: 'https://example.com/cat.jpg' } as const;
const TOOLS = [
  { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  { name: 'get_time', description: 'Time', parameters: { type: 'object', properties: {} } },
] as const;

const conversation: ChatRequest = {
  model: 'm',
  messages: [
    { role: 'user', content: 'What is this?', images: [PNG, URL_IMAGE] },
    { role: 'assistant', content: '', reasoning: 'Read the file first.', toolCalls: [{ id: 'call_1', name: 'read', arguments: { path: 'a.png' } }] },
    { role: 'tool', content: 'the image:', toolCallId: 'call_1', toolName: 'read', images: [PNG] },
  ],
};

describe('images and reasoning upstream', () => {
  it('OpenAI-compatible: image_url parts (base64 as a data: URL), reasoning_content, a tool\'s images in a user message after it', () => {
    const body = openAiChatBody(conversation, false) as { messages: unknown[] };
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        ],
      },
      { role: 'assistant', reasoning_content: 'Read the file first.', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a.png"}' } }] },
      { role: 'tool', content: 'the image:', tool_call_id: 'call_1' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] },
    ]);
  });

  it('Ollama: images as base64 (an address as it is, for Ollama to refuse aloud), reasoning as thinking', () => {
    const body = ollamaChatBody(conversation, false) as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: 'What is this?', images: ['iVBORw0KGgo=', 'https://example.com/cat.jpg'] },
      { role: 'assistant', content: '', thinking: 'Read the file first.', tool_calls: [{ function: { name: 'read', arguments: { path: 'a.png' } } }] },
      { role: 'tool', content: 'the image:', tool_name: 'read', images: ['iVBORw0KGgo='] },
    ]);
  });

  it('a message without images or reasoning is written as before', () => {
    const plain: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] };
    expect((openAiChatBody(plain, false) as { messages: unknown[] }).messages).toEqual([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }]);
    expect((ollamaChatBody(plain, false) as { messages: unknown[] }).messages).toEqual([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }]);
  });
});

describe('tool_choice on Ollama, which has none', () => {
  const ask = (toolChoice: unknown, system = true): { tools?: Array<{ function: { name: string } }>; messages: Array<{ role: string; content: string }> } =>
    ollamaChatBody(
      {
        model: 'm',
        messages: [...(system ? [{ role: 'system' as const, content: 'Be brief.' }] : []), { role: 'user', content: 'Weather in Oslo?' }],
        tools: TOOLS,
        parameters: { tool_choice: toolChoice as never },
        wireOfParameters: 'openai',
      },
      false,
    ) as never;

  it('none offers no tools', () => {
    expect(ask('none').tools).toBeUndefined();
  });

  it('a named function offers only that one and asks for it in the leading system message', () => {
    const body = ask({ type: 'function', function: { name: 'get_time' } });
    expect(body.tools?.map((tool) => tool.function.name)).toEqual(['get_time']);
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be brief.\n\nAnswer with a call to the tool get_time.' });
  });

  it('required keeps every tool and asks for a call, adding a system message when there is none', () => {
    const body = ask('required', false);
    expect(body.tools?.map((tool) => tool.function.name)).toEqual(['get_weather', 'get_time']);
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Answer with a call to one of the tools.' });
  });

  it('auto, and a named tool the request does not offer, change nothing', () => {
    for (const choice of ['auto', { type: 'function', function: { name: 'nope' } }]) {
      const body = ask(choice);
      expect(body.tools).toHaveLength(2);
      expect(body.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    }
  });
});
