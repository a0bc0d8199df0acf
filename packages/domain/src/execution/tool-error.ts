import type { JsonObject } from '../json-value.js';
import { isToolErrorType, type ToolErrorType } from './tool-error-type.js';

/** Options of a {@link ToolError}. */
export interface ToolErrorOptions {
  readonly retryable?: boolean;
  readonly partialSideEffects?: boolean;
  readonly idempotencyRequired?: boolean;
  readonly suggestion?: string;
  readonly details?: JsonObject;
}

/**
 * An expected failure a handler throws (003): the executor turns it into the envelope's `error`
 * with its type kept. Anything else a handler throws becomes `INTERNAL`.
 *
 * Recognised by shape as well as by class ({@link isToolErrorLike}), so a handler that cannot
 * import this package (a plain `handler.js`), or one run in a child process, can still throw one.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly type: ToolErrorType;
  readonly retryable: boolean;
  readonly partialSideEffects: boolean;
  readonly idempotencyRequired: boolean;
  readonly suggestion?: string;
  readonly details?: JsonObject;

  constructor(type: ToolErrorType, message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.type = type;
    this.retryable = options.retryable ?? false;
    this.partialSideEffects = options.partialSideEffects ?? false;
    this.idempotencyRequired = options.idempotencyRequired ?? false;
    if (options.suggestion !== undefined) this.suggestion = options.suggestion;
    if (options.details !== undefined) this.details = options.details;
  }
}

/** The fields a thrown value must have to count as a {@link ToolError}. */
export interface ToolErrorLike {
  readonly name: 'ToolError';
  readonly type: ToolErrorType;
  readonly message: string;
  readonly retryable?: unknown;
  readonly partialSideEffects?: unknown;
  readonly idempotencyRequired?: unknown;
  readonly suggestion?: unknown;
  readonly details?: unknown;
}

/** True for a `ToolError` instance or any object with `name: 'ToolError'`, a known `type` and a string `message`. */
export function isToolErrorLike(value: unknown): value is ToolErrorLike {
  if (value instanceof ToolError) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate['name'] === 'ToolError' && isToolErrorType(candidate['type']) && typeof candidate['message'] === 'string';
}
