import { ModelClientException } from '@acode/application';
import { ERROR_CODES, type ChatRequest } from '@acode/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatModelClient, SecretValue, type ProviderType } from '../../src/model-clients/index.js';
import { RecordingLogger } from '../support/recording-logger.js';
import { guardUnhandledRejections, modelFailure as failure, settingsFor, startRawServer, type RawServer } from './support.js';

guardUnhandledRejections();

// Issue 13 item 4: an upstream error body that echoes the key the client sent must not reach our
// messages or logs. A real server on 127.0.0.1 answers 401 with the Authorization header echoed.
const REQUEST: ChatRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] };
const LONG_KEY = 'AIzaSyD3xAmpl3Key0nlyF0rT3sts-abcdefghij';
const SHORT_KEY = 'pw-42';

let server: RawServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function echoingServer(shape: 'openai' | 'plain' | 'stream'): Promise<string> {
  server = await startRawServer((request, response) => {
    const sent = String(request.headers['authorization'] ?? '');
    if (shape === 'stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: {"error":{"message":"Incorrect API key provided: ${sent}"}}\n\n`);
      return;
    }
    response.writeHead(401, { 'content-type': shape === 'openai' ? 'application/json' : 'text/plain' });
    const message = `Incorrect API key provided: ${sent}. Your key ${sent.slice('Bearer '.length)} is wrong; session secret 0123456789abcdef0123456789abcdef01`;
    response.end(shape === 'openai' ? JSON.stringify({ error: { message, type: 'invalid_request_error' } }) : message);
  });
  return server.url;
}


describe.each(['openai-compatible', 'ollama'] as const)('%s client, a server that echoes the API key in its error', (type: ProviderType) => {
  for (const key of [LONG_KEY, SHORT_KEY]) {
    for (const shape of ['openai', 'plain'] as const) {
      it(`keeps the key (${key.length} chars) out of the ACODE-MDL-003 message and every log line (${shape} body)`, async () => {
        const url = await echoingServer(shape);
        const logger = new RecordingLogger();
        const client = createChatModelClient(settingsFor(type, url, { apiKeyEnv: 'ACODE_TEST_KEY', apiKey: new SecretValue(key) }), { logger });
        const error = await failure(client.chat(REQUEST));
        expect(server?.headers[0]?.['authorization']).toBe(`Bearer ${key}`);
        expect(error.code).toBe(ERROR_CODES.MODEL_HTTP_ERROR);
        expect(error.message).toContain('answered HTTP 401');
        expect(error.message).toContain('Incorrect API key provided');
        expect(error.message).toContain('[REDACTED]');
        expect(error.message).not.toContain(key);
        expect(error.message).not.toContain('0123456789abcdef0123456789abcdef01');
        expect(JSON.stringify(error)).not.toContain(key);
        expect(logger.dump()).not.toContain(key);
      });
    }
  }
});

describe('a streamed error that echoes the API key', () => {
  it('keeps the key out of the stream errors', async () => {
    const url = await echoingServer('stream');
    const client = createChatModelClient(settingsFor('openai-compatible', url, { apiKeyEnv: 'ACODE_TEST_KEY', apiKey: new SecretValue(SHORT_KEY) }));
    const outcome = await client.chatStream(REQUEST).then(
      (response) => JSON.stringify(response),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).toContain('Incorrect API key provided');
    expect(outcome).not.toContain(SHORT_KEY);
  });
});
