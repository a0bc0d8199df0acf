import { ERROR_CODES, type ErrorCode, type ToolCallError } from '@acode/domain';
import { AcodeException } from './acode-exception.js';

/** What every tool-call exception carries (002 FR-074..076). */
export interface ToolCallExceptionDetails {
  /** The response data as the server sent it (or the part of it that failed). */
  readonly originalResponse: unknown;
  /** Attempts made, the first included. */
  readonly attemptCount: number;
  /** Correlation id of the operation. */
  readonly correlationId: string;
  /** The call errors behind the exception. */
  readonly errors: readonly ToolCallError[];
}

/** Base of the tool-call exceptions. */
export abstract class ToolCallException extends AcodeException {
  readonly originalResponse: unknown;
  readonly attemptCount: number;
  readonly correlationId: string;
  readonly errors: readonly ToolCallError[];

  protected constructor(code: ErrorCode, message: string, details: ToolCallExceptionDetails) {
    super(code, message);
    this.originalResponse = details.originalResponse;
    this.attemptCount = details.attemptCount;
    this.correlationId = details.correlationId;
    this.errors = details.errors;
  }
}

/** A call's arguments could not be parsed, even after repair (ACODE-TLP-001/002/003/007/008/009). */
export class ToolCallParseException extends ToolCallException {
  constructor(message: string, details: ToolCallExceptionDetails, code: ErrorCode = details.errors[0]?.code ?? ERROR_CODES.TOOL_CALL_INVALID_JSON) {
    super(code, message, details);
  }
}

/** A call's arguments parsed but failed the tool's schema (ACODE-TLP-004) or named an unknown tool (ACODE-TLP-005). */
export class ToolCallValidationException extends ToolCallException {
  constructor(message: string, details: ToolCallExceptionDetails, code: ErrorCode = details.errors[0]?.code ?? ERROR_CODES.TOOL_CALL_SCHEMA_INVALID) {
    super(code, message, details);
  }
}

/** The model could not produce a valid call within `max_retries` attempts (ACODE-TLP-006). */
export class ToolCallRetryExhaustedException extends ToolCallException {
  /** The tool the failing call named. */
  readonly toolName: string;
  /** The last error seen. */
  readonly lastError: ToolCallError | undefined;

  constructor(toolName: string, details: ToolCallExceptionDetails) {
    super(
      ERROR_CODES.TOOL_CALL_RETRIES_EXHAUSTED,
      `Unable to complete tool call '${toolName}' after ${details.attemptCount} attempts`,
      details,
    );
    this.toolName = toolName;
    this.lastError = details.errors[details.errors.length - 1];
  }
}
