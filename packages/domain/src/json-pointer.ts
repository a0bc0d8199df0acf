/** Escapes one reference token of a JSON Pointer (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Appends reference tokens to a JSON Pointer (RFC 6901), escaping each, so a property named
 * `a/b` stays one token.
 */
export function appendPointer(pointer: string, ...tokens: ReadonlyArray<string | number>): string {
  let result = pointer;
  for (const token of tokens) result += `/${escapePointerToken(String(token))}`;
  return result;
}
