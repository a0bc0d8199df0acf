import { parsePointer } from '../schema/json-pointer.js';

/** Longest property name or label quoted in a message. */
export const MAX_DISPLAYED_NAME_LENGTH = 64;

/**
 * Longest JSON Pointer put in an error's `path`. A pointer is only as long as the property names
 * in it, which come from the model; an error list has a budget (10 KB, 000), so a pointer past
 * this length is cut with `…` and no longer resolves.
 */
export const MAX_PATH_LENGTH = 256;

/**
 * Cuts `text` to at most `max` characters, the last being `…` when cut, without splitting a
 * surrogate pair.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Makes a name from the model safe to embed in a one-line message: control characters, quotes,
 * backslashes and unpaired surrogates are escaped, and the result is cut to
 * {@link MAX_DISPLAYED_NAME_LENGTH}.
 */
export function safeText(text: string, max = MAX_DISPLAYED_NAME_LENGTH): string {
  // Cut first, so escaping never runs over a 1 MiB name.
  const cut = truncate(text, max);
  return cut.replace(UNSAFE_CHARACTERS, (char) => {
    if (char === "'") return "\\'";
    if (char === '\\') return '\\\\';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029'\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `'name'`, safely escaped and cut. */
export function quoteName(name: string): string {
  return `'${safeText(name)}'`;
}

/**
 * How a message refers to the value at a JSON Pointer: `the arguments` for the root, the quoted
 * property name at the top level (`'path'`), the slash-joined names below it (`'options/depth'`).
 */
export function describeLocation(pointer: string): string {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return quoteName(pointer);
  if (tokens.length === 0) return 'the arguments';
  return quoteName(tokens.join('/'));
}

/** The last reference token of a pointer (the property name or index), or `undefined` at the root. */
export function lastToken(pointer: string): string | undefined {
  const tokens = parsePointer(pointer);
  return tokens === undefined ? undefined : tokens[tokens.length - 1];
}

/** The pointer of the containing value: `/a/b` → `/a`, `/a` → `` (undefined at the root). */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  const slash = pointer.lastIndexOf('/');
  return slash < 0 ? undefined : pointer.slice(0, slash);
}

/** Bounds a pointer for an error's `path` (see {@link MAX_PATH_LENGTH}). */
export function boundedPath(pointer: string): string {
  return truncate(pointer, MAX_PATH_LENGTH);
}
