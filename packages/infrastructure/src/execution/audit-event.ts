import { isPlainObject, type JsonObject } from '@acode/domain';
import { findJsonProblem } from './find-json-problem.js';
import { jsonByteLength } from './limit-output.js';

/** What an audit event name may be: 1 to 64 characters of `[a-z0-9_.-]`. */
export const AUDIT_EVENT_NAME_PATTERN = /^[a-z0-9_.-]{1,64}$/;
/** Largest audit `data`, as UTF-8 bytes of JSON; larger data is replaced by a note. */
export const MAX_AUDIT_DATA_BYTES = 4096;
/** Audit events kept per run; later ones are dropped, so a looping handler cannot flood the log. */
export const MAX_AUDIT_EVENTS_PER_RUN = 100;
/** The name an event with an invalid name is logged under. */
export const INVALID_AUDIT_EVENT_NAME = 'audit.invalid_event';

/** An audit event made safe to log. */
export interface AuditEvent {
  readonly event: string;
  readonly data: JsonObject;
}

/**
 * Makes what a handler passed to `context.audit.log` safe to write: an invalid name becomes
 * {@link INVALID_AUDIT_EVENT_NAME}, and data that is not a JSON object of at most
 * {@link MAX_AUDIT_DATA_BYTES} bytes is replaced by a `note` saying why (the event itself is kept,
 * so the log still shows the handler tried). Never throws.
 */
export function sanitizeAuditEvent(event: unknown, data: unknown): AuditEvent {
  const name = typeof event === 'string' && AUDIT_EVENT_NAME_PATTERN.test(event) ? event : INVALID_AUDIT_EVENT_NAME;
  const nameNote = name === event ? undefined : 'event name must be 1 to 64 characters of [a-z0-9_.-]';
  let dataNote = findAuditDataProblem(data);
  let copy: JsonObject = {};
  if (dataNote === undefined && data !== undefined) {
    // Copied once (the handler may change its object after logging it), and the copy checked
    // again: a getter that answers differently on a second read cannot pass the size bound.
    try {
      copy = JSON.parse(JSON.stringify(data)) as JsonObject;
      dataNote = findAuditDataProblem(copy);
    } catch {
      dataNote = 'audit data dropped: could not be read';
    }
  }
  if (nameNote === undefined && dataNote === undefined) return { event: name, data: copy };
  return { event: name, data: { note: [nameNote, dataNote].filter((note) => note !== undefined).join('; ') } };
}

function findAuditDataProblem(data: unknown): string | undefined {
  if (data === undefined) return undefined;
  try {
    if (!isPlainObject(data)) return 'audit data dropped: not a plain object';
    const problem = findJsonProblem(data);
    if (problem !== undefined) return `audit data dropped: not JSON (${problem})`;
    const bytes = jsonByteLength(data as JsonObject);
    return bytes > MAX_AUDIT_DATA_BYTES ? `audit data dropped: ${bytes} bytes, more than ${MAX_AUDIT_DATA_BYTES}` : undefined;
  } catch {
    return 'audit data dropped: could not be read';
  }
}
