/**
 * Makes untrusted text safe to print on a terminal. Tool names, descriptions and messages can
 * come from configuration files or from the command line itself; a control character in them
 * could move the cursor or rewrite earlier output, so every one is shown escaped instead.
 */
export function escapeControlCharacters(text: string): string {
  // C0 controls, DEL, C1 controls, and the line/paragraph separators some terminals honour.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => {
    switch (char) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

/**
 * Shortens `text` to at most `max` characters (code points, so a surrogate pair is never cut in
 * half), ending with `…` when something was cut.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 0) return '';
  return chars.slice(0, max - 1).join('') + '…';
}

/** Length in code points: what the table layout counts. */
export function displayLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** Longest tool name shown as typed by the user before it is cut (a 64-character name fits). */
const MAX_SHOWN_NAME_LENGTH = 80;

/**
 * A name as the user typed it, fit for one line of output: control characters escaped and cut
 * to {@link MAX_SHOWN_NAME_LENGTH}, so a hostile 10 000-character argument cannot flood the
 * terminal.
 */
export function displayName(name: string): string {
  const escaped = escapeControlCharacters(name);
  const length = displayLength(escaped);
  if (length <= MAX_SHOWN_NAME_LENGTH) return escaped;
  return `${truncate(escaped, MAX_SHOWN_NAME_LENGTH)} (${length} characters)`;
}

/** Longest message line shown; messages quote user input, which may be huge. */
const MAX_SHOWN_MESSAGE_LENGTH = 500;

/** A message from the registry or configuration, safe and bounded for one line of output. */
export function displayMessage(message: string): string {
  return truncate(escapeControlCharacters(message), MAX_SHOWN_MESSAGE_LENGTH);
}

/** Collapses runs of whitespace (descriptions written as YAML block text) to one space. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Lines as output text: each ending with a newline; empty for none. */
export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/**
 * Multi-line text from a file (a tool's `doc.md`) made safe to print: line breaks and tabs kept,
 * every other control character escaped as {@link escapeControlCharacters} does.
 */
export function displayDocument(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.split('\t').map(escapeControlCharacters).join('\t'))
    .join('\n');
}

/**
 * JSON for a terminal: `JSON.stringify` already escapes C0 controls, but not DEL, the C1
 * controls (U+009B starts an escape sequence on some terminals) or U+2028/2029. They can only
 * occur inside strings, where the `\u` escape of a character is the same value, so the text stays valid JSON
 * that parses to the same thing.
 */
export function safeJson(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(/[\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
