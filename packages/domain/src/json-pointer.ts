/**
 * Appends reference tokens to a JSON Pointer (RFC 6901), escaping `~` as `~0` and `/` as `~1`,
 * so a property named `a/b` stays one token.
 */
export function appendPointer(pointer: string, ...tokens: ReadonlyArray<string | number>): string {
  let result = pointer;
  for (const token of tokens) result += `/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return result;
}
