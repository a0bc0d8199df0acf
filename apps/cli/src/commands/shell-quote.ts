/**
 * Quotes one word for a POSIX shell: single quotes, with each `'` written as `'\''`. Words made
 * only of safe characters are left bare, so `--confirm tok_1` stays readable.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
