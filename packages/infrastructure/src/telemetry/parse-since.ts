import { ERROR_CODES } from '@acode/domain';
import { parseIsoInstant } from './parse-iso-instant.js';

/** Result of {@link parseSince}: the instant, or why the text was refused. */
export type SinceParsing =
  | { readonly ok: true; readonly since: string }
  | { readonly ok: false; readonly error: { readonly code: typeof ERROR_CODES.CLI_USAGE; readonly message: string } };

/** Milliseconds of each duration unit `--since` accepts. */
const UNIT_MS: Readonly<Record<string, number>> = Object.freeze({ s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 });

/** `24h`, `7d`, `30m`, `90s`, `2w`: a positive whole number and one unit, nothing else. */
const DURATION = /^([1-9]\d{0,5})([smhdw])$/;

/** Longest text quoted back in an error message. */
const MAX_QUOTED_LENGTH = 40;

/**
 * Reads a `--since` value: a duration back from `now` (`24h`, `7d`, `30m`, `90s`, `2w`) or an
 * ISO 8601 date or date-time (`2025-01-15`, `2025-01-15T14:00:00Z`; UTC when it has no offset).
 * Returns the instant as an ISO string, or an ACODE-CLI-001 error naming the accepted forms.
 */
export function parseSince(text: string, now: Date): SinceParsing {
  const trimmed = text.trim();
  const duration = DURATION.exec(trimmed);
  if (duration !== null) {
    const [, amount = '', unit = ''] = duration;
    const start = new Date(now.getTime() - Number(amount) * (UNIT_MS[unit] ?? 0));
    // Six digits of weeks reach past the dates a Date can hold (or ISO 8601 years can write).
    if (Number.isFinite(start.getTime()) && start.getUTCFullYear() >= 0 && start.getUTCFullYear() <= 9999) return { ok: true, since: start.toISOString() };
  }
  const instant = duration === null ? parseIsoInstant(trimmed) : undefined;
  if (instant !== undefined) return { ok: true, since: instant };
  return {
    ok: false,
    error: {
      code: ERROR_CODES.CLI_USAGE,
      message: `--since ${quote(text)} is not a duration or a date: use a whole number with s, m, h, d or w (24h, 7d, 30m) or an ISO 8601 date (2025-01-15, 2025-01-15T14:00:00Z).`,
    },
  };
}

function quote(text: string): string {
  const shown = text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text;
  return JSON.stringify(shown);
}
