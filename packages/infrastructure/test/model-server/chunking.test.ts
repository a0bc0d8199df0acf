import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { accumulateStream } from '../../src/streaming/index.js';
import type { ModelServerFormat, ScriptedModelServer } from '../../src/model-server/index.js';
import { CHAT_PATHS, serve } from './support.js';

/**
 * Sends a streaming chat request over a raw socket and returns the HTTP chunks of the answer as
 * framed by chunked transfer encoding: TCP may merge writes, the chunk framing keeps them apart.
 */
function rawStreamChunks(server: ScriptedModelServer, format: ModelServerFormat): Promise<Buffer[]> {
  const body = JSON.stringify({ model: 'llama3.2', messages: [], stream: true });
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (data) => received.push(data));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseChunked(Buffer.concat(received)));
      } catch (error) {
        reject(error as Error);
      }
    });
    // write, not end: a half-closed socket makes Node's server drop the request.
    socket.write(
      `POST ${CHAT_PATHS[format]} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}

function parseChunked(response: Buffer): Buffer[] {
  let offset = response.indexOf('\r\n\r\n') + 4;
  expect(response.subarray(0, offset).toString('latin1')).toMatch(/transfer-encoding: chunked/i);
  const chunks: Buffer[] = [];
  for (;;) {
    const lineEnd = response.indexOf('\r\n', offset);
    const sizeLine = response.subarray(offset, lineEnd === -1 ? undefined : lineEnd).toString('latin1');
    if (!/^[0-9a-f]+$/i.test(sizeLine)) throw new Error(`not a chunk size line: ${JSON.stringify(sizeLine.slice(0, 40))}`);
    const size = Number.parseInt(sizeLine, 16);
    if (size === 0) return chunks;
    chunks.push(response.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe.each<ModelServerFormat>(['ollama', 'openai'])('scripted model server chunking, %s', (format) => {
  const content = '東京の天気を調べます。Grüße!';
  const args = { city: '東京', note: 'ünïcödé' };

  it('writes the stream in chunks of chunkSize bytes, split mid-token and mid-character', async () => {
    const server = await serve({ script: [{ kind: 'tool_call', name: 'get_weather', arguments: args, content }], chunkSize: 7 });
    const chunks = await rawStreamChunks(server, format);

    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === 7)).toBe(true);
    expect(chunks.at(-1)!.length).toBeLessThanOrEqual(7);
    // Some chunk ends inside a multi-byte character, and some inside a JSON line.
    expect(chunks.some((chunk) => !isValidUtf8(chunk))).toBe(true);
    expect(chunks.some((chunk) => !chunk.toString('utf8').endsWith('\n'))).toBe(true);
  });

  it('reassembles, chunk by chunk, into a stream the accumulator turns into the scripted answer', async () => {
    const server = await serve({ script: [{ kind: 'tool_call', name: 'get_weather', arguments: args, content }], chunkSize: 3 });
    const result = await accumulateStream(await rawStreamChunks(server, format));

    expect(result.errors).toEqual([]);
    expect(result.complete).toBe(true);
    expect(result.content).toBe(content);
    expect(result.calls).toHaveLength(1);
    const call = result.calls[0]!;
    expect(call.name).toBe('get_weather');
    expect(typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments).toEqual(args);
  });

  it('honours a chunk size of 1 byte', async () => {
    const server = await serve({ script: [{ kind: 'text', content: 'ok' }], chunkSize: 1 });
    const chunks = await rawStreamChunks(server, format);
    expect(chunks.every((chunk) => chunk.length === 1)).toBe(true);
    expect((await accumulateStream(chunks)).content).toBe('ok');
  });
});
