import { afterEach } from 'vitest';
import {
  startScriptedModelServer,
  type ModelServerFormat,
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
} from '../../src/model-server/index.js';

const started: ScriptedModelServer[] = [];

/** Starts a scripted server that is closed after the test, whatever happens. */
export async function serve(options: ScriptedModelServerOptions): Promise<ScriptedModelServer> {
  const server = await startScriptedModelServer(options);
  started.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

export const CHAT_PATHS: Record<ModelServerFormat, string> = { ollama: '/api/chat', openai: '/v1/chat/completions' };

/** POSTs a minimal chat request in the given format, with a short timeout so no test can hang. */
export function postChat(
  server: ScriptedModelServer,
  format: ModelServerFormat,
  fields: { stream?: boolean; model?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const body: Record<string, unknown> = {
    model: fields.model ?? 'llama3.2',
    messages: [{ role: 'user', content: 'read a.txt' }],
    tools: [{ type: 'function', function: { name: 'file_read', description: 'Reads a file', parameters: { type: 'object' } } }],
  };
  if (fields.stream !== undefined) body['stream'] = fields.stream;
  return fetch(`${server.url}${CHAT_PATHS[format]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: fields.signal ?? AbortSignal.timeout(5_000),
  });
}

/** The data payloads of an SSE body, in order. */
export function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}
