import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_TOKEN, countAnthropicTokens, IMAGE_TOKEN_ESTIMATE } from '../../../../src/gateway/fronts/anthropic-messages/count-tokens.js';
import { readAnthropicMessagesRequest } from '../../../../src/gateway/fronts/anthropic-messages/read-anthropic-messages-request.js';

const tokens = (body: unknown): number => {
  const count = countAnthropicTokens(body);
  if (!count.ok) throw new Error(count.error.message);
  return count.body.input_tokens;
};

const png = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };

describe('countAnthropicTokens', () => {
  it('counts UTF-8 bytes over four, without max_tokens as the endpoint has it', () => {
    expect(countAnthropicTokens({ model: 'm', messages: [{ role: 'user', content: 'abcdefgh' }] })).toEqual({ ok: true, body: { input_tokens: 2 } });
    // Three bytes per character: 4 characters are 12 bytes, 3 tokens.
    expect(tokens({ model: 'm', messages: [{ role: 'user', content: '天気天気' }] })).toBe(3);
    expect(tokens({ model: 'm', messages: [{ role: 'user', content: '' }] })).toBe(0);
  });

  it('counts system, tool calls, tool results, thinking, tool definitions and images', () => {
    const bare = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const baseline = tokens(bare);
    const more = [
      { ...bare, system: 'You are a careful assistant.' },
      { ...bare, messages: [...bare.messages, { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a/long/path.txt' } }] }] },
      { ...bare, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'file contents here' }] }] },
      { ...bare, messages: [...bare.messages, { role: 'assistant', content: [{ type: 'thinking', thinking: 'let me think about this', signature: '' }] }] },
      { ...bare, tools: [{ name: 'Read', description: 'Reads a file', input_schema: { type: 'object' } }] },
    ];
    for (const body of more) expect(tokens(body)).toBeGreaterThan(baseline);
    expect(tokens({ ...bare, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, png] }] })).toBe(baseline + IMAGE_TOKEN_ESTIMATE);
  });

  it('never lowers the count when content is added (property)', () => {
    const block = fc.oneof(
      fc.string().map((text) => ({ type: 'text', text })),
      fc.constant(png),
    );
    fc.assert(
      fc.property(fc.string(), fc.array(block, { maxLength: 4 }), fc.array(block, { maxLength: 4 }), fc.string(), (system, first, added, extraSystem) => {
        const body = (blocks: unknown[], sys: string) => ({ model: 'm', system: sys, messages: [{ role: 'user', content: blocks }] });
        const before = tokens(body(first, system));
        expect(tokens(body([...first, ...added], system))).toBeGreaterThanOrEqual(before);
        expect(tokens(body(first, system + extraSystem))).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('grows with text about a token per four bytes', () => {
    const at = (n: number) => tokens({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(n) }] });
    expect(at(4000) - at(0)).toBe(4000 / BYTES_PER_TOKEN);
  });

  it.each<[string, unknown]>([
    ['a non-object body', 'text'],
    ['a missing model', { messages: [{ role: 'user', content: 'x' }] }],
    ['a bad max_tokens', { model: 'm', max_tokens: 'many', messages: [{ role: 'user', content: 'x' }] }],
    ['an unknown block', { model: 'm', messages: [{ role: 'user', content: [{ type: 'document' }] }] }],
    ['an empty tool name', { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ name: '' }] }],
  ])('refuses %s as the reader does', (_name, body) => {
    const count = countAnthropicTokens(body);
    const reading = readAnthropicMessagesRequest(body, { maxTokensOptional: true });
    expect(reading.ok).toBe(false);
    expect(count).toEqual(reading);
  });
});
