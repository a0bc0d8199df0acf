import { randomUUID } from 'node:crypto';
import type { JsonValue } from '@acode/domain';
import { ERROR_CODES } from '@acode/domain';
import {
  AnswerBudget,
  refusedCallsText,
  runGatewayChat,
  type AnswerIdentity,
  type GatewayAnswer,
  type GatewayChatAnswer,
  type GatewayFront,
  type GatewayRequest,
  type RefusedCall,
  type ToolContractWarning,
} from '@acode/infrastructure/gateway';
import { resolveModel, type ModelMapping } from '@acode/infrastructure/config';
import { jsonReply, type GatewayReply } from './gateway-reply.js';
import { parseJsonBody } from './parse-json-body.js';
import { deadlineExceeded, deadlineMessage, gatewayError, requestRefused } from './gateway-errors.js';
import { GatewayRequestMetrics } from './gateway-metrics.js';
import { GatewayStreamWriter } from './gateway-stream-writer.js';
import type { FrontExchange, GatewayOptions } from './gateway-options.js';
import { deadlinePassed } from './request-deadline.js';
import { toolWarningsHeader } from './tool-warnings-header.js';
import { continueConversation, keepResponse } from './responses-conversation.js';


/**
 * The checked routes of every front (`POST /v1/chat/completions`, `POST /api/chat`,
 * `POST /v1/messages`, `POST /v1/responses`): reads the request from its body (read, bounded, before a slot was
 * taken) and its tools' contract, runs the gateway pipeline against the upstream, and answers in
 * the client's wire (its {@link GatewayFront}). A streamed request streams from the upstream too: its text is forwarded as
 * it arrives (but for what may be a call written in it), its calls once decided, a retry in the
 * same client stream ({@link GatewayStreamWriter}). The upstream requests stop when the client
 * hangs up or the request's deadline passes: then a 504 ACODE-GTW-005, or an error event once the
 * stream began. A call refused (too large, cut, still invalid) is never handed over as
 * a call: `on_invalid: error` answers 422 (an error event once streaming), `pass_through` the
 * valid calls of the answer as calls and the refused ones as text ({@link refusedCallsText}) with
 * `x-acode-invalid`. Problems of the request's tools are warnings (`x-acode-warnings`), never a refusal. Returns the whole
 * answer for the server to write, or `undefined` once it wrote a stream itself or the client is gone.
 */
