#!/usr/bin/env node
// A capture server for finding out what the real agents send: it logs every request (method, URL,
// headers, body) as one JSON file each under a directory, and answers minimally in the agent's own
// wire, so the agent goes on to its next request:
//   - Anthropic Messages (`POST /v1/messages…`, Claude Code): an SSE stream. When the request
//     declares the tool `anthropicTool` (default `Read`) and carries no tool_result yet, the
//     answer is a `tool_use` of that tool with the input `anthropicInput`; otherwise a text
//     answer, which echoes the last tool_result when there is one.
//   - OpenAI Responses (`POST …/responses`, Codex CLI): an SSE stream; the same scenario with a
//     `function_call` of `responsesTool` (default `exec_command`) and arguments `responsesInput`.
//   - `POST /v1/messages/count_tokens`: `{input_tokens: 10}`; `HEAD`/`GET` anything else: 200 `{}`
//     (`GET …/models`: a model list in both shapes).
//   - Given as an agent's HTTPS_PROXY / HTTP_PROXY, it also logs every CONNECT (where the agent
//     tries to go beyond the base URL) and refuses it.
// `minimal` drops every optional field and event of the streams, `drop` the named events,
// `contentType` sends another Content-Type: probes of what the agents need.
//
// Used by capture.mjs; or by hand, options from the environment (CAPTURE_TOOL, CAPTURE_INPUT as
// JSON, CAPTURE_MINIMAL=1, CAPTURE_DROP=type,type, CAPTURE_CONTENT_TYPE):
//   node e2e/agents/capture-server.mjs <log-dir> [port]   (prints `listening <port>` on stdout)
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {{ dir: string, port?: number, anthropicTool?: string, anthropicInput?: object, responsesTool?: string, responsesInput?: object,
 *           minimal?: boolean, drop?: readonly string[], contentType?: string, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, port: number, entries: object[], close: () => Promise<void> }>}
 */
