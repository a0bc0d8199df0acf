import { appendPointer, isPlainObject } from '@acode/domain';

/** Unescapes one reference token of a JSON Pointer (RFC 6901). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Splits a JSON Pointer into its unescaped reference tokens; `undefined` if it is not one. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

/**
 * Splits a URI-fragment JSON Pointer as @cfworker/json-schema writes locations (`#/a%20b/c~1d`)
 * into unescaped tokens. Malformed percent-encoding is kept as written rather than thrown on.
 */
export function parseFragmentPointer(fragment: string): string[] | undefined {
  const raw = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  return parsePointer(decoded);
}

/** Turns tokens back into a JSON Pointer. */
export function formatPointer(tokens: readonly string[]): string {
  return appendPointer('', ...tokens);
}

/** Follows a JSON Pointer into a JSON value; `undefined` when a token does not exist. */
export function resolvePointer(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isPlainObject(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}
