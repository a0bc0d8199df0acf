import { canonicalJsonText, type ConfirmationRequest, type JsonObject } from '@acode/domain';
import type { ConfirmationBinding, ConfirmationCheck } from '../tool-execution-store.js';
import { deny, allow, type AdmissionCall, type PolicyEnvironment, type PolicyVerdict, type ToolCallPolicy } from './tool-call-policy.js';

/** Longest argument text shown in a confirmation preview, in characters. */
export const MAX_CONFIRMATION_PREVIEW_ARGS = 200;

/** Tokens longer than this cannot be ours; refused without asking the store. */
export const MAX_CONFIRMATION_TOKEN_LENGTH = 256;

const REFUSAL_MESSAGES: Readonly<Record<Exclude<ConfirmationCheck, 'accepted'>, string>> = Object.freeze({
  unknown: 'The confirmation token is not known',
  used: 'The confirmation token was already used',
  expired: 'The confirmation token has expired',
  mismatch: 'The confirmation token was issued for another tool or other arguments',
});

/**
 * 003's confirmation contract for tools with `requiresConfirmation`: without a token the call is
 * answered with `CONFIRMATION_REQUIRED` and a new token; a token runs the call only when the store
 * accepts it for this session, tool and exact arguments, once, before it expires. Any other token
 * gets the reason and a fresh request, so the user can confirm again.
 */
export const confirmationPolicy: ToolCallPolicy<AdmissionCall> = {
  name: 'confirmation',
  check(call, environment) {
    if (call.definition.requiresConfirmation !== true) return allow(call);
    const binding: ConfirmationBinding = { sessionId: call.session.id, tool: call.definition.name, argsCanonical: canonicalJsonText(call.args) };
    if (call.confirmationToken === undefined) {
      return requestConfirmation(call, binding, environment, `Tool ${call.definition.name} needs the user's confirmation before it runs`);
    }
    const check = presentToken(call.confirmationToken, binding, environment);
    if (check === 'accepted') return allow(call);
    return requestConfirmation(call, binding, environment, `${REFUSAL_MESSAGES[check]}; confirm the new request to run ${call.definition.name}`, check);
  },
};

function presentToken(token: unknown, binding: ConfirmationBinding, { store, wallClock }: PolicyEnvironment): ConfirmationCheck {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_CONFIRMATION_TOKEN_LENGTH) return 'unknown';
  return store.consumeConfirmation(token, binding, wallClock.nowEpochMs());
}

function requestConfirmation(
  call: AdmissionCall,
  binding: ConfirmationBinding,
  { store, ids, wallClock, policy }: PolicyEnvironment,
  message: string,
  reason?: Exclude<ConfirmationCheck, 'accepted'>,
): PolicyVerdict<AdmissionCall> {
  const token = ids.secretToken();
  const createdAtMs = wallClock.nowEpochMs();
  const expiresAtMs = createdAtMs + policy.confirmationTtlMs;
  store.saveConfirmation({ ...binding, token, createdAtMs, expiresAtMs });
  const request: ConfirmationRequest = {
    tool: call.definition.name,
    args: call.args,
    preview: confirmationPreview(call.definition.name, call.args),
    confirmation_token: token,
    expires_at: new Date(expiresAtMs).toISOString(),
  };
  return deny({
    type: 'CONFIRMATION_REQUIRED',
    message,
    retryable: false,
    suggestion: 'Ask the user to approve, then send the same call with the confirmation token',
    ...(reason === undefined ? {} : { details: { reason } }),
    confirmation_request: request,
  });
}

/** One line for the person confirming: the tool and its arguments as compact JSON, cut to ~200 characters. */
export function confirmationPreview(tool: string, args: JsonObject): string {
  const text = canonicalJsonText(args);
  const shown = text.length > MAX_CONFIRMATION_PREVIEW_ARGS ? `${text.slice(0, MAX_CONFIRMATION_PREVIEW_ARGS)}…` : text;
  return `${tool} ${shown}`;
}
