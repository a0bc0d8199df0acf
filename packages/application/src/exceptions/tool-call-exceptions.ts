import { ERROR_CODES, type ErrorCode, type TokenUsage, type ToolCallError, type ToolCallParseResult } from '@acode/domain';
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

/** What a retry run had achieved when one call exhausted its attempts. */
export interface ToolCallRetryExhaustedDetails extends ToolCallExceptionDetails {
  /**
   * The response's calls that did end valid (in the model's order) and the errors of those that
   * did not, the exhausted call included; a caller may still use the valid ones.
   */
  readonly partialResult?: ToolCallParseResult;
  /** Tokens spent by every request of the operation, the first response included (002 threat 5). */
  readonly usage?: TokenUsage;
}

/**
 * The model could not produce a valid call within `max_retries` attempts (ACODE-TLP-006). The
 * message is the one 002 scenario 7 shows the user; `errors` holds every attempt's error, in order.
 */
export class ToolCallRetryExhaustedException extends ToolCallException {
  /** The tool the failing call named. */
  readonly toolName: string;
  /** The last error seen. */
  readonly lastError: ToolCallError | undefined;
  /** See {@link ToolCallRetryExhaustedDetails.partialResult}. */
  readonly partialResult: ToolCallParseResult | undefined;
  /** See {@link ToolCallRetryExhaustedDetails.usage}. */
  readonly usage: TokenUsage | undefined;

  constructor(toolName: string, details: ToolCallRetryExhaustedDetails) {
    super(
      ERROR_CODES.TOOL_CALL_RETRIES_EXHAUSTED,
      [
        `Unable to complete tool call after ${details.attemptCount} attempts.`,
        `The AI was unable to produce valid JSON for the '${toolName}' tool.`,
        'Please try rephrasing your request or use a different model.',
      ].join('\n'),
      details,
    );
    this.toolName = toolName;
    this.lastError = details.errors[details.errors.length - 1];
    this.partialResult = details.partialResult;
    this.usage = details.usage;
  }
}
