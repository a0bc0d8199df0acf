/** The path and query of a request, decoded. */
export interface RequestTarget {
  /** Decoded path segments: `/v1/tools/file_read` is `['v1', 'tools', 'file_read']`. */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
}

/** Why a request target was refused. */
export type RequestTargetResult =
  | { readonly ok: true; readonly target: RequestTarget }
  | { readonly ok: false; readonly status: 400 | 414; readonly message: string };

/** Longest request target served; the routes need a few dozen characters. */
export const MAX_REQUEST_TARGET_LENGTH = 2048;

/**
 * Parses the request target of an HTTP request. Only origin-form (`/path?query`) is served;
 * each path segment is percent-decoded on its own, so `%2F` stays inside a tool name instead
 * of creating a route, and bad percent-encoding is a 400 rather than a thrown `URIError`.
 */
export function parseRequestTarget(raw: string | undefined): RequestTargetResult {
  if (raw === undefined || !raw.startsWith('/')) {
    return { ok: false, status: 400, message: 'The request target must be a path starting with /' };
  }
  if (raw.length > MAX_REQUEST_TARGET_LENGTH) {
    return { ok: false, status: 414, message: `The request target is longer than ${MAX_REQUEST_TARGET_LENGTH} characters` };
  }
  const queryStart = raw.indexOf('?');
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : raw.slice(queryStart + 1));
  const segments: string[] = [];
  for (const encoded of path.slice(1).split('/')) {
    try {
      segments.push(decodeURIComponent(encoded));
    } catch {
      return { ok: false, status: 400, message: 'The request path has malformed percent-encoding' };
    }
  }
  return { ok: true, target: { segments, query } };
}
