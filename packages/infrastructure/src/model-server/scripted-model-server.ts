import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { isPlainObject } from '@acode/domain';
import { writeCut, writeInChunks } from './chunked-writer.js';
import { ollamaDialect } from './ollama-dialect.js';
import { openAiDialect } from './openai-dialect.js';
import { readJsonBody } from './read-json-body.js';
import type { RecordedRequest } from './recorded-request.js';
import type { AnswerStep, RawStep, ScriptedUsage, ScriptStep } from './script-step.js';
import { DEFAULT_SCRIPTED_USAGE, toScriptedAnswer } from './scripted-answer.js';
import type { AnswerContext, WireDialect, WireError } from './wire-dialect.js';

/**
 * The script: steps played in order, one per chat request, or a function choosing the step of
 * chat request `n` (0-based) from the request itself.
 */
export type Script = readonly ScriptStep[] | ((request: RecordedRequest, n: number) => ScriptStep);

/** Options of {@link startScriptedModelServer}. */
export interface ScriptedModelServerOptions {
  readonly script: Script;
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  /** Loopback address to listen on: `127.0.0.1` (default), `::1` or `localhost`. */
  readonly host?: string;
  /** Models listed by `GET /api/tags` and `GET /v1/models`; default `['llama3.2:latest']`. */
  readonly models?: readonly string[];
  /** Bytes per write of a streamed answer (default {@link DEFAULT_CHUNK_SIZE}). */
  readonly chunkSize?: number;
  /** Token counts of answers whose step sets none (default 10 prompt, 5 completion). */
  readonly usage?: ScriptedUsage;
  /**
   * Keep every request in {@link ScriptedModelServer.requests} (default true). A load test turns
   * it off: kept requests would grow the heap without bound and slow every garbage collection.
   */
  readonly recordRequests?: boolean;
}

/** A running scripted model server. */
export interface ScriptedModelServer {
  /** Base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order, chat or not, well-formed or not (none with `recordRequests: false`). */
  readonly requests: readonly RecordedRequest[];
  /** Stops listening, destroys open connections (even mid-stream) and cancels pending delays. Idempotent. */
  close(): Promise<void>;
}

/** Default bytes per streamed write: small and odd, so boundaries split tokens and UTF-8 characters. */
export const DEFAULT_CHUNK_SIZE = 7;

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '::1', 'localhost']);
const DIALECTS: readonly WireDialect[] = [ollamaDialect, openAiDialect];

/**
 * Starts an HTTP server on the loopback interface that speaks Ollama's native API and the
 * OpenAI-compatible API, answering each chat request with the next step of a script: valid or
 * malformed tool calls, text, HTTP errors, slow answers, streams cut mid-call, raw bodies. Streamed answers
 * are written a few bytes at a time. When the script runs out, chat requests get a 500 saying so.
 *
 * @throws RangeError for a non-loopback host or an invalid chunk size or port (programming errors).
 */
export async function startScriptedModelServer(options: ScriptedModelServerOptions): Promise<ScriptedModelServer> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host)) throw new RangeError(`the scripted model server listens on loopback only, not on "${host}"`);
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`);
  const port = options.port ?? 0;
  if (!Number.isSafeInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);

  const state: ServerState = {
    script: options.script,
    models: options.models ?? ['llama3.2:latest'],
    chunkSize,
    usage: {
      promptTokens: options.usage?.promptTokens ?? DEFAULT_SCRIPTED_USAGE.promptTokens,
      completionTokens: options.usage?.completionTokens ?? DEFAULT_SCRIPTED_USAGE.completionTokens,
    },
    requests: [],
    recordRequests: options.recordRequests ?? true,
    chatRequests: 0,
  };
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handle(request, response, state).catch(() => abandon(response));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A client that sends garbage instead of HTTP gets a 400 and the connection closed, never a crash.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    requests: state.requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

interface ServerState {
  readonly script: Script;
  readonly models: readonly string[];
  readonly chunkSize: number;
  readonly usage: Required<ScriptedUsage>;
  readonly requests: RecordedRequest[];
  readonly recordRequests: boolean;
  chatRequests: number;
}

async function handle(request: IncomingMessage, response: ServerResponse, state: ServerState): Promise<void> {
  // A client that hangs up mid-answer must not turn into an unhandled 'error' event.
  response.on('error', () => undefined);
  const path = new URL(request.url ?? '/', 'http://scripted.invalid').pathname;
  const method = request.method ?? 'GET';
  const dialect = DIALECTS.find((candidate) => candidate.chatPath === path || candidate.modelsPath === path);
  const body = await readJsonBody(request);
  let hungUp = false;
  // The response closing before it finished is the client (or its abort signal) hanging up.
  response.once('close', () => {
    if (!response.writableFinished) hungUp = true;
  });
  const recorded: RecordedRequest = {
    method,
    path,
    headers: flattenHeaders(request.headers),
    body: body.ok ? body.value : undefined,
    ...(dialect !== undefined && { format: dialect.format }),
    get clientHungUp() {
      return hungUp;
    },
  };
  if (state.recordRequests) state.requests.push(recorded);

  if (dialect === undefined) return sendJson(response, 404, { error: `no route for ${method} ${path}` });
  const error = (status: number, message: string): void => sendJson(response, status, dialect.error(status, message));
  const expected = path === dialect.chatPath ? 'POST' : 'GET';
  if (method !== expected) {
    response.setHeader('Allow', expected);
    return error(405, `${path} accepts ${expected}, not ${method}`);
  }
  if (path === dialect.modelsPath) return sendJson(response, 200, dialect.modelList(state.models, new Date()));

  if (!body.ok) return error(body.status, body.message);
  const problem = chatBodyProblem(body.value);
  if (problem !== undefined) return error(400, problem);
  const chat = body.value as Record<string, unknown>;

  const n = state.chatRequests++;
  let step: ScriptStep | undefined;
  try {
    step = typeof state.script === 'function' ? state.script(recorded, n) : state.script[n];
  } catch (scriptError) {
    return error(500, `the script failed on chat request #${n}: ${describeError(scriptError)}`);
  }
  if (step === undefined) {
    const length = typeof state.script === 'function' ? 'no' : String(state.script.length);
    return error(500, `script exhausted: no step for chat request #${n} (the script has ${length} steps)`);
  }

  const abort = new AbortController();
  // Only a close before the answer ended aborts (an abort builds a DOMException with its stack: not for every request).
  response.once('close', () => {
    if (!response.writableFinished) abort.abort();
  });
  const context: AnswerContext = { model: chat['model'] as string, requestNumber: n, created: new Date() };
  const exchange: Exchange = { response, dialect, context, stream: dialect.wantsStream(chat), state, signal: abort.signal };
  try {
    await play(step, exchange);
  } catch (playError) {
    if (abort.signal.aborted) return;
    if (response.headersSent) return abandon(response);
    error(500, `the scripted model server could not play the step: ${describeError(playError)}`);
  }
}

