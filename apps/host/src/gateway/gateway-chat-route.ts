import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatResponse, JsonValue } from '@acode/domain';
import { ERROR_CODES } from '@acode/domain';
import {
  ollamaChatChunks,
  ollamaChatResponse,
  openAiChatChunks,
  openAiChatCompletion,
  readOllamaChatRequest,
  readOpenAiChatRequest,
  runGatewayChat,
  type GatewayAnswer,
  type GatewayChatAnswer,
  type GatewayRequest,
  type GatewayWire,
} from '@acode/infrastructure/gateway';
import { jsonResponse, type HostResponse } from '../http/host-response.js';
import { readBoundedBody } from '../http/read-body.js';
import { gatewayError, requestRefused } from './gateway-errors.js';
import { GatewayRequestMetrics } from './gateway-metrics.js';
import { GatewayStreamWriter, type StreamIdentity } from './gateway-stream-writer.js';
import type { HostGatewayOptions } from './host-gateway.js';

/** Strict decoder: invalid byte sequences are refused, not replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `POST /v1/chat/completions` (`wire: 'openai'`) and `POST /api/chat` (`wire: 'ollama'`): reads
 * the body (bounded), the request and its tools' contract, runs the gateway pipeline against the
 * upstream, and answers in the client's wire. A streamed request streams from the upstream too:
 * its text is forwarded as it arrives (but for what may be a call written in it), its calls once
 * decided, a retry in the same client stream ({@link GatewayStreamWriter}). Returns the whole
 * answer for the server to write, or `undefined` once it wrote a stream itself or the client is gone.
 */
