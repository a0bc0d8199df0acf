import type { IToolSession } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { HostExecution } from '../execution/host-execution.js';
import type { HostSessions } from '../execution/host-sessions.js';
import { hostError } from '../http/host-error.js';
import type { HostResponse } from '../http/host-response.js';

/** A session as the host shows it: id, mode, pinned registry version, turn count and state. */
export function sessionView(session: IToolSession): Record<string, unknown> {
  return {
    id: session.id,
    mode: session.mode,
    registry_version: session.registryVersion,
    retrieval_calls_this_turn: session.retrievalCallsThisTurn,
    state: session.state.snapshot(),
  };
}

/** Longest session id echoed in a 404. */
const MAX_SHOWN_ID_LENGTH = 64;

/** The session table, or the 503 saying why the host cannot execute tools. */
export function sessionsOr503(execution: HostExecution | undefined, correlationId: string): { ok: true; sessions: HostSessions } | { ok: false; response: HostResponse } {
  if (execution === undefined) {
    return { ok: false, response: hostError(503, 'This host does not execute tools', correlationId, { code: ERROR_CODES.TOOL_REGISTRY_ARTIFACT_INVALID }) };
  }
  const sessions = execution.sessions();
  if (!sessions.ok) return { ok: false, response: hostError(503, sessions.error.message, correlationId, { code: sessions.error.code }) };
  return { ok: true, sessions: sessions.value };
}

/** The session named by the route's `{id}`, or the 404 (ACODE-HST-004). */
export function sessionOr404(sessions: HostSessions, id: string, correlationId: string): { ok: true; session: IToolSession } | { ok: false; response: HostResponse } {
  const session = sessions.get(id);
  if (session !== undefined) return { ok: true, session };
  const shown = id.length <= MAX_SHOWN_ID_LENGTH ? id : `${id.slice(0, MAX_SHOWN_ID_LENGTH)}…`;
  return {
    ok: false,
    response: hostError(404, `No session '${JSON.stringify(shown).slice(1, -1)}': open one with POST /v1/sessions (sessions expire after an hour idle)`, correlationId, {
      code: ERROR_CODES.HOST_SESSION_NOT_FOUND,
    }),
  };
}

/** The session named by the route's `{id}` and its table, or the 503 or 404 that answers instead. */
export function requestedSession(
  request: { readonly params: Readonly<Record<string, string>>; readonly correlationId: string },
  execution: HostExecution | undefined,
): { ok: true; sessions: HostSessions; session: IToolSession } | { ok: false; response: HostResponse } {
  const available = sessionsOr503(execution, request.correlationId);
  if (!available.ok) return available;
  const found = sessionOr404(available.sessions, request.params['id'] ?? '', request.correlationId);
  return found.ok ? { ok: true, sessions: available.sessions, session: found.session } : found;
}