export async function serveFront(front: GatewayFront, exchange: FrontExchange, options: GatewayOptions): Promise<GatewayReply | undefined> {
  const { sink, correlationId, deadline, body } = exchange;
  // Aborts when the client hangs up or the deadline passes; `deadlinePassed` tells which.
  const signal = AbortSignal.any([exchange.gone, deadline.signal]);
  const started = performance.now();
  const base: Record<string, string> = { 'x-acode-correlation-id': correlationId, 'x-acode-repairs': '', 'x-acode-attempts': '0' };
  const metrics = new GatewayRequestMetrics(options.metrics, front.name);

  const parsed = parseJsonBody(body);
  if (!parsed.ok) {
    metrics.finish('invalid_request');
    return requestRefused(front, [parsed.error], base);
  }
  const reading = front.read(parsed.value, { storedResponse: (id) => options.responses?.get(id)?.response });
  if (!reading.ok) {
    metrics.finish('invalid_request');
    return requestRefused(front, [reading.error], base);
  }
  const continued = continueConversation(reading.request, options.responses);
  if (!continued.ok) {
    metrics.finish('invalid_request');
    return requestRefused(front, [continued.error], base);
  }
  const request = continued.request;
  const contract = options.contracts.get(request.tools, { strict: options.strict });
  if (!contract.ok) {
    metrics.finish('invalid_request');
    return requestRefused(front, contract.errors, base);
  }
  const warnings: ToolContractWarning[] = [
    ...(request.ignoredTools ?? []).map((ignored) => ({
      code: ERROR_CODES.GATEWAY_TOOL_LOOSE,
      field: ignored.field,
      message: `A tool of type ${ignored.type} is not a function tool: left out of the upstream request`,
      unchecked: true,
    })),
    ...contract.contract.warnings,
  ];
  const warningsHeader = toolWarningsHeader(warnings);
  if (warningsHeader !== undefined) {
    // Told, never refused: the upstream would take these tools, so the gateway does too.
    base['x-acode-warnings'] = warningsHeader;
    metrics.toolWarnings(warnings);
    options.logger.info(`Gateway took ${warnings.length} tool problem(s) as warnings: ${warnings.map((found) => `${found.field}: ${found.message}`).join('; ')}`, {
      event: 'GatewayToolWarnings',
      correlation_id: correlationId,
      error_code: ERROR_CODES.GATEWAY_TOOL_LOOSE,
      warnings: warnings.length,
      unchecked: warnings.filter((found) => found.unchecked).length,
    });
  }

  const identity: AnswerIdentity = {
    id: `${front.idPrefix}${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    created: Math.floor(Date.now() / 1000),
    createdAt: new Date(),
    model: request.model,
    includeUsage: isIncludeUsage(request.parameters['stream_options']),
  };
  // What this request's answers may hold in memory, drawn from the host's pool; given back once the response is over.
  const memory = new AnswerBudget(options.maxBufferedBytes, options.memoryPool, options.upstream.provider);
  sink.onClose(() => memory.close());
  const writer = request.stream ? new GatewayStreamWriter(front.stream(identity, request), sink, base, options.keepAliveMs, front.name === 'openai_responses' && request.store !== false) : undefined;
  let result: Awaited<ReturnType<typeof runGatewayChat>>;
  try {
    result = await runGatewayChat(
      {
        request: upstreamRequest(request, options.models),
        contract: contract.contract,
        signal,
        correlationId,
        memory,
        route: front.name,
        ...(writer === undefined ? {} : { stream: { onContent: (text: string) => writer.content(text), readyForMore: () => writer.readyForMore() } }),
      },
      { upstream: metrics.timed(options.upstream), logger: options.logger, ...(options.toolCallSettings === undefined ? {} : { settings: options.toolCallSettings }), ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }) },
    );
  } finally {
    writer?.stop();
  }
  if (result.kind === 'cancelled' && deadlinePassed(signal)) {
    // Out of time, not abandoned: the client is told, never left with a silent close.
    const decided = { 'x-acode-attempts': String(result.attempts), 'x-acode-outcome': 'deadline' };
    metrics.finish('deadline', { attempts: result.attempts });
    const timeoutMs = deadline.timeoutMs;
    options.logger.warn(`Gateway request stopped: ${deadlineMessage(timeoutMs, options.upstreamName)}`, { event: 'GatewayDeadline', correlation_id: correlationId, error_code: ERROR_CODES.GATEWAY_DEADLINE, attempts: result.attempts });
    if (writer?.started === true) {
      writer.fail({ status: 504, code: ERROR_CODES.GATEWAY_DEADLINE, message: deadlineMessage(timeoutMs, options.upstreamName), type: 'timeout' }, decided);
      return undefined;
    }
    return deadlineExceeded(front, timeoutMs, { ...base, ...decided }, options.upstreamName);
  }
  // A deadline that passed once the answer was decided stops nothing: the answer goes out.
  if (result.kind === 'cancelled' || (signal.aborted && !deadlinePassed(signal))) {
    // Nobody is left to answer: the connection is closed, not kept for an answer that never comes.
    sink.destroy();
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
      writer.fail({ status, code: result.code, message: result.message, type }, { 'x-acode-attempts': String(result.attempts), 'x-acode-outcome': 'upstream_error' });
      return undefined;
    }
    return gatewayError(front, { status, code: result.code, message: result.message, type, headers: { ...base, 'x-acode-attempts': String(result.attempts) } });
  }

  const { report } = result;
  const headers: Record<string, string> = {
    ...base,
    'x-acode-repairs': report.repairs.join(','),
    'x-acode-attempts': String(report.attempts),
    'x-acode-outcome': report.outcome,
  };
  options.logger.debug(`Gateway ${front.name} answer: ${report.outcome} after ${report.attempts} upstream request(s)`, {
    event: 'GatewayAnswered',
    correlation_id: correlationId,
    route: front.name,
    outcome: report.outcome,
    attempts: report.attempts,
    repairs: report.repairs.join(','),
  });

  const refused = report.outcome === 'failed' ? (report.invalid ?? []) : [];
  const recordAnswer = (): void =>
    metrics.finish(report.outcome, {
      attempts: report.attempts,
      repairs: report.repairs,
      earlyAborts: report.earlyAborts,
      tokensSaved: report.tokensSaved,
      refused: refused.map((call) => call.reason),
    });
  if (report.outcome === 'failed') {
    const codes = [...new Set(refused.map((problem) => problem.code))].join(',');
    options.logger.warn(`Gateway refused ${refused.length} tool call(s) after ${report.attempts} upstream request(s): ${codes}`, {
      event: 'GatewayCallsRefused',
      correlation_id: correlationId,
      error_code: ERROR_CODES.GATEWAY_CALL_REFUSED,
      invalid: codes,
      on_invalid: options.onInvalid,
    });
    if (options.onInvalid === 'error') {
      const first = refused[0];
      recordAnswer();
      const code = first?.code ?? ERROR_CODES.GATEWAY_REQUEST_INVALID;
      const message = `The model's tool call is still invalid after ${report.attempts} upstream request(s): ${refused.map((problem) => `${problem.code}: ${problem.message}`).join('; ')}`;
      if (writer?.started === true) {
        writer.fail({ status: 422, code, message, type: 'invalid_tool_call' }, { ...headers, 'x-acode-invalid': codes });
        return undefined;
      }
      return gatewayError(front, {
        status: 422,
        code,
        message,
        type: 'invalid_tool_call',
        errors: refused.map((problem) => ({ code: problem.code, message: problem.message })),
        headers: { ...headers, 'x-acode-invalid': codes },
      });
    }
    const answer = respond(front, request, refusedAnswer(result, refused, codes, writer?.sentContent === true), { ...headers, 'x-acode-invalid': codes }, started, identity, writer, options);
    recordAnswer();
    return answer;
  }
  const answer = respond(front, request, result.answer, headers, started, identity, writer, options);
  recordAnswer();
  return answer;
}

