import {
  ERROR_CODES,
  MAX_TOOL_NAME_LENGTH,
  toErrorEnvelope,
  type ErrorCode,
  type ToolValidationFailure,
} from '@acode/domain';
import { jsonResponse, type HostResponse } from '../http/host-response.js';

/**
 * A requested tool name as it may be echoed back: cut to the longest valid name, so a hostile
 * path cannot make the host reflect kilobytes of its own text.
 */
export function echoToolName(name: string): string {
  return name.length <= MAX_TOOL_NAME_LENGTH ? name : `${name.slice(0, MAX_TOOL_NAME_LENGTH)}…`;
}

/**
 * HTTP status of a failed validation, by its first error: unknown tool 404, unparseable
 * arguments or a malformed version range 400, everything else (schema errors, nesting past the limit) 422.
 */
export function statusOfFailure(failure: ToolValidationFailure): number {
  switch (failure.errors[0]?.code) {
    case ERROR_CODES.UNKNOWN_TOOL:
      return 404;
    case ERROR_CODES.INVALID_JSON:
    case ERROR_CODES.INVALID_VERSION_RANGE:
      return 400;
    default:
      return 422;
  }
}

/** The envelope response of a failed validation, with the status {@link statusOfFailure} picks. */
export function failureResponse(failure: ToolValidationFailure, status = statusOfFailure(failure)): HostResponse {
  return jsonResponse(status, toErrorEnvelope(failure));
}

/**
 * An envelope for a request the host refused before the registry saw it (wrong media type,
 * body too large), so a client of the validate route always gets one shape of failure.
 */
export function refusedRequestEnvelope(
  status: number,
  failure: { tool: string; code: ErrorCode; message: string; suggestion: string; correlationId: string },
): HostResponse {
  return failureResponse(
    {
      success: false,
      tool: echoToolName(failure.tool),
      errors: [{ path: '', code: failure.code, message: failure.message, suggestion: failure.suggestion }],
      correlationId: failure.correlationId,
    },
    status,
  );
}
