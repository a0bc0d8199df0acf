import { describe, expect, it } from 'vitest';
import { readAnthropicMessagesRequest, TOOL_ERROR_PREFIX } from '../../../../src/gateway/fronts/anthropic-messages/read-anthropic-messages-request.js';

const base = { model: 'qwen3:8b', max_tokens: 1024 };
const png = { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' };
const readTool = { name: 'Read', description: 'Reads a file', input_schema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] } };

function read(body: Record<string, unknown>) {
  return readAnthropicMessagesRequest({ ...base, ...body });
}

function request(body: Record<string, unknown>) {
  const reading = read(body);
  if (!reading.ok) throw new Error(`refused: ${reading.error.field ?? ''} ${reading.error.message}`);
  return reading.request;
}

function refusal(body: unknown) {
  const reading = readAnthropicMessagesRequest(body);
  if (reading.ok) throw new Error('read, expected a refusal');
  return reading.error;
}

const hi = [{ role: 'user', content: 'hi' }];

describe('readAnthropicMessagesRequest', () => {
  it('reads a Claude Code-like body into the neutral form with OpenAI parameters', () => {
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 32000,
      stream: true,
      system: [
        { type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Be brief.' },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: '<system-reminder>x</system-reminder>' }, { type: 'text', text: 'Read a.txt', cache_control: { type: 'ephemeral' } }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Need the file.', signature: 'sig' },
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.txt' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'hello' }] },
      ],
      tools: [readTool, { type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
      tool_choice: { type: 'auto' },
      temperature: 1,
      metadata: { user_id: 'u' },
      thinking: { type: 'enabled', budget_tokens: 1024 },
      context_management: { edits: [] },
    };
    const reading = readAnthropicMessagesRequest(body);
    expect(reading).toEqual({
      ok: true,
      request: {
        wire: 'openai',
        model: 'claude-sonnet-4-5',
        stream: true,
        messages: [
          { role: 'system', content: 'You are Claude Code.\n\nBe brief.' },
          { role: 'user', content: '<system-reminder>x</system-reminder>\n\nRead a.txt' },
          { role: 'assistant', content: 'Reading.', reasoning: 'Need the file.', toolCalls: [{ id: 'toolu_1', name: 'Read', arguments: { file_path: 'a.txt' } }] },
          { role: 'tool', content: 'hello', toolCallId: 'toolu_1', toolName: 'Read' },
        ],
        tools: [{ position: 0, wireName: 'Read', description: 'Reads a file', parameters: readTool.input_schema }],
        ignoredTools: [{ field: '/tools/1/type', type: '"web_search_20250305"' }],
        parameters: { max_tokens: 32000, temperature: 1, tool_choice: 'auto' },
      },
    });
  });

  it('defaults stream to false and leaves an empty system prompt out', () => {
    const req = request({ system: '', messages: hi });
    expect(req.stream).toBe(false);
    expect(req.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(req.tools).toEqual([]);
    expect(req.ignoredTools).toBeUndefined();
  });

  it('joins system messages inside messages (as Claude Code sends its context) to the leading system prompt, in order', () => {
    const req = request({
      system: 'You are Claude Code.',
      messages: [
        { role: 'user', content: 'Read a.txt' },
        { role: 'system', content: [{ type: 'text', text: 'Working directory: /tmp/p' }, { type: 'text', text: 'Platform: linux' }] },
        { role: 'assistant', content: 'Reading.' },
        { role: 'system', content: 'Today is Friday.' },
      ],
    });
    expect(req.messages).toEqual([
      { role: 'system', content: 'You are Claude Code.\n\nWorking directory: /tmp/p\n\nPlatform: linux\n\nToday is Friday.' },
      { role: 'user', content: 'Read a.txt' },
      { role: 'assistant', content: 'Reading.' },
    ]);
    expect(request({ messages: [{ role: 'system', content: 'Only this.' }, ...hi] }).messages[0]).toEqual({ role: 'system', content: 'Only this.' });
  });

  it('reads a string system prompt', () => {
    expect(request({ system: 'Be terse.', messages: hi }).messages[0]).toEqual({ role: 'system', content: 'Be terse.' });
  });

  it('reads images of both source kinds into images, keeping text order', () => {
    const req = request({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'first' },
            { type: 'image', source: png },
            { type: 'text', text: 'second' },
            { type: 'image', source: { type: 'url', url: 'https://example.test/a.jpg' } },
          ],
        },
      ],
    });
    expect(req.messages).toEqual([
      {
        role: 'user',
        content: 'first\n\nsecond',
        images: [
          { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
          { kind: 'url', url: 'https://example.test/a.jpg' },
        ],
      },
    ]);
  });

  it('splits tool results out of a user message, before its own text, in order', () => {
    const req = request({
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'a', name: 'Read', input: { file_path: 'a' } },
            { type: 'tool_use', id: 'b', name: 'Grep', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'and also' },
            { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'line 1' }, { type: 'text', text: 'line 2' }] },
            { type: 'image', source: png },
            { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'shot' }, { type: 'image', source: png }], is_error: false },
          ],
        },
      ],
    });
    expect(req.messages.slice(2)).toEqual([
      { role: 'tool', content: 'line 1\n\nline 2', toolCallId: 'b', toolName: 'Grep' },
      { role: 'tool', content: 'shot', toolCallId: 'a', toolName: 'Read', images: [{ kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
      { role: 'user', content: 'and also', images: [{ kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
    ]);
  });

  it('links a tool result only to a call made earlier, and marks errors in words', () => {
    const req = request({
      messages: [
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'later', content: 'x', is_error: true }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'later', name: 'Bash', input: { command: 'ls' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'later' }] },
      ],
    });
    expect(req.messages[0]).toEqual({ role: 'tool', content: `${TOOL_ERROR_PREFIX}x`, toolCallId: 'later' });
    expect(req.messages[2]).toEqual({ role: 'tool', content: '', toolCallId: 'later', toolName: 'Bash' });
  });

  it('keeps an empty user message a user message', () => {
    expect(request({ messages: [{ role: 'user', content: [] }] }).messages).toEqual([{ role: 'user', content: '' }]);
  });

  it('reads thinking blocks as reasoning and drops redacted thinking', () => {
    const req = request({
      messages: [
        ...hi,
        {
          role: 'assistant',
          content: [
            { type: 'redacted_thinking', data: 'EnCrYpTeD' },
            { type: 'thinking', thinking: 'step 1', signature: '' },
            { type: 'thinking', thinking: 'step 2' },
            { type: 'text', text: 'done' },
          ],
        },
      ],
    });
    expect(req.messages[1]).toEqual({ role: 'assistant', content: 'done', reasoning: 'step 1\n\nstep 2' });
    const onlyRedacted = request({ messages: [...hi, { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'x' }] }] });
    expect(onlyRedacted.messages[1]).toEqual({ role: 'assistant', content: '' });
  });

  it.each([
    [{ type: 'auto' }, { tool_choice: 'auto' }],
    [{ type: 'any' }, { tool_choice: 'required' }],
    [{ type: 'none' }, { tool_choice: 'none' }],
    [{ type: 'tool', name: 'Read' }, { tool_choice: { type: 'function', function: { name: 'Read' } } }],
    [{ type: 'auto', disable_parallel_tool_use: true }, { tool_choice: 'auto', parallel_tool_calls: false }],
    [{ type: 'any', disable_parallel_tool_use: false }, { tool_choice: 'required' }],
  ])('maps tool_choice %j', (choice, expected) => {
    const { parameters } = request({ messages: hi, tools: [readTool], tool_choice: choice });
    expect(parameters).toEqual({ max_tokens: 1024, ...expected });
  });

  it('leaves tool_choice out when no function tool remains', () => {
    const { parameters } = request({ messages: hi, tools: [{ type: 'bash_20250124', name: 'bash' }], tool_choice: { type: 'any', disable_parallel_tool_use: true } });
    expect(parameters).toEqual({ max_tokens: 1024 });
  });

  it('maps sampling parameters and stop sequences, and forwards nothing else', () => {
    const { parameters } = request({
      messages: hi,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['\n\nHuman:', 'END'],
      metadata: { user_id: 'x' },
      service_tier: 'auto',
      container: 'c',
      mcp_servers: [],
      betas: ['x'],
    });
    expect(parameters).toEqual({ max_tokens: 1024, temperature: 0.2, top_p: 0.9, top_k: 40, stop: ['\n\nHuman:', 'END'] });
  });

  it('warns about every server tool with its pointer, and reads custom tools', () => {
    const req = request({
      messages: hi,
      tools: [
        { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
        { type: 'custom', name: 'Grep', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' }, strict: true },
        { type: 'bash_20250124', name: 'bash' },
      ],
    });
    expect(req.tools).toEqual([{ position: 1, wireName: 'Grep', description: '', parameters: { type: 'object' }, strict: true }]);
    expect(req.ignoredTools).toEqual([
      { field: '/tools/0/type', type: '"text_editor_20250728"' },
      { field: '/tools/2/type', type: '"bash_20250124"' },
    ]);
  });

  describe('refuses', () => {
    const deep = (levels: number): unknown => {
      let value: unknown = {};
      for (let i = 0; i < levels; i++) value = { a: value };
      return value;
    };

    it.each<[string, unknown, string, string]>([
      ['a non-object body', [], '', 'ACODE-GTW-001'],
      ['a missing model', { max_tokens: 1, messages: hi }, '/model', 'ACODE-GTW-001'],
      ['an empty model', { ...base, model: ' ', messages: hi }, '/model', 'ACODE-GTW-001'],
      ['a missing max_tokens', { model: 'm', messages: hi }, '/max_tokens', 'ACODE-GTW-001'],
      ['a zero max_tokens', { ...base, max_tokens: 0, messages: hi }, '/max_tokens', 'ACODE-GTW-001'],
      ['a fractional max_tokens', { ...base, max_tokens: 1.5, messages: hi }, '/max_tokens', 'ACODE-GTW-001'],
      ['a string stream', { ...base, stream: 'yes', messages: hi }, '/stream', 'ACODE-GTW-001'],
      ['a numeric system', { ...base, system: 3, messages: hi }, '/system', 'ACODE-GTW-001'],
      ['an image in system', { ...base, system: [{ type: 'image', source: png }], messages: hi }, '/system/0/type', 'ACODE-GTW-001'],
      ['non-array messages', { ...base, messages: { role: 'user' } }, '/messages', 'ACODE-GTW-001'],
      ['empty messages', { ...base, messages: [] }, '/messages', 'ACODE-GTW-001'],
      ['a system message with a number for content', { ...base, messages: [{ role: 'system', content: 3 }, ...hi] }, '/messages/0/content', 'ACODE-GTW-001'],
      ['a system message with an image block', { ...base, messages: [{ role: 'system', content: [{ type: 'image', source: png }] }, ...hi] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['an unknown role', { ...base, messages: [{ role: 'tool', content: 'x' }] }, '/messages/0/role', 'ACODE-GTW-001'],
      ['numeric content', { ...base, messages: [{ role: 'user', content: 4 }] }, '/messages/0/content', 'ACODE-GTW-001'],
      ['a block without type', { ...base, messages: [{ role: 'user', content: [{ text: 'x' }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['a text block without text', { ...base, messages: [{ role: 'user', content: [{ type: 'text' }] }] }, '/messages/0/content/0/text', 'ACODE-GTW-001'],
      ['a document block', { ...base, messages: [{ role: 'user', content: [{ type: 'document', source: {} }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['a search_result block', { ...base, messages: [{ role: 'user', content: [{ type: 'search_result' }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['a server_tool_use block', { ...base, messages: [...hi, { role: 'assistant', content: [{ type: 'server_tool_use', id: 's', name: 'web_search', input: {} }] }] }, '/messages/1/content/0/type', 'ACODE-GTW-001'],
      ['a tool_use in a user message', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['a tool_result in an assistant message', { ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 'a' }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['an image in an assistant message', { ...base, messages: [{ role: 'assistant', content: [{ type: 'image', source: png }] }] }, '/messages/0/content/0/type', 'ACODE-GTW-001'],
      ['a tool_use without id', { ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'Read', input: {} }] }] }, '/messages/0/content/0/id', 'ACODE-GTW-001'],
      ['a tool_use with an empty name', { ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: '', input: {} }] }] }, '/messages/0/content/0/name', 'ACODE-GTW-001'],
      ['a tool_use with string input', { ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: '{}' }] }] }, '/messages/0/content/0/input', 'ACODE-GTW-001'],
      ['a tool_result without tool_use_id', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }] }, '/messages/0/content/0/tool_use_id', 'ACODE-GTW-001'],
      ['a string is_error', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', is_error: 'yes' }] }] }, '/messages/0/content/0/is_error', 'ACODE-GTW-001'],
      ['a document in a tool result', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: [{ type: 'document' }] }] }] }, '/messages/0/content/0/content/0/type', 'ACODE-GTW-001'],
      ['numeric tool result content', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 7 }] }] }, '/messages/0/content/0/content', 'ACODE-GTW-001'],
      ['an image of a file source', { ...base, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f' } }] }] }, '/messages/0/content/0/source/type', 'ACODE-GTW-001'],
      ['an image without media type', { ...base, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: 'x' } }] }] }, '/messages/0/content/0/source/media_type', 'ACODE-GTW-001'],
      ['a thinking block without text', { ...base, messages: [{ role: 'assistant', content: [{ type: 'thinking', signature: 's' }] }] }, '/messages/0/content/0/thinking', 'ACODE-GTW-001'],
      ['non-array tools', { ...base, messages: hi, tools: {} }, '/tools', 'ACODE-GTW-001'],
      ['too many tools', { ...base, messages: hi, tools: Array.from({ length: 129 }, (_, i) => ({ name: `t${i}`, input_schema: {} })) }, '/tools', 'ACODE-GTW-002'],
      ['a tool with an empty name', { ...base, messages: hi, tools: [{ name: '', input_schema: {} }] }, '/tools/0/name', 'ACODE-GTW-002'],
      ['a tool without a name', { ...base, messages: hi, tools: [{ input_schema: {} }] }, '/tools/0/name', 'ACODE-GTW-001'],
      ['a tool with a numeric type', { ...base, messages: hi, tools: [{ type: 3, name: 'x' }] }, '/tools/0/type', 'ACODE-GTW-001'],
      ['a tool with a numeric description', { ...base, messages: hi, tools: [{ name: 'x', description: 1 }] }, '/tools/0/description', 'ACODE-GTW-001'],
      ['a string temperature', { ...base, messages: hi, temperature: '0.5' }, '/temperature', 'ACODE-GTW-001'],
      ['a negative top_p', { ...base, messages: hi, top_p: -1 }, '/top_p', 'ACODE-GTW-001'],
      ['a fractional top_k', { ...base, messages: hi, top_k: 2.5 }, '/top_k', 'ACODE-GTW-001'],
      ['a string stop_sequences', { ...base, messages: hi, stop_sequences: 'END' }, '/stop_sequences', 'ACODE-GTW-001'],
      ['a numeric stop sequence', { ...base, messages: hi, stop_sequences: ['a', 1] }, '/stop_sequences/1', 'ACODE-GTW-001'],
      ['a string tool_choice', { ...base, messages: hi, tools: [readTool], tool_choice: 'auto' }, '/tool_choice', 'ACODE-GTW-001'],
      ['an unknown tool_choice type', { ...base, messages: hi, tools: [readTool], tool_choice: { type: 'required' } }, '/tool_choice/type', 'ACODE-GTW-001'],
      ['a tool_choice naming no declared tool', { ...base, messages: hi, tools: [readTool], tool_choice: { type: 'tool', name: 'Write' } }, '/tool_choice/name', 'ACODE-GTW-001'],
      ['a tool_choice without a name', { ...base, messages: hi, tools: [readTool], tool_choice: { type: 'tool' } }, '/tool_choice/name', 'ACODE-GTW-001'],
      ['a string disable_parallel_tool_use', { ...base, messages: hi, tools: [readTool], tool_choice: { type: 'auto', disable_parallel_tool_use: 'yes' } }, '/tool_choice/disable_parallel_tool_use', 'ACODE-GTW-001'],
    ])('%s', (_name, body, field, code) => {
      const error = refusal(body);
      expect(error.code).toBe(code);
      expect(error.field ?? '').toBe(field);
    });

    it('names the unknown block type in its message', () => {
      expect(refusal({ ...base, messages: [{ role: 'user', content: [{ type: 'document' }] }] }).message).toContain('"document"');
    });

    it('10 000-deep nesting without crashing', () => {
      const inInput = refusal({ ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: deep(10_000) }] }] });
      expect(inInput.field).toBe('/messages/0/content/0/input');
      const inSchema = refusal({ ...base, messages: hi, tools: [{ name: 'x', input_schema: deep(10_000) }] });
      expect(inSchema).toMatchObject({ code: 'ACODE-GTW-002', field: '/tools/0/input_schema' });
      let nested: unknown = 'x';
      for (let i = 0; i < 10_000; i++) nested = [nested];
      expect(refusal({ ...base, messages: [{ role: 'user', content: nested }] }).field).toBe('/messages/0/content/0');
      // A deep field the reader does not forward is ignored, not walked.
      expect(read({ messages: hi, beta_field: deep(10_000) }).ok).toBe(true);
    });

    it('huge strings, echoing only an excerpt', () => {
      const huge = 'x'.repeat(1_000_000);
      const cases = [
        { ...base, messages: [{ role: huge, content: 'x' }] },
        { ...base, messages: [{ role: 'user', content: [{ type: huge }] }] },
        { ...base, messages: hi, tools: [readTool], tool_choice: { type: 'tool', name: huge } },
        { ...base, messages: hi, tools: [readTool], tool_choice: { type: huge } },
        { ...base, messages: [{ role: 'user', content: [{ type: 'image', source: { type: huge } }] }] },
      ];
      for (const body of cases) expect(refusal(body).message.length).toBeLessThan(300);
    });

    it('a throwing getter, as a refusal', () => {
      const body = { ...base, messages: hi };
      Object.defineProperty(body, 'tools', { enumerable: true, get: () => { throw new Error('boom'); } });
      expect(refusal(body)).toMatchObject({ code: 'ACODE-GTW-001' });
    });
  });

  it('reads __proto__ keys as ordinary fields, never as prototypes', () => {
    const body: unknown = JSON.parse(
      '{"model":"m","max_tokens":5,"__proto__":{"stream":true,"temperature":9},' +
        '"messages":[{"role":"user","content":"hi","__proto__":{"role":"assistant"}},' +
        '{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"x","input":{"__proto__":{"polluted":true}}}]}],' +
        '"tools":[{"__proto__":{"name":"inherited"},"name":"own","input_schema":{"__proto__":{"type":"string"}}}]}',
    );
    const reading = readAnthropicMessagesRequest(body);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.request.stream).toBe(false);
    expect(reading.request.parameters).toEqual({ max_tokens: 5 });
    expect(reading.request.messages[0]).toEqual({ role: 'user', content: 'hi' });
    const args = reading.request.messages[1]?.toolCalls?.[0]?.arguments as Record<string, unknown>;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(reading.request.tools[0]?.wireName).toBe('own');
    const tools = readAnthropicMessagesRequest(JSON.parse('{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"x"}],"tools":[{"__proto__":{"name":"inherited"}}]}'));
    expect(tools).toMatchObject({ ok: false, error: { field: '/tools/0/name' } });
    // Where the reader looks keys up by name: an inherited-looking key is never taken for the field.
    const hi = '"messages":[{"role":"user","content":"x"}]';
    expect(readAnthropicMessagesRequest(JSON.parse(`{"model":"m","max_tokens":5,${hi},"tool_choice":{"__proto__":{"type":"auto"}}}`))).toMatchObject({ ok: false, error: { field: '/tool_choice/type' } });
    const image = JSON.parse('{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"image","source":{"__proto__":{"type":"url","url":"https://example.com/a.png"}}}]}]}');
    expect(readAnthropicMessagesRequest(image)).toMatchObject({ ok: false, error: { field: '/messages/0/content/0/source/type' } });
    // A call id spelt `__proto__` still links its result to the tool's name.
    const linked = readAnthropicMessagesRequest({
      model: 'm',
      max_tokens: 5,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: '__proto__', name: 'Read', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: '__proto__', content: 'ok' }] },
      ],
    });
    expect(linked).toMatchObject({ ok: true, request: { messages: [{ role: 'assistant' }, { role: 'tool', toolCallId: '__proto__', toolName: 'Read' }] } });
  });

  it('refuses image sources that are no web address or no base64 image, never passing them upstream', () => {
    const withSource = (source: unknown) => ({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'image', source }] }] });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:image/png;base64,AAAA', `https://${'a'.repeat(10)}`.replace('https', 'ftp')]) {
      expect(readAnthropicMessagesRequest(withSource({ type: 'url', url }))).toMatchObject({ ok: false, error: { code: 'ACODE-GTW-001', field: '/messages/0/content/0/source/url' } });
    }
    for (const [mediaType, data] of [['text/html', 'AAAA'], ['image/png;base64,x', 'AAAA'], ['image/png', 'not base64!'], ['m'.repeat(1_000_000), 'AAAA']]) {
      const reading = readAnthropicMessagesRequest(withSource({ type: 'base64', media_type: mediaType, data }));
      expect(reading).toMatchObject({ ok: false, error: { code: 'ACODE-GTW-001', field: '/messages/0/content/0/source' } });
      if (!reading.ok) expect(reading.error.message.length).toBeLessThan(200);
    }
    expect(readAnthropicMessagesRequest(withSource({ type: 'base64', media_type: 'IMAGE/PNG', data: 'iVBO\nRw==' }))).toMatchObject({
      ok: true,
      request: { messages: [{ images: [{ kind: 'base64', mediaType: 'image/png', data: 'iVBORw==' }] }] },
    });
  });

  it('makes max_tokens optional only when asked (count_tokens)', () => {
    expect(readAnthropicMessagesRequest({ model: 'm', messages: hi }, { maxTokensOptional: true })).toMatchObject({ ok: true, request: { parameters: {} } });
    expect(readAnthropicMessagesRequest({ model: 'm', messages: hi, max_tokens: -1 }, { maxTokensOptional: true })).toMatchObject({ ok: false, error: { field: '/max_tokens' } });
  });
});