/**
 * `on_invalid: pass_through` of a failed answer: the valid calls as calls (finish reason
 * `tool_calls`), the refused ones never, but as text the client can read
 * ({@link refusedCallsText}) after the answer's text; `stop` when no call was valid. A stream
 * that began carries the first answer's text already: only what it held is left to send.
 */
function refusedAnswer(result: GatewayChatAnswer, refused: readonly RefusedCall[], codes: string, textSent: boolean): GatewayAnswer {
  const text = result.answer.content;
  const block = refusedCallsText(refused, codes);
  const toolCalls = result.answer.toolCalls;
  return { ...result.answer, content: text === '' && !textSent ? block : `${text}\n\n${block}`, toolCalls, finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' };
}

function respond(
  front: GatewayFront,
  request: GatewayRequest,
  answer: GatewayAnswer,
  headers: Record<string, string>,
  started: number,
  identity: AnswerIdentity,
  writer: GatewayStreamWriter | undefined,
  options: GatewayOptions,
): GatewayReply | undefined {
  const facts = { totalDurationNs: Math.round((performance.now() - started) * 1e6) };
  if (writer === undefined) {
    const body = front.answer(answer, identity, request, facts);
    keepResponse(front, request, answer, identity, options.responses, body);
    return jsonReply(200, body, headers);
  }
  writer.finish(answer, facts, headers);
  // Kept as it was streamed: a later GET returns the items in the order the client saw them.
  keepResponse(front, request, { ...answer, content: writer.sentText + answer.content }, identity, options.responses, writer.frontResponse);
  return undefined;
}

/** The request as the upstream gets it: the client's model name mapped by `gateway.models`. */
function upstreamRequest(request: GatewayRequest, models: readonly ModelMapping[] | undefined): GatewayRequest {
  const model = models === undefined ? request.model : resolveModel(models, request.model);
  return model === request.model ? request : { ...request, model };
}

function isIncludeUsage(value: JsonValue | undefined): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && value['include_usage'] === true;
}
