/**
 * Quotes user-supplied text for a message, cut to `maxLength` characters so a 10 MB name does not
 * become a 10 MB message. JSON quoting makes control characters and quotes visible.
 */
export function quoteText(text: string, maxLength = 64): string {
  const cut = [...text.slice(0, maxLength * 2)].slice(0, maxLength).join('');
  return cut.length < text.length ? `${JSON.stringify(cut)}…` : JSON.stringify(cut);
}

/** Names what a value is (`a string`, `an array`, `null`) for "got ..." in messages. */
export function describeValueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'undefined':
      return 'nothing';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : Number.isFinite(value) ? 'a number' : 'a non-finite number';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    default:
      return `a ${typeof value}`;
  }
}

/** `1000` → `1 s`, `600000` → `10 min`: a duration in the unit that reads best. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds >= 60_000 && milliseconds % 60_000 === 0) return `${milliseconds / 60_000} min`;
  if (milliseconds >= 1000 && milliseconds % 1000 === 0) return `${milliseconds / 1000} s`;
  return `${milliseconds} ms`;
}

/** `1024` → `1 KiB`, `104857600` → `100 MiB`: a size in the binary unit that reads best. */
export function formatByteSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'] as const;
  let value = bytes;
  let unit = 0;
  while (unit < units.length - 1 && value >= 1024 && value % 1024 === 0) {
    value /= 1024;
    unit++;
  }
  return `${value} ${units[unit]}`;
}

/** Counts Unicode code points, stopping once past `limit` so huge strings cost no more than `limit`. */
export function countCodePointsUpTo(text: string, limit: number): number {
  let count = 0;
  for (const _ of text) if (++count > limit) break;
  return count;
}
