import { randomUUID } from 'node:crypto';

/** Prefix of generated call ids (002 FR-013). */
export const CALL_ID_PREFIX = 'call_';

/** Longest server id kept; a longer one is replaced, so a hostile id cannot bloat results and logs. */
export const MAX_CALL_ID_LENGTH = 128;

/** Printable ASCII without spaces: what every server's ids look like, and safe in a log line. */
const SANE_ID = /^[\x21-\x7e]+$/;

/** A new id: `call_` and 24 hex digits from a random UUID (96 random bits). */
export function generateCallId(): string {
  return CALL_ID_PREFIX + randomUUID().replaceAll('-', '').slice(0, 24);
}

/**
 * The id of each call, in the order given: the server's id when it is a sane string (non-empty,
 * at most {@link MAX_CALL_ID_LENGTH} printable ASCII characters) not already used by an earlier
 * call of the response, otherwise a generated one. On a duplicate the first call keeps the id and
 * later ones get new ids: the first is the one a server's later messages most likely refer to,
 * and a tool result must answer exactly one call.
 */
export function assignCallIds(serverIds: readonly unknown[]): string[] {
  const used = new Set<string>();
  return serverIds.map((id) => {
    let assigned = typeof id === 'string' && id.length <= MAX_CALL_ID_LENGTH && SANE_ID.test(id) && !used.has(id) ? id : generateCallId();
    while (used.has(assigned)) assigned = generateCallId();
    used.add(assigned);
    return assigned;
  });
}
