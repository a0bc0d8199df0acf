import type { ServerResponse } from 'node:http';
import type { ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModelClient, type ProviderType } from '../../src/model-clients/index.js';
import { guardUnhandledRejections, settingsFor, startRawServer, type RawServer } from './support.js';

/** Issue 11 item 9: the end marker ends a streamed answer even when the server keeps the connection open. */

guardUnhandledRejections();

const REQUEST: ChatRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] };

let server: RawServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves `body` and then holds the connection open; resolves `closed` when the client drops it. */
async function serveAndHold(contentType: string, body: string): Promise<{ url: string; closed: Promise<void> }> {
  let onClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  server = await startRawServer((_request, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': contentType });
    response.write(body); // never ended: the server keeps the socket open
    response.on('close', onClosed);
  });
  return { url: server.url, closed };
}

const CALL = {
  ollama: [
    '{"message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"file_read","arguments":{"path":"a.txt"}}}]},"done":false}',
    '{"message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":3,"eval_count":2}',
    '',
  ].join('\n'),
  'openai-compatible': [
    'data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"file_read","arguments":"{\\"path\\": \\"a.txt\\"}"}}]}}]}',
    '',
    'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}',
    '',
    'data: [DONE]',
    '',
    '',
  ].join('\n'),
} as const;

describe.each(['ollama', 'openai-compatible'] as const)('%s client: the end marker over real HTTP', (type: ProviderType) => {
  const contentType = type === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';

  it('resolves at the end marker although the server keeps the connection open, and lets the connection go', async () => {
    const { url, closed } = await serveAndHold(contentType, CALL[type]);
    // A reader that waited for the connection to close would fail with the 3 s silence timeout instead.
    const response = await createChatModelClient(settingsFor(type, url, { timeoutMs: 3_000 })).chatStream(REQUEST);
    expect(response.toolCalls).toEqual([
      type === 'ollama'
        ? { index: 0, name: 'file_read', arguments: { path: 'a.txt' }, source: 'ollama_stream' }
        : { index: 0, id: 'call_a', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' },
    ]);
    expect(response.streamErrors).toEqual([]);
    expect(response.incomplete).toBeUndefined();
    await closed;
  });

  it('says a stream closed before its end marker is incomplete', async () => {
    const partial = type === 'ollama' ? CALL.ollama.split('\n')[0] + '\n' : CALL['openai-compatible'].split('\n\n')[0] + '\n\n';
    server = await startRawServer((_request, response) => {
      response.writeHead(200, { 'content-type': contentType });
      response.end(partial);
    });
    const response = await createChatModelClient(settingsFor(type, server.url, { timeoutMs: 3_000 })).chatStream(REQUEST);
    expect(response.incomplete).toBe(true);
    expect(response.finishReason).toBeUndefined();
  });
});

describe('openai-compatible client: servers that differ from the usual deltas, over real HTTP', () => {
  it('reads deltas without an index and arguments sent as an object, and stops at a [DONE] whose blank line never comes', async () => {
    const body = [
      'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"id":"call_a","type":"function","function":{"name":"file_read","arguments":"{\\"path\\": "}}]}}]}',
      '',
      'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":"\\"a.txt\\"}"}}]}}]}',
      '',
      'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"id":"call_b","type":"function","function":{"name":"git_status","arguments":{"include_untracked":false}}}]}}]}',
      '',
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}',
      '',
      'data: [DONE]',
      '',
    ].join('\n');
    const { url, closed } = await serveAndHold('text/event-stream', body);
    const response = await createChatModelClient(settingsFor('openai-compatible', url, { timeoutMs: 3_000 })).chatStream(REQUEST);
    expect(response.toolCalls).toEqual([
      { index: 0, id: 'call_a', name: 'file_read', arguments: '{"path": "a.txt"}', source: 'openai_stream' },
      { index: 1, id: 'call_b', name: 'git_status', arguments: { include_untracked: false }, source: 'openai_stream' },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    await closed;
  });
});
