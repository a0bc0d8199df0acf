import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptStep } from '@acode/infrastructure/testing';
import { startHost } from '../../src/start-host.js';

/**
 * The public text-call corpus (`packages/infrastructure/test/fixtures/text-calls/*.json`) replayed
 * through the gateway: a scripted upstream that answers each request with the case its user
 * message names, whole or streamed in content deltas of a chosen size, and readers of both
 * gateway wires that fold an answer (whole or streamed) into calls, content and reasoning.
 */

export interface CorpusCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export interface CorpusCase {
  readonly id: string;
  readonly family: string;
  readonly source: string;
  readonly content: string;
  readonly expected: readonly CorpusCall[];
  readonly expectedContent?: string;
  readonly expectedReasoning?: string;
  readonly tools?: ReadonlyArray<{ readonly name: string; readonly parameters: Record<string, unknown> }>;
}

export interface CorpusFile {
  /** The file name without `.json`: a family, or `negatives`. */
  readonly file: string;
  readonly cases: readonly CorpusCase[];
}

export const NEGATIVES_FILE = 'negatives';

const CORPUS_DIR = new URL('../../../../packages/infrastructure/test/fixtures/text-calls/', import.meta.url);

/** Every corpus file, read now (so cases added since the last build are included), sorted by name. */
export function loadCorpus(): CorpusFile[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: name.slice(0, -'.json'.length), cases: JSON.parse(readFileSync(new URL(name, CORPUS_DIR), 'utf8')) as CorpusCase[] }));
}

/** A tool as both gateway wires declare it. */
export interface WireTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: Record<string, unknown> };
}

const OPEN_OBJECT = { type: 'object', additionalProperties: true };

/**
 * The tools of some cases, as the parser's corpus test registers them: every expected name as an
 * open object, typed where a case gives a schema (the last schema given for a name wins).
 */
export function declaredTools(cases: readonly CorpusCase[]): WireTool[] {
  const schemas = new Map<string, Record<string, unknown>>();
  for (const item of cases) for (const call of item.expected) if (!schemas.has(call.name)) schemas.set(call.name, OPEN_OBJECT);
  for (const item of cases) for (const tool of item.tools ?? []) schemas.set(tool.name, tool.parameters);
  return [...schemas].map(([name, parameters]) => ({ type: 'function', function: { name, description: `Corpus tool ${name}`, parameters } }));
}

/** How the upstream answers: whole, or streamed in content deltas of 1 or 3 code points. */
export type ReplayMode = 'whole' | 1 | 3;

export type UpstreamKind = 'openai-compatible' | 'ollama';

/**
 * The user message that names a case and a mode to the scripted upstream; the route too, so each
 * client request has a key of its own and its upstream requests can be counted.
 */
export function replayKey(route: string, file: string, id: string, mode: ReplayMode): string {
  return `corpus-replay ${route} ${file}/${id} ${mode}`;
}

/** Splits text into pieces of `size` code points, so a surrogate pair never breaks. */
function pieces(text: string, size: number): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let at = 0; at < points.length; at += size) out.push(points.slice(at, at + size).join(''));
  return out;
}

