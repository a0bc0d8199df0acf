import type { ToolContractWarning } from '@acode/infrastructure/gateway';

/** Most warnings one `x-acode-warnings` header lists; the rest are counted in a last entry. */
export const MAX_HEADER_WARNINGS = 16;

/** Most bytes the header takes, well inside what HTTP clients read (Node's fetch stops at 16 KiB for all headers). */
export const MAX_HEADER_BYTES = 4096;

/** Longest field and message kept per warning, in code points (the log line has them whole). */
const MAX_FIELD_LENGTH = 120;
const MAX_MESSAGE_LENGTH = 300;

/**
 * The `x-acode-warnings` header of a request whose tools were taken despite problems: a JSON
 * array of strings, `"<code> <field>: <message>"`, ASCII only (anything else escaped as `\\uXXXX`,
 * so a header carries any tool name safely, line breaks included), each field and message cut at
 * a code point, at most {@link MAX_HEADER_WARNINGS} entries and {@link MAX_HEADER_BYTES} bytes; a
 * last entry then says how many more the host log holds. `undefined` when there is nothing to say.
 */
export function toolWarningsHeader(warnings: readonly ToolContractWarning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const shown: string[] = [];
  for (const found of warnings) {
    const entry = `${found.code} ${cut(found.field, MAX_FIELD_LENGTH)}: ${cut(found.message, MAX_MESSAGE_LENGTH)}`;
    // Room kept for the closing entry, so the cap holds whatever is left out.
    if (shown.length === MAX_HEADER_WARNINGS || asciiJson([...shown, entry, moreEntry(warnings.length)]).length > MAX_HEADER_BYTES) break;
    shown.push(entry);
  }
  if (shown.length < warnings.length) shown.push(moreEntry(warnings.length - shown.length));
  return asciiJson(shown);
}

function moreEntry(count: number): string {
  return `${count} more warning(s) in the host log`;
}

/** At most `max` code points, never half of a surrogate pair. */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}

/** JSON with every character outside printable ASCII escaped: valid in an HTTP header. */
function asciiJson(value: readonly string[]): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
