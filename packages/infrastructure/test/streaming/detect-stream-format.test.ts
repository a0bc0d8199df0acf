import { describe, expect, it } from 'vitest';
import { detectStreamFormat } from '../../src/streaming/index.js';

describe('detectStreamFormat', () => {
  it.each([
    ['data: {"choices":[]}', 'sse'],
    ['data:{"choices":[]}', 'sse'],
    ['event: message\ndata: x', 'sse'],
    [': keep-alive comment', 'sse'],
    ['id: 7', 'sse'],
    ['retry: 100', 'sse'],
    ['{"model":"llama3.2","message":{"role":"assistant","content":"Hi"},"done":false}', 'ndjson'],
    ['\n\r\n  \t{"done":true}', 'ndjson'],
    ['\ufeffdata: [DONE]', 'sse'],
  ] as const)('reads %j as %s', (text, format) => {
    expect(detectStreamFormat(text)).toBe(format);
  });

  it.each(['', '   \n\r\n', 'hello', '[1,2]', 'Data: x', 'HTTP/1.1 200 OK', '<tool_call>'])('recognises nothing in %j', (text) => {
    expect(detectStreamFormat(text)).toBeUndefined();
  });

  it('reads only the start of a huge text', () => {
    const huge = `data: ${'x'.repeat(5_000_000)}`;
    expect(detectStreamFormat(huge)).toBe('sse');
  });
});