export async function serveGatewayChat(
  wire: GatewayWire,
  req: IncomingMessage,
  res: ServerResponse,
  correlationId: string,
  signal: AbortSignal,
  options: HostGatewayOptions,
): Promise<HostResponse | undefined> {
  const started = performance.now();
  const base = { 'x-acode-correlation-id': correlationId, 'x-acode-repairs': '', 'x-acode-attempts': '0' };
  const metrics = new GatewayRequestMetrics(options.metrics, wire === 'openai' ? 'openai_chat' : 'ollama_chat');

  const body = await readBoundedBody(req, options.maxBodyBytes);
  if (!body.ok && body.reason === 'aborted') {
    metrics.finish('cancelled');
    return undefined;
  }
  if (!body.ok) {
    metrics.finish('invalid_request');
    return gatewayError(wire, {
      status: 413,
      code: ERROR_CODES.GATEWAY_REQUEST_INVALID,
      message: `The body exceeds the gateway's limit of ${options.maxBodyBytes} bytes (gateway.max_body_bytes)`,
      type: 'invalid_request_error',
      headers: base,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(UTF8.decode(body.body));
  } catch (error) {
    // The parser's own message quotes the body: not echoed.
    const message = error instanceof TypeError ? 'The body is not valid UTF-8 text' : 'The body is not valid JSON';
    metrics.finish('invalid_request');
    return requestRefused(wire, [{ code: ERROR_CODES.GATEWAY_REQUEST_INVALID, message }], base);
  }
  const reading = wire === 'openai' ? readOpenAiChatRequest(value) : readOllamaChatRequest(value);
  if (!reading.ok) {
    metrics.finish('invalid_request');
    return requestRefused(wire, [reading.error], base);
  }
  const { request } = reading;
  const contract = options.contracts.get(request.tools, { strict: options.strict });
  if (!contract.ok) {
    metrics.finish('invalid_request');
    return requestRefused(wire, contract.errors, base);
  }

  const identity: StreamIdentity = {
    id: `chatcmpl-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    created: Math.floor(Date.now() / 1000),
    createdAt: new Date(),
    model: request.model,
    includeUsage: isIncludeUsage(request.parameters['stream_options']),
  };
  const writer = request.stream ? new GatewayStreamWriter(wire, res, identity, base, options.keepAliveMs) : undefined;
  let result: Awaited<ReturnType<typeof runGatewayChat>>;
  try {
    result = await runGatewayChat(
      { request, contract: contract.contract, signal, correlationId, ...(writer === undefined ? {} : { stream: { onContent: (text: string) => writer.content(text) } }) },
      { upstream: metrics.timed(options.upstream), logger: options.logger, ...(options.toolCallSettings === undefined ? {} : { settings: options.toolCallSettings }), ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }) },
    );
  } finally {
    writer?.stop();
  }
  if (result.kind === 'cancelled' || signal.aborted) {
    // Nobody is left to answer: the connection is closed, not kept for an answer that never comes.
    res.destroy();
    metrics.finish('cancelled', { attempts: result.kind === 'answer' ? result.report.attempts : result.attempts });
    options.logger.debug('Gateway request cancelled: the client hung up', { event: 'GatewayCancelled', correlation_id: correlationId, attempts: result.kind === 'answer' ? result.report.attempts : result.attempts });
    return undefined;
  }
  if (result.kind !== 'answer') {
    const status = result.kind === 'upstream_timeout' ? 504 : 502;
    metrics.finish('upstream_error', { attempts: result.attempts });
    options.logger.warn(`Gateway upstream failed: ${result.message}`, {
      event: 'GatewayUpstreamFailed',
      correlation_id: correlationId,
      error_code: result.code,
      kind: result.kind,
      ...(result.status === undefined ? {} : { upstream_status: result.status }),
    });
    const type = result.kind === 'upstream_timeout' ? 'timeout' : 'upstream_error';
    if (writer?.started === true) {
      writer.fail({ code: result.code, message: result.message, type }, { 'x-acode-attempts': String(result.attempts), 'x-acode-outcome': 'upstream_error' });
      return undefined;
    }
    return gatewayError(wire, { status, code: result.code, message: result.message, type, headers: { ...base, 'x-acode-attempts': String(result.attempts) } });
  }

  const { report } = result;
  const headers: Record<string, string> = {
    ...base,
    'x-acode-repairs': report.repairs.join(','),
    'x-acode-attempts': String(report.attempts),
    'x-acode-outcome': report.outcome,
  };
  options.logger.debug(`Gateway ${wire} answer: ${report.outcome} after ${report.attempts} upstream request(s)`, {
    event: 'GatewayAnswered',
    correlation_id: correlationId,
    wire,
    outcome: report.outcome,
    attempts: report.attempts,
    repairs: report.repairs.join(','),
  });

  const recordAnswer = (): void =>
    metrics.finish(report.outcome, { attempts: report.attempts, repairs: report.repairs, earlyAborts: report.earlyAborts, tokensSaved: report.tokensSaved });
  if (report.outcome === 'failed') {
    const invalid = report.invalid ?? [];
    const codes = [...new Set(invalid.map((problem) => problem.code))].join(',');
    if (options.onInvalid === 'error') {
      const first = invalid[0];
      recordAnswer();
      const code = first?.code ?? ERROR_CODES.GATEWAY_REQUEST_INVALID;
      const message = `The model's tool call is still invalid after ${report.attempts} upstream request(s): ${invalid.map((problem) => `${problem.code}: ${problem.message}`).join('; ')}`;
      if (writer?.started === true) {
        writer.fail({ code, message, type: 'invalid_tool_call' }, { ...headers, 'x-acode-invalid': codes });
        return undefined;
      }
      return gatewayError(wire, {
        status: 422,
        code,
        message,
        type: 'invalid_tool_call',
        errors: invalid.map((problem) => ({ code: problem.code, message: problem.message })),
        headers: { ...headers, 'x-acode-invalid': codes },
      });
    }
    const answer = respond(wire, request, passThroughAnswer(result, writer?.started === true), { ...headers, 'x-acode-invalid': codes }, started, identity, writer);
    recordAnswer();
    return answer;
  }
  const answer = respond(wire, request, checkedAnswer(result), headers, started, identity, writer);
  recordAnswer();
  return answer;
}

/** What goes to the client: the checked answer, or the upstream's last one as it came (pass-through of an invalid answer). */
type ClientAnswer = { readonly kind: 'checked'; readonly answer: GatewayAnswer } | { readonly kind: 'raw'; readonly answer: GatewayAnswer; readonly response: ChatResponse };

function passThroughAnswer(result: GatewayChatAnswer, streamStarted: boolean): ClientAnswer {
  const last = result.lastUpstreamAnswer;
  return {
    kind: 'raw',
    response: last,
    // A stream that began carries the first answer's text already: only what it held is left to send.
    answer: { model: last.model || result.answer.model, content: streamStarted ? (result.unsentContent ?? '') : last.content, toolCalls: [], finishReason: last.finishReason ?? 'stop', usage: result.answer.usage },
  };
}

/** The checked answer, its text cut to what a stream that began has not sent. */
function checkedAnswer(result: GatewayChatAnswer): ClientAnswer {
  return { kind: 'checked', answer: result.unsentContent === undefined ? result.answer : { ...result.answer, content: result.unsentContent } };
}

function respond(
  wire: GatewayWire,
  request: GatewayRequest,
  client: ClientAnswer,
  headers: Record<string, string>,
  started: number,
  identity: StreamIdentity,
  writer: GatewayStreamWriter | undefined,
): HostResponse | undefined {
  const { id, created } = identity;
  const ollamaOptions = { createdAt: identity.createdAt, totalDurationNs: Math.round((performance.now() - started) * 1e6) };
  if (!request.stream) {
    if (wire === 'openai') {
      const completion = openAiChatCompletion(client.answer, { id, created });
      return jsonResponse(200, client.kind === 'raw' ? withRawOpenAiCalls(completion, client.response) : completion, headers);
    }
    const whole = ollamaChatResponse(client.answer, ollamaOptions);
    return jsonResponse(200, client.kind === 'raw' ? withRawOllamaCalls(whole, client.response) : whole, headers);
  }
  let lines: string[];
  if (wire === 'openai') {
    const includeUsage = identity.includeUsage;
    lines = openAiChatChunks(client.answer, { id, created, includeUsage, omitRole: writer?.sentContent === true });
    if (client.kind === 'raw') lines = withRawOpenAiChunk(lines, client.response, id, created, client.answer.model);
  } else {
    lines = ollamaChatChunks(client.answer, ollamaOptions);
    if (client.kind === 'raw') lines = withRawOllamaChunk(lines, client.response);
  }
  // A streamed request always has its writer: it sends the stream whole when nothing went out yet.
  writer?.finish(lines, headers);
  return undefined;
}

function isIncludeUsage(value: JsonValue | undefined): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && value['include_usage'] === true;
}

