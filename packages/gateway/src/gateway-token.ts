import { createHash, timingSafeEqual } from 'node:crypto';

/** A token's sha256, what {@link tokenMatches} compares against: computed once per host, not per request. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The token of an `Authorization: Bearer <token>` header; `undefined` for any other value. */
export function bearerToken(header: string | readonly string[] | undefined): string | undefined {
  return typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1] : undefined;
}

/**
 * Whether `given` is the token whose digest is `expected`. Both sides are hashed, so the
 * constant-time comparison runs over equal lengths and leaks neither the token nor its length.
 */
export function tokenMatches(given: string | undefined, expected: Buffer): boolean {
  return timingSafeEqual(tokenDigest(given ?? ''), expected) && given !== undefined;
}
