import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import type { FrontError, GatewayFront, GatewayRequestError } from '@acode/infrastructure/gateway';
import { startOfSentence } from '@acode/infrastructure/model-clients';
import { jsonReply, type GatewayReply } from './gateway-reply.js';

/** The kind of a gateway refusal, in OpenAI's terms (each front maps it onto its own). */
export type OpenAiErrorType = FrontError['type'];

/** Details of one gateway error, before it takes its route's shape. */
export interface GatewayErrorDetails {
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly message: string;
  readonly type: OpenAiErrorType;
  /** JSON Pointer of the offending request field (OpenAI's `param`). */
  readonly param?: string;
  /** Extra problems (every GTW-002 of a tool list, every invalid call). */
  readonly errors?: ReadonlyArray<{ readonly code: string; readonly message: string; readonly field?: string }>;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An error in the front's own shape, so a client's SDK reads it as it reads its server's (OpenAI
 * `{ error: { message, type, code, param } }`, Ollama `{ error: "..." }`, Anthropic
 * `{ type: "error", error: { type, message } }`).
 */
export function gatewayError(front: GatewayFront, details: GatewayErrorDetails): GatewayReply {
  const { headers, ...error } = details;
  return jsonReply(details.status, front.error({ ...error, code: String(error.code) }), headers);
}

/** A request refused before the upstream saw it (ACODE-GTW-001 / 002): 400. */
export function requestRefused(front: GatewayFront, errors: readonly GatewayRequestError[], headers: Readonly<Record<string, string>>): GatewayReply {
  const first = errors[0]!;
  const message = errors.map((error) => (error.field === undefined ? error.message : `${error.message} (at ${error.field})`)).join('; ');
  return gatewayError(front, {
    status: 400,
    code: first.code,
    message,
    type: 'invalid_request_error',
    ...(first.field === undefined ? {} : { param: first.field }),
    ...(errors.length > 1 ? { errors: errors.map((error) => ({ code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) })) } : {}),
    headers,
  });
}

/** 413 ACODE-GTW-001 in the route's shape: the body passed `gateway.max_body_bytes`. */
export function bodyTooLarge(front: GatewayFront, maxBodyBytes: number, headers: Readonly<Record<string, string>>): GatewayReply {
  return gatewayError(front, {
    status: 413,
    code: ERROR_CODES.GATEWAY_REQUEST_INVALID,
    message: `The body exceeds the gateway's limit of ${maxBodyBytes} bytes (gateway.max_body_bytes)`,
    type: 'invalid_request_error',
    headers,
  });
}

/** 408 ACODE-GTW-005 in the route's shape: the body did not arrive within `gateway.body_timeout_ms`. */
export function bodyTimedOut(front: GatewayFront, bodyTimeoutMs: number, headers: Readonly<Record<string, string>>): GatewayReply {
  return gatewayError(front, {
    status: 408,
    code: ERROR_CODES.GATEWAY_DEADLINE,
    message: `The request body did not arrive within ${bodyTimeoutMs} ms (gateway.body_timeout_ms); the connection is closed`,
    type: 'timeout',
    headers,
  });
}

/**
 * The message of ACODE-GTW-005 for a request that outlived `gateway.request_timeout_ms`: the
 * upstream was too slow, so it is named (with its address when the caller has it, as
 * `serverAt` words it), not the gateway.
 */
export function deadlineMessage(requestTimeoutMs: number, upstream = 'the upstream model server'): string {
  return `${startOfSentence(upstream)} did not finish answering within ${requestTimeoutMs} ms, the gateway's limit for a request, retries included (gateway.request_timeout_ms); its request was stopped`;
}

/** 504 ACODE-GTW-005 in the route's shape: the request outlived `gateway.request_timeout_ms`; `upstream` as {@link deadlineMessage} takes it. */
export function deadlineExceeded(front: GatewayFront, requestTimeoutMs: number, headers: Readonly<Record<string, string>>, upstream?: string): GatewayReply {
  return gatewayError(front, { status: 504, code: ERROR_CODES.GATEWAY_DEADLINE, message: deadlineMessage(requestTimeoutMs, upstream), type: 'timeout', headers });
}

/**
 * 504 ACODE-GTW-005 for a request whose deadline passed before the upstream was asked (its body
 * arriving, or its turn for an upstream slot): the upstream is not the slow one there.
 */
export function deadlineBeforeUpstream(front: GatewayFront, requestTimeoutMs: number, headers: Readonly<Record<string, string>>, waitingFor: 'body' | 'slot'): GatewayReply {
  const cause = waitingFor === 'body' ? 'its body was still arriving' : 'it was still waiting for one of the gateway\'s upstream slots (gateway.max_concurrent_upstream)';
  return gatewayError(front, {
    status: 504,
    code: ERROR_CODES.GATEWAY_DEADLINE,
    message: `The request outlived the gateway's limit of ${requestTimeoutMs} ms for a request (gateway.request_timeout_ms) before the upstream model server was asked: ${cause}`,
    type: 'timeout',
    headers,
  });
}

/** 503 ACODE-GTW-004 in the front's shape, with `retry-after: 1`. */
export function gatewayBusy(front: GatewayFront, correlationId: string, limit: number): GatewayReply {
  return gatewayError(front, {
    status: 503,
    code: ERROR_CODES.GATEWAY_BUSY,
    message: `The gateway is serving ${limit} upstream request(s) (gateway.max_concurrent_upstream) and as many are waiting; retry shortly`,
    type: 'overloaded_error',
    headers: { 'retry-after': '1', 'x-acode-correlation-id': correlationId },
  });
}