interface Exchange {
  readonly response: ServerResponse;
  readonly dialect: WireDialect;
  readonly context: AnswerContext;
  readonly stream: boolean;
  readonly state: ServerState;
  /** Aborted when the connection closes. */
  readonly signal: AbortSignal;
}

async function play(step: ScriptStep, exchange: Exchange): Promise<void> {
  const { response, dialect, context } = exchange;
  switch (step.kind) {
    case 'tool_call':
    case 'tool_calls':
    case 'text':
      return sendAnswer(step, exchange);
    case 'cut_stream':
      return sendAnswer(step.then, exchange, step.afterBytes ?? 'half');
    case 'slow':
      if (!Number.isFinite(step.delayMs) || step.delayMs < 0) throw new RangeError(`delayMs must be a non-negative number, got ${step.delayMs}`);
      await delay(step.delayMs, undefined, { signal: exchange.signal });
      return play(step.then, exchange);
    case 'http_error':
      if (!Number.isSafeInteger(step.status) || step.status < 400 || step.status > 599) {
        throw new RangeError(`http_error status must be an integer from 400 to 599, got ${step.status}`);
      }
      return sendJson(response, step.status, dialect.error(step.status, step.message));
    case 'model_missing':
      return sendWireError(response, dialect.modelMissing(context.model));
    case 'no_tool_support':
      return sendWireError(response, dialect.noToolSupport(context.model));
    case 'raw':
      return sendRaw(response, step);
    default:
      throw new TypeError(`unknown script step kind ${JSON.stringify((step as { kind?: unknown }).kind)}`);
  }
}

async function sendAnswer(step: AnswerStep, exchange: Exchange, cutAfter?: number | 'half'): Promise<void> {
  const { response, dialect, context, state } = exchange;
  const answer = toScriptedAnswer(step, context.requestNumber, state.usage);
  const body = Buffer.from(exchange.stream ? dialect.stream(answer, context) : JSON.stringify(dialect.completion(answer, context)), 'utf8');
  const cutAfterBytes = cutAfter === undefined ? undefined : cutPoint(cutAfter, body.length);

  if (!exchange.stream) {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    if (cutAfterBytes === undefined) return void response.end(body);
    return writeCut(response, body, cutAfterBytes);
  }
  response.writeHead(200, { 'Content-Type': dialect.streamContentType, 'Cache-Control': 'no-cache' });
  response.flushHeaders();
  return writeInChunks(response, body, { chunkSize: state.chunkSize, ...(cutAfterBytes !== undefined && { cutAfterBytes }) });
}

/** A raw step's body as it is: its status, its content type, one write. */
function sendRaw(response: ServerResponse, step: RawStep): void {
  if (!Number.isSafeInteger(step.status) || step.status < 200 || step.status > 599) {
    throw new RangeError(`raw status must be an integer from 200 to 599, got ${step.status}`);
  }
  if (typeof step.body !== 'string') throw new TypeError('raw body must be a string');
  const body = Buffer.from(step.body, 'utf8');
  response.writeHead(step.status, { 'Content-Type': step.contentType, 'Content-Length': body.length });
  response.end(body);
}

/** Where to cut a body: never past its last byte, so the cut always loses something. */
function cutPoint(afterBytes: number | 'half', length: number): number {
  const wanted = afterBytes === 'half' ? Math.floor(length / 2) : afterBytes;
  if (!Number.isSafeInteger(wanted) || wanted < 0) throw new RangeError(`afterBytes must be a non-negative integer, got ${wanted}`);
  return Math.min(wanted, length - 1);
}

function chatBodyProblem(body: unknown): string | undefined {
  if (!isPlainObject(body)) return 'request body must be a JSON object';
  const model = body['model'];
  if (typeof model !== 'string' || model === '') return 'model is required';
  if (!Array.isArray(body['messages'])) return 'messages must be an array';
  return undefined;
}

function sendWireError(response: ServerResponse, error: WireError): void {
  sendJson(response, error.status, error.body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/** After headers went out, the only honest way to report a failure is to drop the connection. */
function abandon(response: ServerResponse): void {
  if (!response.headersSent) {
    try {
      return sendJson(response, 500, { error: 'the scripted model server failed' });
    } catch {
      // fall through to dropping the connection
    }
  }
  response.socket?.destroy();
  response.destroy();
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
