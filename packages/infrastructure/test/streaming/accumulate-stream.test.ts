import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import { bytesOf, deltaEvent, DONE_EVENT, finishEvent } from './support/stream-text.js';

const SSE = [
  deltaEvent({ index: 0, id: 'call_1', name: 'get_', args: '{"city":' }),
  deltaEvent({ index: 0, name: 'weather', args: ' "東京"}' }),
  finishEvent(),
  DONE_EVENT,
].join('');

const EXPECTED_CALLS = [{ index: 0, id: 'call_1', name: 'get_weather', arguments: '{"city": "東京"}', source: 'openai_stream' }];

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** Serves `chunks` as a chunked HTTP body on 127.0.0.1, each written separately, then ends (or destroys) the response. */
async function serve(chunks: readonly Uint8Array[], contentType: string, finish: 'end' | 'destroy' = 'end'): Promise<string> {
  server = createServer(async (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    for (const chunk of chunks) {
      response.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (finish === 'end') response.end();
    else response.destroy();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1/chat/completions`;
}

/** Cuts `bytes` every `size` bytes: through JSON tokens and UTF-8 sequences alike. */
function everyBytes(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.slice(start, start + size));
  return chunks;
}

describe('accumulateStream', () => {
  it('reads a sync iterable of text chunks', async () => {
    const result = await accumulateStream([SSE.slice(0, 40), SSE.slice(40)]);
    expect(result).toMatchObject({ format: 'sse', calls: EXPECTED_CALLS, complete: true, errors: [] });
  });

  it('reads a Node Readable of byte chunks cut every 7 bytes', async () => {
    const result = await accumulateStream(Readable.from(everyBytes(bytesOf(SSE), 7)));
    expect(result.calls).toEqual(EXPECTED_CALLS);
  });

  it('reads an SSE body over real HTTP, chunks splitting tokens and a UTF-8 character', async () => {
    const url = await serve(everyBytes(bytesOf(SSE), 5), 'text/event-stream');
    const response = await fetch(url);
    const result = await accumulateStream(response.body!);
    expect(result).toMatchObject({ calls: EXPECTED_CALLS, complete: true, errors: [] });
  });

  it('reads an Ollama NDJSON body over real HTTP', async () => {
    const ndjson = [
      '{"model":"llama3.2","message":{"role":"assistant","content":"","tool_calls":[{"function":{"index":0,"name":"get_weather","arguments":{"city":"東京"}}}]},"done":false}',
      '{"model":"llama3.2","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":169,"eval_count":15}',
      '',
    ].join('\n');
    const url = await serve(everyBytes(bytesOf(ndjson), 3), 'application/x-ndjson');
    const result = await accumulateStream((await fetch(url)).body!);
    expect(result).toMatchObject({
      format: 'ndjson',
      calls: [{ index: 0, name: 'get_weather', arguments: { city: '東京' }, source: 'ollama_stream' }],
      complete: true,
      usage: { promptTokens: 169, completionTokens: 15, totalTokens: 184 },
    });
  });

  it('keeps what arrived when the connection drops mid-call, as a result with an error', async () => {
    const firstEvent = bytesOf(deltaEvent({ index: 0, id: 'call_1', name: 'get_', args: '{"city":' }));
    const url = await serve(everyBytes(firstEvent, 9), 'text/event-stream', 'destroy');
    const result = await accumulateStream((await fetch(url)).body!);
    expect(result.complete).toBe(false);
    expect(result.calls).toEqual([{ index: 0, id: 'call_1', name: 'get_', arguments: '{"city":', source: 'openai_stream', incomplete: true }]);
    expect(result.errors).toEqual([
      {
        index: -1,
        source: 'openai_stream',
        code: 'ACODE-TLP-008',
        message: 'Line 2 of the stream was the last to arrive before the connection failed; what arrived is kept.',
        line: 2,
        retryable: true,
      },
    ]);
  });

  it('turns a source that throws into the same kind of result', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield deltaEvent({ index: 0, name: 'file_read', args: '{"pa' });
      throw new Error('socket hang up');
    }
    const result = await accumulateStream(failing());
    expect(result.calls).toEqual([{ index: 0, name: 'file_read', arguments: '{"pa', source: 'openai_stream', incomplete: true }]);
    expect(result.errors.map((error) => [error.code, error.line])).toEqual([['ACODE-TLP-008', 2]]);
    expect(JSON.stringify(result)).not.toContain('socket hang up');
  });

  it('resolves at [DONE] and closes a source that would never end', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<string> {
      try {
        yield SSE;
        await new Promise(() => undefined); // a server holding the connection open
      } finally {
        closed = true;
      }
    }
    const result = await accumulateStream(source());
    expect(result).toMatchObject({ calls: EXPECTED_CALLS, complete: true, errors: [] });
    expect(closed).toBe(true);
  });

  it('gives an empty, incomplete accumulation for an empty stream', async () => {
    expect(await accumulateStream([])).toEqual({ calls: [], content: '', complete: false, errors: [] });
  });

  it('rethrows a programming error and closes the source', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<unknown> {
      try {
        yield 42;
      } finally {
        closed = true;
      }
    }
    await expect(accumulateStream(source() as AsyncIterable<string>)).rejects.toThrow(TypeError);
    expect(closed).toBe(true);
  });
});
