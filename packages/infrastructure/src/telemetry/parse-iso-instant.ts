/**
 * `YYYY-MM-DD`, optionally `THH:MM`, `:SS`, `.fraction` and an offset (`Z`, `+HH:MM`, `-HH:MM`).
 * Strict on purpose: `Date.parse` also accepts forms such as `Jan 5` whose meaning depends on
 * the engine.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Longest text examined; an ISO instant is far shorter. */
const MAX_INSTANT_LENGTH = 64;

/**
 * The instant `text` names, as `Date.prototype.toISOString` writes it (UTC, milliseconds), or
 * `undefined` when `text` is not a strict ISO 8601 date or date-time or names a day that does not
 * exist (`2025-02-30`). A date-time without an offset is UTC, like every stored timestamp, so the
 * result does not depend on the machine's time zone.
 */
export function parseIsoInstant(text: string): string | undefined {
  if (text.length > MAX_INSTANT_LENGTH) return undefined;
  const match = ISO_INSTANT.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', offset = 'Z'] = match;
  const fields = [Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)] as const;
  const [y, mo, d, h, mi, s] = fields;
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return undefined;
  // Date.UTC rolls `2025-02-30` over into March: a day that does not come back is not a day.
  const local = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  if (new Date(local).getUTCDate() !== d) return undefined;
  const offsetMinutes = offset === 'Z' ? 0 : parseOffset(offset);
  if (offsetMinutes === undefined) return undefined;
  const instant = new Date(local - offsetMinutes * 60_000);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

function parseOffset(offset: string): number | undefined {
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
