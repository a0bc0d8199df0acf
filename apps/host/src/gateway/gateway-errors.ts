import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import type { GatewayRequestError, GatewayWire } from '@acode/infrastructure/gateway';
import { jsonResponse, type HostResponse } from '../http/host-response.js';

/** OpenAI's `error.type` for each kind of gateway refusal. */
export type OpenAiErrorType = 'invalid_request_error' | 'invalid_tool_call' | 'upstream_error' | 'timeout';

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
 * An error in the route's own shape, so a client's SDK reads it as it reads its server's: OpenAI
 * `{ error: { message, type, code, param } }` (plus `errors` when there are several), Ollama
 * `{ error: "..." }`. The code leads Ollama's message, since its shape has no field for it.
 */
export function gatewayError(wire: GatewayWire, details: GatewayErrorDetails): HostResponse {
  if (wire === 'ollama') return jsonResponse(details.status, { error: `${details.code}: ${details.message}` }, details.headers);
  return jsonResponse(
    details.status,
    {
      error: {
        message: details.message,
        type: details.type,
        code: details.code,
        param: details.param ?? null,
        ...(details.errors === undefined ? {} : { errors: details.errors }),
      },
    },
    details.headers,
  );
}

/** A request refused before the upstream saw it (ACODE-GTW-001 / 002): 400. */
export function requestRefused(wire: GatewayWire, errors: readonly GatewayRequestError[], headers: Readonly<Record<string, string>>): HostResponse {
  const first = errors[0]!;
  const message = errors.map((error) => (error.field === undefined ? error.message : `${error.message} (at ${error.field})`)).join('; ');
  return gatewayError(wire, {
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
export function bodyTooLarge(wire: GatewayWire, maxBodyBytes: number, headers: Readonly<Record<string, string>>): HostResponse {
  return gatewayError(wire, {
    status: 413,
    code: ERROR_CODES.GATEWAY_REQUEST_INVALID,
    message: `The body exceeds the gateway's limit of ${maxBodyBytes} bytes (gateway.max_body_bytes)`,
    type: 'invalid_request_error',
    headers,
  });
}

/** 408 ACODE-GTW-005 in the route's shape: the body did not arrive within `gateway.body_timeout_ms`. */
export function bodyTimedOut(wire: GatewayWire, bodyTimeoutMs: number, headers: Readonly<Record<string, string>>): HostResponse {
  return gatewayError(wire, {
    status: 408,
    code: ERROR_CODES.GATEWAY_DEADLINE,
    message: `The request body did not arrive within ${bodyTimeoutMs} ms (gateway.body_timeout_ms); the connection is closed`,
    type: 'timeout',
    headers,
  });
}

/** The message of ACODE-GTW-005 for a request that outlived `gateway.request_timeout_ms`. */
export function deadlineMessage(requestTimeoutMs: number): string {
  return `The gateway request took longer than ${requestTimeoutMs} ms (gateway.request_timeout_ms); the upstream request was stopped`;
}

/** 504 ACODE-GTW-005 in the route's shape: the request outlived `gateway.request_timeout_ms`. */
export function deadlineExceeded(wire: GatewayWire, requestTimeoutMs: number, headers: Readonly<Record<string, string>>): HostResponse {
  return gatewayError(wire, { status: 504, code: ERROR_CODES.GATEWAY_DEADLINE, message: deadlineMessage(requestTimeoutMs), type: 'timeout', headers });
}
