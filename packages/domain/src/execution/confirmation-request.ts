import type { JsonObject } from '../json-value.js';

/**
 * What a `CONFIRMATION_REQUIRED` error asks the user to approve (003's confirmation contract).
 * snake_case because it is shown to the model and the user as written.
 */
export interface ConfirmationRequest {
  /** Canonical tool name. */
  readonly tool: string;
  /** The validated arguments (defaults applied) the token is bound to. */
  readonly args: JsonObject;
  /** One line saying what will happen, for the person confirming. */
  readonly preview: string;
  /** Single-use token; valid only for this tool, these arguments and this session, until `expires_at`. */
  readonly confirmation_token: string;
  /** When the token stops being accepted, ISO 8601. */
  readonly expires_at: string;
}
