/** A query parameter read with the host's rules, or why it was refused. */
export type QueryParameterResult =
  | { readonly ok: true; readonly value: string | undefined }
  | { readonly ok: false; readonly message: string };

/** Longest query value accepted: versions, ranges and categories are short. */
export const MAX_QUERY_VALUE_LENGTH = 64;

/**
 * Reads an optional query parameter that may appear at most once, non-empty and at most
 * {@link MAX_QUERY_VALUE_LENGTH} characters. Repeating it is refused rather than guessing
 * which one was meant.
 */
export function readQueryParameter(query: URLSearchParams, name: string): QueryParameterResult {
  const values = query.getAll(name);
  if (values.length === 0) return { ok: true, value: undefined };
  if (values.length > 1) return { ok: false, message: `Query parameter '${name}' may be given once` };
  const [value = ''] = values;
  if (value.trim() === '') return { ok: false, message: `Query parameter '${name}' must not be empty` };
  if (value.length > MAX_QUERY_VALUE_LENGTH) {
    return { ok: false, message: `Query parameter '${name}' is longer than ${MAX_QUERY_VALUE_LENGTH} characters` };
  }
  return { ok: true, value };
}
