import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest, ScriptStep } from '@acode/infrastructure/testing';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { WEATHER_PARAMETERS, type GatewayFixture } from './gateway-fixture.js';

/** The two upstream dialects every front test runs against. */
export type UpstreamType = 'ollama' | 'openai-compatible';
export const UPSTREAMS: readonly UpstreamType[] = ['ollama', 'openai-compatible'];

/** A Hermes call written in the text, its arguments with a trailing comma. */
export const HERMES_BROKEN = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",}}</tool_call>';

/** A script answering every chat request with `step`, so a retry still meets it. */
export const always = (step: ScriptStep) => (): ScriptStep => step;

/** What a promise rejects with (or resolves to, when it does not). */
export const settle = (promise: Promise<unknown>): Promise<unknown> => promise.then((value) => ({ resolved: value }), (error: unknown) => error);

/** A tiny 1×1 PNG, base64 (no `data:` prefix). */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The chat requests the upstream received, in order, whatever its dialect. */
export function chatRequestsOf(f: GatewayFixture): RecordedRequest[] {
  return f.model.requests.filter((request) => request.path === '/api/chat' || request.path === '/v1/chat/completions');
}

/** A chat request's messages as the upstream received them. */
export type UpstreamMessage = {
  role: string;
  content?: unknown;
  images?: string[];
  tool_call_id?: string;
  tool_name?: string;
  tool_calls?: Array<{ id?: string; function: { name: string; arguments: unknown } }>;
};
export function upstreamMessages(request: RecordedRequest): UpstreamMessage[] {
  return (request.body as { messages: UpstreamMessage[] }).messages;
}

/** The text of an upstream message (a string, or OpenAI's text parts joined). */
export function messageText(message: UpstreamMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** A gated upstream: it writes `Hello from `, then waits for `release()` before `the model.` and its end. */
export interface GatedUpstream {
  /** The base URL to configure (`…/v1` for the OpenAI dialect). */
  readonly url: string;
  release(): void;
  /** Whether the upstream finished writing its answer. */
  finished(): boolean;
  close(): Promise<void>;
}

/**
 * An upstream of either dialect that streams its first text and then waits, so a test can prove
 * the client reads that text while the upstream has not finished.
 */
export async function gatedUpstream(type: UpstreamType): Promise<GatedUpstream> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let done = false;
  const sse = (delta: object, finish: string | null = null): string =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const line = (content: string, end = false): string =>
    `${JSON.stringify({
      model: 'm',
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content },
      done: end,
      ...(end ? { done_reason: 'stop', prompt_eval_count: 10, eval_count: 5 } : {}),
    })}\n`;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (type === 'openai-compatible') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(sse({ role: 'assistant', content: '' }));
        res.write(sse({ content: 'Hello from ' }));
      } else {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.write(line('Hello from '));
      }
      void gate.then(() => {
        if (res.destroyed) return;
        if (type === 'openai-compatible') {
          res.write(sse({ content: 'the model.' }));
          res.write(sse({}, 'stop'));
          res.end('data: [DONE]\n\n');
        } else {
          res.write(line('the model.'));
          res.end(line('', true));
        }
        done = true;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: type === 'openai-compatible' ? `${base}/v1` : base,
    release,
    finished: () => done,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The AI SDK's one tool of the gateway tests; `execute` records what it receives. No validation by the SDK: the gateway did it. */
export function weatherTools(received: unknown[]): ToolSet {
  return {
    get_weather: tool({
      description: 'Weather of a city',
      inputSchema: jsonSchema<{ city: string }>({ ...WEATHER_PARAMETERS, required: ['city'] }),
      execute: async (input) => {
        received.push(input);
        return { temperature: 21 };
      },
    }),
  };
}
