const UNIT_NAMES: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  s: ['Second', 'Seconds'],
  m: ['Minute', 'Minutes'],
  h: ['Hour', 'Hours'],
  d: ['Day', 'Days'],
  w: ['Week', 'Weeks'],
});

/**
 * How 002's `providers stats` heading names a `--since` window: `24h` is `Last 24 Hours`, `1d`
 * is `Last Day`; a date (already checked, given as the instant it means) is `Since <instant>`.
 */
export function sinceLabel(text: string, instant: string): string {
  const match = /^([1-9][0-9]*)([smhdw])$/.exec(text.trim());
  const names = match === null ? undefined : UNIT_NAMES[match[2] ?? ''];
  if (match === null || names === undefined) return `Since ${instant}`;
  const count = Number(match[1]);
  return count === 1 ? `Last ${names[0]}` : `Last ${match[1]} ${names[1]}`;
}
