/** Header a caller may send to tie its request to its own trace; echoed on every response. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';

const SANE_CORRELATION_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The caller's correlation id when it is a sane token (at most 64 of `[A-Za-z0-9._-]`),
 * otherwise `undefined` and the host makes its own. Anything else could smuggle text into
 * logs and response headers.
 */
export function acceptedCorrelationId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SANE_CORRELATION_ID.test(header) ? header : undefined;
}
