import type { ConfirmationBinding, ConfirmationCheck } from '@acode/application';

/** A stored token, as both stores keep it (digests only). */
export interface StoredConfirmation {
  readonly sessionId: string;
  readonly tool: string;
  readonly argsSha256: string;
  readonly expiresAtMs: number;
  readonly usedAtMs: number | null;
}

/**
 * What presenting a token finds, before it is used up. Checked in this order: a token for another
 * session, tool or arguments is a `mismatch` whatever its state (it does not belong to this call,
 * and is left unused); then `used`; then `expired` (at `expiresAtMs` exactly it is expired).
 * `accepted` means the caller may now mark it used.
 */
export function checkConfirmation(stored: StoredConfirmation | undefined, binding: ConfirmationBinding, argsSha256: string, nowEpochMs: number): ConfirmationCheck {
  if (stored === undefined) return 'unknown';
  if (stored.sessionId !== binding.sessionId || stored.tool !== binding.tool || stored.argsSha256 !== argsSha256) return 'mismatch';
  if (stored.usedAtMs !== null) return 'used';
  return nowEpochMs >= stored.expiresAtMs ? 'expired' : 'accepted';
}

/** Tokens that expired this long before a new one is saved are deleted, so the table stays small. */
export const EXPIRED_TOKEN_RETENTION_MS = 24 * 60 * 60_000;