export async function startCaptureServer(options) {
  const { dir, log = () => undefined } = options;
  const settings = {
    anthropicTool: options.anthropicTool ?? 'Read',
    anthropicInput: options.anthropicInput ?? { file_path: '/tmp/notes.txt' },
    responsesTool: options.responsesTool ?? 'exec_command',
    responsesInput: options.responsesInput ?? { cmd: 'cat /tmp/notes.txt' },
    minimal: options.minimal === true,
    drop: new Set(options.drop ?? []),
    contentType: options.contentType ?? 'text/event-stream',
  };
  mkdirSync(dir, { recursive: true });
  const entries = [];
  let n = 0;
  /** Keeps one exchange (with `answer`, what the server sent back) and writes it to `dir`. */
  const record = (number, entry, path) => {
    const full = { n: number, time: new Date().toISOString(), ...entry };
    entries.push(full);
    writeFileSync(join(dir, `${String(number).padStart(3, '0')}-${entry.method}-${path.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(full, null, 2));
    log(`${String(number).padStart(3, '0')} ${entry.method} ${entry.url}`);
  };

  const server = createServer((req, res) => {
    req.socket.on('error', () => undefined);
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        body = { unparsed: raw.slice(0, 2000) };
      }
      const url = req.url ?? '/';
      const path = url.split('?')[0];
      const number = n++;
      let answer;
      try {
        answer = route(req.method, path, body, res, number, settings);
      } catch (error) {
        answer = JSON.stringify({ error: String(error) });
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(answer);
      }
      record(number, { method: req.method, url, headers: req.headers, body, answer }, path);
    });
  });
  server.on('connect', (req, socket) => {
    socket.on('error', () => undefined);
    record(n++, { method: 'CONNECT', url: req.url, headers: req.headers }, req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = server.address().port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    entries,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function route(method, path, body, res, n, settings) {
  if (method === 'POST' && path === '/v1/messages') return anthropic(body, res, n, settings);
  if (method === 'POST' && path === '/v1/messages/count_tokens') return json(res, { input_tokens: 10 });
  if (method === 'POST' && path.endsWith('/responses')) return responses(body, res, n, settings);
  if (method === 'GET' && path.endsWith('/models')) {
    return json(res, { object: 'list', data: [{ id: 'capture-model', object: 'model', type: 'model', display_name: 'capture-model', created_at: '2025-01-01T00:00:00Z' }], models: [], has_more: false, first_id: 'capture-model', last_id: 'capture-model' });
  }
  if (method === 'HEAD') {
    res.writeHead(200);
    res.end();
    return '';
  }
  return json(res, {});
}

function json(res, value, status = 200) {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
  return text;
}

function sse(res, events, settings) {
  res.writeHead(200, { 'content-type': settings.contentType, 'cache-control': 'no-cache' });
  const text = events
    .filter(([, data]) => !settings.drop.has(data.type))
    .map(([event, data]) => `${event === null ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`)
    .join('');
  res.end(text);
  return text;
}

/** The text of the last tool result of an Anthropic conversation, or undefined. */
function lastToolResult(messages) {
  for (const message of [...(messages ?? [])].reverse()) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        return typeof block.content === 'string' ? block.content : block.content.map((part) => part.text ?? '').join('');
      }
    }
  }
  return undefined;
}

function anthropic(body, res, n, settings) {
  const { minimal } = settings;
  const model = body?.model ?? 'unknown';
  const id = `msg_capture${n}`;
  const hasTool = (body?.tools ?? []).some((tool) => tool.name === settings.anthropicTool);
  const result = lastToolResult(body?.messages);
  if (body?.stream !== true) {
    const text = result === undefined ? 'capture answer' : `The file says: ${result}`;
    return json(res, { id, type: 'message', role: 'assistant', model, content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } });
  }
  const start = minimal
    ? { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 0 } } }
    : { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } } };
  const events = [['message_start', start]];
  if (!minimal) events.push(['ping', { type: 'ping' }]);
  let stop;
  if (hasTool && result === undefined) {
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: `toolu_capture${n}`, name: settings.anthropicTool, input: {} } }]);
    const args = JSON.stringify(settings.anthropicInput);
    // In two pieces, split inside a key, as a real stream splits them.
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: args.slice(0, 5) } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: args.slice(5) } }]);
    events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
    stop = 'tool_use';
  } else {
    const text = result === undefined ? 'capture answer' : `The file says: ${result}`;
    events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]);
    events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }]);
    events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
    stop = 'end_turn';
  }
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return sse(res, events, settings);
}

/** The output of the last function_call_output of a Responses input, or undefined. */
function lastCallOutput(input) {
  if (!Array.isArray(input)) return undefined;
  for (const item of [...input].reverse()) {
    if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
      return typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
    }
  }
  return undefined;
}

function responses(body, res, n, settings) {
  const { minimal } = settings;
  const model = body?.model ?? 'unknown';
  const id = `resp_capture${n}`;
  const hasTool = (body?.tools ?? []).some((tool) => tool.name === settings.responsesTool);
  const result = lastCallOutput(body?.input);
  let seq = 0;
  const ev = (type, fields) => [minimal ? null : type, { type, ...(minimal ? {} : { sequence_number: seq++ }), ...fields }];
  const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, output: [] };
  const events = [ev('response.created', { response: { ...base, status: 'in_progress' } })];
  if (!minimal) events.push(ev('response.in_progress', { response: { ...base, status: 'in_progress' } }));
  let item;
  if (hasTool && result === undefined) {
    const args = JSON.stringify(settings.responsesInput);
    item = { type: 'function_call', id: `fc_capture${n}`, call_id: `call_capture${n}`, name: settings.responsesTool, arguments: args, status: 'completed' };
    if (!minimal) {
      events.push(ev('response.output_item.added', { output_index: 0, item: { ...item, arguments: '', status: 'in_progress' } }));
      events.push(ev('response.function_call_arguments.delta', { item_id: item.id, output_index: 0, delta: args }));
      events.push(ev('response.function_call_arguments.done', { item_id: item.id, output_index: 0, arguments: args }));
    }
  } else {
    const text = result === undefined ? 'capture answer' : `The file says: ${result}`;
    item = { type: 'message', id: `msg_capture${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
    if (!minimal) {
      events.push(ev('response.output_item.added', { output_index: 0, item: { ...item, content: [], status: 'in_progress' } }));
      events.push(ev('response.content_part.added', { item_id: item.id, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
      events.push(ev('response.output_text.delta', { item_id: item.id, output_index: 0, content_index: 0, delta: text }));
      events.push(ev('response.output_text.done', { item_id: item.id, output_index: 0, content_index: 0, text }));
      events.push(ev('response.content_part.done', { item_id: item.id, output_index: 0, content_index: 0, part: item.content[0] }));
    }
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }));
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  events.push(ev('response.completed', { response: { ...base, status: 'completed', output: [item], usage } }));
  return sse(res, events, settings);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const input = process.env.CAPTURE_INPUT ? JSON.parse(process.env.CAPTURE_INPUT) : undefined;
  const server = await startCaptureServer({
    dir: process.argv[2] ?? 'capture',
    port: Number(process.argv[3] ?? 0),
    ...(process.env.CAPTURE_TOOL ? { anthropicTool: process.env.CAPTURE_TOOL, responsesTool: process.env.CAPTURE_TOOL } : {}),
    ...(input ? { anthropicInput: input, responsesInput: input } : {}),
    minimal: process.env.CAPTURE_MINIMAL === '1',
    drop: (process.env.CAPTURE_DROP ?? '').split(',').filter(Boolean),
    ...(process.env.CAPTURE_CONTENT_TYPE ? { contentType: process.env.CAPTURE_CONTENT_TYPE } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`listening ${server.port}\n`);
}
