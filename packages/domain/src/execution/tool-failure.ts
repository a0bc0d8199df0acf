import type { JsonObject } from '../json-value.js';
import type { ConfirmationRequest } from './confirmation-request.js';
import type { ToolErrorType } from './tool-error-type.js';

/** The `error` of a failed {@link ToolResponse}: what went wrong and what the caller may do. */
export interface ToolFailure {
  /** Classification the orchestrator recovers by. */
  readonly type: ToolErrorType;
  /** One sentence for the model and the user. Never a stack trace, never argument values of a sensitive tool. */
  readonly message: string;
  /** Whether the same call may succeed if sent again. */
  readonly retryable: boolean;
  /** True when the tool may have changed something before failing (always for `INTERNAL`). */
  readonly partialSideEffects?: boolean;
  /** True when a retry must reuse the execution id (the tool is not idempotent). */
  readonly idempotencyRequired?: boolean;
  /** What to do instead, when there is something better to say than the message. */
  readonly suggestion?: string;
  /** Structured facts: the schema errors of a `VALIDATION`, the reason a token was refused. */
  readonly details?: JsonObject;
  /** Present on `CONFIRMATION_REQUIRED`: what to confirm and the token to do it with. */
  readonly confirmation_request?: ConfirmationRequest;
}
