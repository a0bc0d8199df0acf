import { ERROR_CODES, type ErrorCode } from '@acode/domain';
import { jsonResponse, type HostResponse } from './host-response.js';

/**
 * The body of a host-level error (a bad route, method, query or an internal failure). Tool
 * failures use the model-facing envelope instead; this shape is for requests that never
 * reached a tool.
 */
export interface HostErrorBody {
  readonly error: {
    readonly code: ErrorCode;
    readonly message: string;
    readonly correlation_id: string;
    /** The values that would have been accepted, when the request named a wrong one. */
    readonly allowed_values?: readonly string[];
  };
}

/** A host error response; `message` must be safe to show (no stack, no internal names). */
export function hostError(
  status: number,
  message: string,
  correlationId: string,
  details: { code?: ErrorCode; allowedValues?: readonly string[]; headers?: Readonly<Record<string, string>> } = {},
): HostResponse {
  const body: HostErrorBody = {
    error: {
      code: details.code ?? ERROR_CODES.HOST_BAD_REQUEST,
      message,
      correlation_id: correlationId,
      ...(details.allowedValues ? { allowed_values: details.allowedValues } : {}),
    },
  };
  return jsonResponse(status, body, details.headers);
}
