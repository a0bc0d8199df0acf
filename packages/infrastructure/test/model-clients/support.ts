import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, expect } from 'vitest';
import type { ProviderSettings, ProviderType } from '../../src/model-clients/index.js';
import { ModelClientException } from '@acode/application';

/** Settings for a test server. Built directly, because tests need timeouts below `timeout_ms`'s minimum of 1 s. */
export function settingsFor(type: ProviderType, baseUrl: string, extra: Partial<ProviderSettings> = {}): ProviderSettings {
  return { name: type === 'ollama' ? 'ollama' : 'local', type, baseUrl, timeoutMs: 5000, warnings: [], ...extra };
}

/** A `node:http` server whose handler a test writes, for failures the scripted server does not stage. */
export interface RawServer {
  readonly url: string;
  /** Bodies of the requests received, parsed. */
  readonly bodies: unknown[];
  /** Headers of the requests received. */
  readonly headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (port 0); `close` destroys open sockets, so a stalled answer cannot keep the test alive. */
export async function startRawServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const bodies: unknown[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server = createServer((request, response) => {
    response.on('error', () => undefined);
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      headers.push(request.headers);
      const text = Buffer.concat(parts).toString('utf8');
      bodies.push(text === '' ? undefined : (JSON.parse(text) as unknown));
      handler(request, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Fails the file if anything it ran left a promise rejection unhandled. */
export function guardUnhandledRejections(): void {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => void unhandled.push(reason);
  process.on('unhandledRejection', record);
  afterAll(async () => {
    // Let rejections of the last test surface before checking.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', record);
    expect(unhandled).toEqual([]);
  });
}

/** A nested tool schema: objects in arrays in objects, enums, descriptions, `$defs`, formats. */
export const NESTED_SCHEMA = Object.freeze({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  description: 'Edits to apply.',
  properties: {
    path: { type: 'string', description: 'File to edit, relative to the workspace.', minLength: 1 },
    mode: { type: 'string', enum: ['replace', 'insert', 'delete'], description: 'What each edit does.' },
    edits: {
      type: 'array',
      description: 'Edits, applied in order.',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          range: { $ref: '#/$defs/range' },
          text: { type: 'string', description: 'New text.' },
          tags: { type: 'array', items: { type: 'string', enum: ['fix', 'style'] } },
        },
        required: ['range'],
        additionalProperties: false,
      },
    },
  },
  required: ['path', 'edits'],
  additionalProperties: false,
  $defs: {
    range: {
      type: 'object',
      description: 'A line range.',
      properties: { start: { type: 'integer', minimum: 1 }, end: { type: 'integer', minimum: 1 } },
      required: ['start', 'end'],
    },
  },
});

/** The rejection of `promise`, which must be a `ModelClientException`. */
export async function modelFailure(promise: Promise<unknown>): Promise<ModelClientException> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelClientException);
  return error as ModelClientException;
}
