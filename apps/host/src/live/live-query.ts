import { parseSince } from '@acode/infrastructure/telemetry';

/** A query value read, or the sentence saying why it was refused. */
export type LiveQueryResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The period the live view shows when the request names none. */
export const DEFAULT_PERIOD = '1h';

/** Furthest back a period may start: a year (366 days, so `52w`, `365d` and a date a year ago fit). */
export const MAX_PERIOD_MS = 366 * 86_400_000;

/** Calls listed when the request asks no number; and the most it may ask. */
export const DEFAULT_CALLS_LIMIT = 50;
export const MAX_CALLS_LIMIT = 500;

/** Longest model name a query may name. */
const MAX_MODEL_LENGTH = 256;

/** Longest value quoted back in a message. */
const MAX_QUOTED = 40;

/**
 * `since`: a duration back from `now` (`15m`, `1h`, `24h`, `7d`) or an ISO 8601 date or
 * date-time; {@link DEFAULT_PERIOD} when absent. Returns the instant, ISO 8601.
 */
export function readSince(query: URLSearchParams, now: Date): LiveQueryResult<string> {
  const single = readSingle(query, 'since', 64);
  if (!single.ok) return single;
  const parsed = parseSince(single.value ?? DEFAULT_PERIOD, now);
  if (parsed.ok) {
    // A period must lie within the telemetry the view reads: not ahead of now, at most a year back.
    const since = Date.parse(parsed.since);
    if (since > now.getTime()) return { ok: false, message: `Query parameter 'since' ${quote(single.value ?? '')} is in the future: the period must start before now` };
    if (now.getTime() - since > MAX_PERIOD_MS) return tooFarBack(single.value ?? '');
    return { ok: true, value: parsed.since };
  }
  // A duration so long no date can hold its start.
  if (/^\s*[1-9]\d*[smhdw]\s*$/.test(single.value ?? '')) return tooFarBack(single.value ?? '');
  return {
    ok: false,
    message: `Query parameter 'since' ${quote(single.value ?? '')} is not a duration or a date: use a whole number with s, m, h, d or w (15m, 1h, 24h, 7d) or an ISO 8601 date-time (2025-01-15T14:00:00Z)`,
  };
}

function tooFarBack(text: string): LiveQueryResult<never> {
  return { ok: false, message: `Query parameter 'since' ${quote(text)} reaches back more than a year: the live view shows at most the last 366 days` };
}

/** `model`: one model's calls only; all when absent. */
export function readModel(query: URLSearchParams): LiveQueryResult<string | undefined> {
  return readSingle(query, 'model', MAX_MODEL_LENGTH);
}

/** `limit`: a whole number from 1 to {@link MAX_CALLS_LIMIT}; {@link DEFAULT_CALLS_LIMIT} when absent. */
export function readLimit(query: URLSearchParams): LiveQueryResult<number> {
  const single = readSingle(query, 'limit', 16);
  if (!single.ok) return single;
  if (single.value === undefined) return { ok: true, value: DEFAULT_CALLS_LIMIT };
  const limit = /^\d{1,6}$/.test(single.value) ? Number(single.value) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_CALLS_LIMIT)) return { ok: false, message: `Query parameter 'limit' must be a whole number from 1 to ${MAX_CALLS_LIMIT}, not ${quote(single.value)}` };
  return { ok: true, value: limit };
}

/** A call id from the path: a whole number ≥ 1. */
export function readCallId(text: string): LiveQueryResult<number> {
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id)) return { ok: false, message: `A call id is a whole number ≥ 1, not ${quote(text)}` };
  return { ok: true, value: id };
}

/** An optional parameter given at most once, non-empty, at most `maxLength` characters. */
function readSingle(query: URLSearchParams, name: string, maxLength: number): LiveQueryResult<string | undefined> {
  const values = query.getAll(name);
  if (values.length === 0) return { ok: true, value: undefined };
  if (values.length > 1) return { ok: false, message: `Query parameter '${name}' may be given once` };
  const [value = ''] = values;
  if (value.trim() === '') return { ok: false, message: `Query parameter '${name}' must not be empty` };
  if (value.length > maxLength) return { ok: false, message: `Query parameter '${name}' is longer than ${maxLength} characters` };
  return { ok: true, value };
}

function quote(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);
}
