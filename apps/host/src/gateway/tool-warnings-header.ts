import type { ToolContractWarning } from '@acode/infrastructure/gateway';

/** Most warnings one `x-acode-warnings` header lists; the rest are counted in a last entry. */
export const MAX_HEADER_WARNINGS = 16;

/** Longest message kept per warning in the header (the log line has them whole). */
const MAX_MESSAGE_LENGTH = 300;

/**
 * The `x-acode-warnings` header of a request whose tools were taken despite problems: a JSON
 * array of strings, `"<code> <field>: <message>"`, ASCII only (anything else escaped as `\\uXXXX`,
 * so a header carries any tool name safely), at most {@link MAX_HEADER_WARNINGS} entries, the
 * last then saying how many more the host log holds. `undefined` when there is nothing to say.
 */
export function toolWarningsHeader(warnings: readonly ToolContractWarning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const shown = warnings.slice(0, MAX_HEADER_WARNINGS).map((found) => `${found.code} ${found.field}: ${cut(found.message)}`);
  if (warnings.length > MAX_HEADER_WARNINGS) shown.push(`${warnings.length - MAX_HEADER_WARNINGS} more warning(s) in the host log`);
  return asciiJson(shown);
}

function cut(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

/** JSON with every character outside printable ASCII escaped: valid in an HTTP header. */
function asciiJson(value: readonly string[]): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