/** An upstream call as OpenAI writes it: arguments as the text the model sent. */
function rawOpenAiCalls(response: ChatResponse, completionId: string) {
  return response.toolCalls.map((call, index) => ({
    id: call.id ?? `call_${completionId.slice(-8)}_${index}`,
    type: 'function' as const,
    function: { name: typeof call.name === 'string' ? call.name : '', arguments: typeof call.arguments === 'string' ? call.arguments : (JSON.stringify(call.arguments ?? {}) ?? '{}') },
  }));
}

function withRawOpenAiCalls<T extends { id: string; choices: readonly [{ message: object; finish_reason: string }] }>(completion: T, response: ChatResponse): T {
  const calls = rawOpenAiCalls(response, completion.id);
  if (calls.length === 0) return completion;
  const [choice] = completion.choices;
  const content = response.content === '' ? null : response.content;
  return { ...completion, choices: [{ ...choice, message: { ...choice.message, content, tool_calls: calls }, finish_reason: 'tool_calls' }] };
}

function withRawOllamaCalls<T extends { message: object }>(whole: T, response: ChatResponse): T {
  const calls = response.toolCalls.map((call) => ({ function: { name: typeof call.name === 'string' ? call.name : '', arguments: call.arguments ?? {} } }));
  return calls.length === 0 ? whole : { ...whole, message: { ...whole.message, tool_calls: calls } };
}

/** The raw calls as one more chunk before the finish reason of an OpenAI stream. */
function withRawOpenAiChunk(lines: string[], response: ChatResponse, id: string, created: number, model: string): string[] {
  const calls = rawOpenAiCalls(response, id);
  if (calls.length === 0) return lines;
  const events = calls.map(
    (call, index) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { tool_calls: [{ index, ...call }] }, finish_reason: null, logprobs: null }] })}\n\n`,
  );
  const finish = lines.findIndex((line) => line.includes('"finish_reason":"'));
  const at = finish === -1 ? lines.length - 1 : finish;
  const patched = lines.map((line, index) => (index === at ? line.replace(/"finish_reason":"[a-z_]+"/, '"finish_reason":"tool_calls"') : line));
  return [...patched.slice(0, at), ...events, ...patched.slice(at)];
}

/** The raw calls on a `done: false` line before Ollama's final one. */
function withRawOllamaChunk(lines: string[], response: ChatResponse): string[] {
  const calls = response.toolCalls.map((call) => ({ function: { name: typeof call.name === 'string' ? call.name : '', arguments: call.arguments ?? {} } }));
  if (calls.length === 0) return lines;
  const last = JSON.parse(lines[lines.length - 1]!) as { model: string; created_at: string };
  const line = `${JSON.stringify({ model: last.model, created_at: last.created_at, message: { role: 'assistant', content: '', tool_calls: calls }, done: false })}\n`;
  return [...lines.slice(0, -1), line, lines[lines.length - 1]!];
}