/** The case's text as an OpenAI-compatible server streams it: one SSE event per delta, then `stop` and the usage. */
function openAiStream(content: string, size: number): string {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({ id: 'chatcmpl-replay', object: 'chat.completion.chunk', created: 1, model: 'm', choices, ...extra })}\n\n`;
  const delta = (value: Record<string, unknown>): string => chunk([{ index: 0, delta: value, finish_reason: null }]);
  return [
    delta({ role: 'assistant', content: '' }),
    ...pieces(content, size).map((piece) => delta({ content: piece })),
    chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
    chunk([], { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }),
    'data: [DONE]\n\n',
  ].join('');
}

/** The case's text as Ollama streams it: one NDJSON line per delta, then the `done` line. */
function ollamaStream(content: string, size: number): string {
  const header = { model: 'm', created_at: '2026-01-01T00:00:00.000Z' };
  return [
    ...pieces(content, size).map((piece) => ({ ...header, message: { role: 'assistant', content: piece }, done: false })),
    { ...header, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', total_duration: 1_000_000, prompt_eval_count: 10, eval_count: 5 },
  ]
    .map((line) => `${JSON.stringify(line)}\n`)
    .join('');
}

export interface ReplayGateway {
  /** The host's base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly upstream: UpstreamKind;
  /** Chat requests the upstream received for a replay key. */
  upstreamRequests(key: string): number;
  close(): Promise<void>;
}

/**
 * A real host (`startHost`, as the `acode-host` binary starts it, logging warnings only: a debug
 * line per request over thousands of requests would time the logger) whose gateway's upstream is
 * a scripted model server answering every replay key with its case's text: whole as the server's
 * own completion, streamed as SSE or NDJSON with deltas of the mode's size (the body goes out in
 * one write, but the gateway's stream reader hands on each event's delta by itself, so the
 * holdback still sees the text in pieces of that size). One attempt (`max_retries: 1` counts the
 * first), so a call the gateway cannot read is not asked again and the replay sees what one
 * answer gives.
 */
export async function startReplayGateway(corpus: readonly CorpusFile[], upstream: UpstreamKind): Promise<ReplayGateway> {
  const contents = new Map<string, string>();
  for (const { file, cases } of corpus) for (const item of cases) contents.set(`${file}/${item.id}`, item.content);
  const counts = new Map<string, number>();
  const model: ScriptedModelServer = await startScriptedModelServer({
    recordRequests: false,
    script: (request): ScriptStep => {
      const key = userText(request.body);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const [, , reference = '', mode = ''] = key.split(' ');
      const content = contents.get(reference);
      if (content === undefined) return { kind: 'http_error', status: 500, message: `no corpus case for ${JSON.stringify(key)}` };
      if (mode === 'whole') return { kind: 'text', content };
      const size = Number(mode);
      return upstream === 'ollama'
        ? { kind: 'raw', status: 200, contentType: 'application/x-ndjson', body: ollamaStream(content, size) }
        : { kind: 'raw', status: 200, contentType: 'text/event-stream', body: openAiStream(content, size) };
    },
  });
  const baseUrl = upstream === 'ollama' ? model.url : `${model.url}/v1`;
  const config = [
    'model:',
    '  providers:',
    '    scripted:',
    `      type: ${upstream}`,
    `      base_url: ${baseUrl}`,
    '      tool_call:',
    '        max_retries: 1',
    '        retry_delay_ms: 0',
    'gateway:',
    '  upstream:',
    '    provider: scripted',
    '  on_invalid: pass_through',
    '  timeout_ms: 10000',
    '',
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'acode-text-call-replay-'));
  try {
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent', 'config.yml'), config);
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const host = await startHost({ port: 0, address: '127.0.0.1', logLevel: 'warn', logFormat: 'json', logStream: discard, cwd: dir, homeDir: dir });
    return {
      url: host.url,
      upstream,
      upstreamRequests: (key) => counts.get(key) ?? 0,
      async close() {
        await host.stop('replay done');
        await model.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await model.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The first user message's text of a chat request body, on either wire. */
function userText(body: unknown): string {
  const messages = (body as { messages?: ReadonlyArray<{ role?: unknown; content?: unknown }> } | undefined)?.messages ?? [];
  const first = messages.find((message) => message.role === 'user');
  return typeof first?.content === 'string' ? first.content : '';
}

/** What a client gets from the gateway for one case, on either wire, folded as its client folds it. */
export interface ReplayOutcome {
  readonly status: number;
  readonly calls: CorpusCall[];
  readonly content: string;
  readonly reasoning: string;
  /** OpenAI's `finish_reason`, Ollama's `done_reason`. */
  readonly finish: string | null;
  /** The error body when the status is not 200. */
  readonly error?: unknown;
}

export type GatewayRoute = '/v1/chat/completions' | '/api/chat';

/** Asks the gateway for one case's answer on `route`, declaring `tools`, and folds what comes back. */
export async function replay(baseUrl: string, route: GatewayRoute, key: string, tools: readonly WireTool[], stream: boolean): Promise<ReplayOutcome> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: key }], ...(tools.length === 0 ? {} : { tools }), stream }),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, calls: [], content: '', reasoning: '', finish: null, error: parseOr(text) };
  if (route === '/v1/chat/completions') return stream ? foldOpenAiStream(text) : openAiWhole(text);
  return foldOllama(stream ? text.split('\n').filter((line) => line.trim() !== '') : [text]);
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface OpenAiToolCall {
  readonly id?: string;
  readonly index?: number;
  readonly function?: { readonly name?: string; readonly arguments?: string };
}

/** OpenAI's arguments are JSON text: parsed, or kept as the text when they are not JSON (so the diff shows it). */
function openAiArguments(text: string | undefined): Record<string, unknown> {
  const parsed = parseOr(text ?? '');
  return parsed as Record<string, unknown>;
}

function openAiWhole(text: string): ReplayOutcome {
  const body = JSON.parse(text) as {
    choices: Array<{ message: { content: string | null; reasoning_content?: string; tool_calls?: OpenAiToolCall[] }; finish_reason: string | null }>;
  };
  const choice = body.choices[0];
  return {
    status: 200,
    calls: (choice?.message.tool_calls ?? []).map((call) => ({ name: call.function?.name ?? '', arguments: openAiArguments(call.function?.arguments) })),
    content: choice?.message.content ?? '',
    reasoning: choice?.message.reasoning_content ?? '',
    finish: choice?.finish_reason ?? null,
  };
}

/** An SSE answer folded as the openai client folds it: text concatenated, each call's pieces joined by index. */
function foldOpenAiStream(text: string): ReplayOutcome {
  let content = '';
  let reasoning = '';
  let finish: string | null = null;
  const calls: Array<{ name: string; arguments: string }> = [];
  for (const event of text.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice('data:'.length).trimStart())
      .join('\n');
    if (data === '' || data === '[DONE]') continue;
    const chunk = JSON.parse(data) as {
      choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string; tool_calls?: OpenAiToolCall[] }; finish_reason?: string | null }>;
    };
    const choice = chunk.choices?.[0];
    if (choice === undefined) continue;
    content += choice.delta?.content ?? '';
    reasoning += choice.delta?.reasoning_content ?? '';
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = (calls[delta.index ?? 0] ??= { name: '', arguments: '' });
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    finish = choice.finish_reason ?? finish;
  }
  return { status: 200, calls: calls.map((call) => ({ name: call.name, arguments: openAiArguments(call.arguments) })), content, reasoning, finish };
}

/** Ollama lines (one for a whole answer) folded into one message. */
function foldOllama(lines: readonly string[]): ReplayOutcome {
  let content = '';
  let reasoning = '';
  let finish: string | null = null;
  const calls: CorpusCall[] = [];
  for (const line of lines) {
    const part = JSON.parse(line) as {
      message?: { content?: string; thinking?: string; tool_calls?: Array<{ function: { name: string; arguments: Record<string, unknown> } }> };
      done?: boolean;
      done_reason?: string;
    };
    content += part.message?.content ?? '';
    reasoning += part.message?.thinking ?? '';
    for (const call of part.message?.tool_calls ?? []) calls.push({ name: call.function.name, arguments: call.function.arguments });
    if (part.done === true) finish = part.done_reason ?? null;
  }
  return { status: 200, calls, content, reasoning, finish };
}
